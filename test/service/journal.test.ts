import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { INTERRUPTED_TEXT } from '../../src/main/services/journal/job-record';
import { tempDir, ticketDoc, withServices } from '../support/service-harness';

const startService = withServices();
const stored = (id: string, datos: unknown, requestedPrinter: string | null = null) => ({ id, datos, requestedPrinter, datosJson: JSON.stringify(datos) });

describe('job journal', () => {
  it('has the ticket on disk, readable by another connection, when its ack arrives', async () => {
    const service = await startService();
    service.service.queue.pause();
    const reader = new Database(path.join(service.config.dataDir, 'journal.sqlite'), { readonly: true });
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'durable-1', datos: ticketDoc('Pan 0,90 €') });
    await client.next('ack');
    const row = reader.prepare('SELECT state, datos FROM jobs WHERE id = ?').get('durable-1') as { state: string; datos: string };
    reader.close();
    expect(row.state).toBe('queued');
    expect(JSON.parse(row.datos)).toEqual(ticketDoc('Pan 0,90 €'));
  });

  it('moves a job queued → printing → success with times and the result text', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'ciclo', datos: ticketDoc() });
    const result = await client.next('result');
    const job = service.service.job('ciclo');
    expect(job).toMatchObject({ state: 'success', printerUri: 'virtual', resultText: result.mensaje });
    expect(job?.startedAt).toBeGreaterThanOrEqual(job?.createdAt ?? Infinity);
    expect(job?.finishedAt).toBeGreaterThanOrEqual(job?.startedAt ?? Infinity);
  });

  it('after a crash: jobs cut off mid-print become interrupted, jobs never started come back in order', () => {
    const file = path.join(tempDir(), 'journal.sqlite');
    const journal = new JobJournal(file);
    journal.insertMany([
      stored('a', { n: 1 }, null),
      stored('b', { n: 2 }, 'cups:Caja'),
      stored('c', { n: 3 }, null),
    ]);
    journal.markPrinting('a', 'virtual');
    journal.close();

    const reopened = new JobJournal(file);
    const { pending, interrupted } = reopened.recover();
    expect(interrupted).toBe(1);
    expect(pending.map((job) => [job.id, job.requestedPrinter])).toEqual([['b', 'cups:Caja'], ['c', null]]);
    expect(reopened.get('a')).toMatchObject({ state: 'error', resultText: INTERRUPTED_TEXT });
    reopened.close();
  });

  it('requeues a finished job for a manual reprint, and only a finished one', () => {
    const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
    journal.insertMany([stored('x', {}, null)]);
    expect(journal.requeue('x')).toBe(false);
    journal.markPrinting('x', 'virtual');
    journal.markFinished('x', 'error', INTERRUPTED_TEXT);
    expect(journal.requeue('x')).toBe(true);
    expect(journal.get('x')).toMatchObject({ state: 'queued', resultText: null, reprints: 1 });
    expect(journal.requeue('nope')).toBe(false);
    journal.close();
  });

  it('reprints an interrupted job through the queue when asked', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'otra-vez', datos: ticketDoc() });
    await client.next('result');
    expect(service.service.queue.reprint('otra-vez')).toBe(true);
    await expect.poll(() => service.service.job('otra-vez')?.state).toBe('success');
    expect(service.service.job('otra-vez')?.reprints).toBe(1);
  });

  it('copies the log into the journal file on its own thread while the service runs', async () => {
    const file = path.join(tempDir(), 'journal.sqlite');
    const journal = new JobJournal(file);
    journal.insertMany(Array.from({ length: 800 }, (_, index) => stored(`c${index}`, { text: 'x'.repeat(2_000) })));
    const before = fs.statSync(file).size;
    // 800 jobs are ~450 log pages: SQLite alone would leave them in the log until 1,000 pages or the close.
    await expect.poll(() => fs.statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before + 800 * 2_000);
    expect(journal.get('c799')?.state).toBe('queued');
    journal.close();
  });

  it('keeps the history bounded', () => {
    const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
    journal.insertMany(Array.from({ length: 10 }, (_, index) => stored(`h${index}`, {})));
    for (let index = 0; index < 10; index += 1) journal.markFinished(`h${index}`, 'success', 'Print completed in 1ms');
    expect(journal.prune(4)).toBe(6);
    expect(journal.recent(100).map((job) => job.id)).toEqual(['h9', 'h8', 'h7', 'h6']);
    journal.close();
  });
});
