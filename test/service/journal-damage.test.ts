import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HealthResponse } from '../../src/shared/protocol';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { inspectWal } from '../../src/main/services/journal/wal-inspection';
import { tempDir, ticketDoc, withServices } from '../support/service-harness';

const startService = withServices();
const stored = (id: string) => ({ id, datos: ticketDoc(id), requestedPrinter: null, datosJson: JSON.stringify(ticketDoc(id)) });

/**
 * The files a crash leaves behind: jobs acknowledged (committed) but not yet checkpointed into the main file, copied
 * while the journal is still open, as a kill -9 would leave them.
 */
function crashedJournal(ids: string[][]): { dir: string; file: string } {
  const live = path.join(tempDir(), 'journal.sqlite');
  const journal = new JobJournal(live);
  for (const batch of ids) journal.insertMany(batch.map(stored));
  const dir = tempDir();
  const file = path.join(dir, 'journal.sqlite');
  fs.copyFileSync(live, file);
  fs.copyFileSync(`${live}-wal`, `${file}-wal`);
  journal.close();
  return { dir, file };
}

const keptFolders = (dir: string): string[] => fs.readdirSync(dir).filter((name) => name.startsWith('journal-damaged-'));

describe('a damaged journal', () => {
  it('recovers every acknowledged job from an intact log after a crash (the baseline)', () => {
    const { file } = crashedJournal([['a'], ['b']]);
    expect(inspectWal(`${file}-wal`)).toMatchObject({ state: 'intact' });
    const journal = new JobJournal(file);
    expect(journal.recover().pending.map((job) => job.id)).toEqual(['a', 'b']);
    expect(journal.damage).toBeNull();
    journal.close();
  });

  it('says so when the log was zeroed, keeps a copy, and goes on with what the main file has', () => {
    const { dir, file } = crashedJournal([['a'], ['b']]);
    const walBytes = fs.statSync(`${file}-wal`).size;
    fs.writeFileSync(`${file}-wal`, Buffer.alloc(walBytes));
    const journal = new JobJournal(file);
    const { pending } = journal.recover();
    expect(pending).toEqual([]);
    expect(journal.damage).toMatchObject({ file: `${file}-wal`, lost: 'maybe-acknowledged', reason: 'its header was zeroed' });
    expect(journal.damage?.message).toContain(`${file}-wal`);
    const [kept] = keptFolders(dir);
    expect(journal.damage?.keptAt).toBe(path.join(dir, kept ?? ''));
    expect(fs.statSync(path.join(dir, kept ?? '', 'journal.sqlite-wal')).size).toBe(walBytes);
    journal.insertMany([stored('after')]);
    expect(journal.get('after')?.state).toBe('queued');
    journal.close();
  });

  it('tells acknowledged jobs lost apart when the log is cut inside its last commit', () => {
    const { file } = crashedJournal([['a'], ['b']]);
    const walBytes = fs.statSync(`${file}-wal`).size;
    fs.truncateSync(`${file}-wal`, walBytes - 100);
    const journal = new JobJournal(file);
    const { pending } = journal.recover();
    expect(pending.map((job) => job.id)).toEqual(['a']);
    expect(journal.damage).toMatchObject({ lost: 'acknowledged' });
    expect(journal.damage?.reason).toMatch(/cut short at byte \d+, inside a record/);
    journal.close();
  });

  it('moves an unreadable journal aside, starts a new one, and says what may be lost', () => {
    const dir = tempDir();
    const file = path.join(dir, 'journal.sqlite');
    fs.writeFileSync(file, Buffer.alloc(8192, 0x42));
    const journal = new JobJournal(file);
    expect(journal.recover()).toEqual({ pending: [], interrupted: 0 });
    expect(journal.damage).toMatchObject({ file, lost: 'history' });
    expect(journal.damage?.message).toMatch(/could not be read .*moved to .*journal-damaged-/);
    const [kept] = keptFolders(dir);
    expect(fs.readFileSync(path.join(dir, kept ?? '', 'journal.sqlite'))).toEqual(Buffer.alloc(8192, 0x42));
    journal.insertMany([stored('nuevo')]);
    expect(journal.get('nuevo')?.state).toBe('queued');
    journal.close();
  });

  it('starts the service on a damaged journal and reports it on /health until the next start', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'journal.sqlite'), 'not a database at all, but long enough to be read as a header '.repeat(100));
    const service = await startService({ dataDir });
    const health = (await (await fetch(`${service.httpUrl}/health`)).json()) as HealthResponse;
    expect(health.status).toBe('degraded');
    expect(health.journal.status).toBe('ok');
    expect(health.journal.damaged_at_start).toMatchObject({ file: path.join(dataDir, 'journal.sqlite'), lost: 'history' });
    const dashboard = await (await fetch(`${service.httpUrl}/`)).text();
    expect(dashboard).toContain('Diario dañado al arrancar / Journal damaged at start-up');
    expect(dashboard).toContain(path.join(dataDir, 'journal-damaged-'));
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'sigue', datos: ticketDoc() });
    expect((await client.next('result')).status).toBe('success');
  });
});
