import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { tempDir } from '../support/service-harness';

const stored = (id: string, datos: unknown, requestedPrinter: string | null = null) => ({ id, datos, requestedPrinter, datosJson: JSON.stringify(datos) });
const doc = (text: string) => ({ version: '1.0', commands: [{ type: 'text', data: { text } }] });

// A group commit writes its tickets with as few statements as it can (several rows each): every ticket of every size
// of batch must come back exactly as it was given, and one bad ticket must still keep its whole batch out.
describe('job journal: a group commit of many tickets', () => {
  it.each([1, 2, 31, 32, 33, 70])('stores each of %i tickets of one commit with its own document, printer and search words', (count) => {
    const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
    const jobs = Array.from({ length: count }, (_, n) => stored(`t-${n}`, doc(`Mesa ${n} café`), n % 3 === 0 ? `cocina-${n}` : null));
    journal.insertMany(jobs, 5_000);
    for (const [n, job] of jobs.entries()) {
      expect(journal.get(job.id)).toMatchObject({ id: job.id, datos: doc(`Mesa ${n} café`), requestedPrinter: job.requestedPrinter, state: 'queued', createdAt: 5_000 });
    }
    const last = count - 1;
    expect(journal.query({ query: `mesa ${last} cafe` }).jobs.map((job) => job.id)).toEqual([`t-${last}`]);
    expect(journal.recover().pending.map((job) => job.id)).toEqual(jobs.map((job) => job.id));
    journal.close();
  });

  it('stores none of a batch in which one ticket cannot be stored (an id already there)', () => {
    const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
    journal.insertMany([stored('dup', doc('first'))]);
    const batch = Array.from({ length: 40 }, (_, n) => stored(n === 35 ? 'dup' : `b-${n}`, doc(`b ${n}`)));
    expect(() => journal.insertMany(batch)).toThrow();
    expect(batch.filter((job) => job.id !== 'dup').map((job) => journal.get(job.id))).toEqual(batch.slice(1).map(() => undefined));
    expect(journal.get('dup')?.datos).toEqual(doc('first'));
    journal.close();
  });
});
