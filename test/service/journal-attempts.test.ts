import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { JobJournal, NotRetryableError, type StoredJob } from '../../src/main/services/journal/job-journal';
import { linesReceipt } from '../support/printer-status-harness';
import { tempDir, withServices } from '../support/service-harness';

/**
 * Issue 38, item 1, in the journal: whether any byte of a job reached a printer is kept with it, so an id whose job
 * printed nothing can be taken again, and only then; journals from before it was kept learn it once at start-up.
 */
const start = withServices();
const stored = (id: string, text = id): StoredJob => {
  const datos = linesReceipt([text]);
  return { id, datos, requestedPrinter: null, datosJson: JSON.stringify(datos) };
};

/** A journal as the version before this one left it: the same jobs, without the column. */
function journalFromBefore(file: string): void {
  const journal = new JobJournal(file);
  journal.insertMany(['refused', 'cut-off', 'printed', 'held-behind', 'waiting'].map((id) => stored(id, `TICKET ${id}`)), 1_000);
  journal.markFinished('refused', 'error', 'PRINTER: sin papel / out of paper: the printer at tcp://10.0.0.9:9100 cannot print now, so this ticket was not taken', 1_100);
  journal.markPrinting('cut-off', 'tcp://10.0.0.9:9100', 1_100);
  journal.markFinished('cut-off', 'error', 'PRINTER: the printer at tcp://10.0.0.9:9100 closed the connection before taking the whole job', 1_200);
  journal.markPrinting('printed', 'tcp://10.0.0.9:9100', 1_100);
  journal.markFinished('printed', 'success', 'Print completed in 40ms', 1_200);
  journal.markFinished('held-behind', 'error', 'PRINTER: sin papel / out of paper: this ticket was not sent yet', 1_200, 'held');
  journal.close();
  const db = new Database(file);
  db.exec('ALTER TABLE jobs DROP COLUMN bytes_sent');
  db.close();
}

describe('what each attempt sent, in the journal', () => {
  it('a journal from before learns it from what it kept: never started sent nothing, started or printed may have', () => {
    const file = path.join(tempDir(), 'journal.sqlite');
    journalFromBefore(file);
    const journal = new JobJournal(file);
    try {
      const sent = (id: string): boolean | null | undefined => journal.get(id)?.bytesSent;
      expect([sent('refused'), sent('cut-off'), sent('printed'), sent('held-behind'), sent('waiting')]).toEqual([false, true, true, false, null]);
    } finally {
      journal.close();
    }
  });

  it('takes an attempt again only over one that printed nothing, and undoes it when its batch cannot be kept', () => {
    const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
    try {
      journal.insertMany([stored('a'), stored('b'), stored('c')], 1_000);
      journal.markFinished('a', 'error', 'PRINTER: refused', 1_100, 'failed', 'tcp://10.0.0.9:9100', false);
      journal.markPrinting('b', 'tcp://10.0.0.9:9100', 1_100);
      journal.markFinished('b', 'error', 'PRINTER: stalled', 1_200, 'failed', null, true);
      journal.markPrinting('c', 'tcp://10.0.0.9:9100', 1_100);
      journal.markFinished('c', 'error', 'PRINTER: out of paper', 1_200, 'failed', null, false);
      // Printed by hand again since: the owner's history, answered from it.
      expect(journal.requeue('c', 1_300)).toBe(true);
      journal.markFinished('c', 'error', 'PRINTER: out of paper', 1_400, 'failed', null, false);

      const again = { ...stored('a', 'TICKET a AGAIN'), again: true };
      journal.insertMany([again], 2_000);
      expect(journal.get('a')).toMatchObject({ state: 'queued', datos: again.datos, createdAt: 1_000, requeuedAt: 2_000, reprints: 0, printerUri: null, bytesSent: null });
      expect(journal.query({ query: 'AGAIN' }).jobs.map((job) => job.id)).toEqual(['a']);
      expect(() => journal.insertMany([{ ...stored('b'), again: true }])).toThrow(NotRetryableError);
      expect(() => journal.insertMany([{ ...stored('c'), again: true }])).toThrow(NotRetryableError);
      expect(journal.get('b')).toMatchObject({ state: 'error', bytesSent: true });

      // Its batch could not be made durable: the attempt ends as not taken, the job is kept, nothing was sent.
      journal.forget([again], 'EXECUTION: the ticket could not be saved: disk full', 2_100);
      expect(journal.get('a')).toMatchObject({ state: 'error', resultText: 'EXECUTION: the ticket could not be saved: disk full', bytesSent: false });
    } finally {
      journal.close();
    }
  });

  it('a ticket refused before the upgrade prints when its POS resends it after', { timeout: 20_000 }, async () => {
    const dataDir = tempDir();
    journalFromBefore(path.join(dataDir, 'journal.sqlite'));
    const running = await start({ dataDir });
    const pos = await running.connect();
    pos.send({ tipo: 'ticket', id: 'refused', datos: linesReceipt(['TICKET refused']) });
    expect(await pos.next('result', (message) => message.id === 'refused')).toMatchObject({ status: 'success' });
    pos.send({ tipo: 'ticket', id: 'cut-off', datos: linesReceipt(['TICKET cut-off']) });
    // It may be on paper: the journal's answer, not a second copy.
    expect(await pos.next('result', (message) => message.id === 'cut-off')).toMatchObject({ status: 'error', mensaje: expect.stringContaining('closed the connection') as unknown });
    expect(running.service.job('cut-off')).toMatchObject({ state: 'error', reprints: 0, finishedAt: 1_200 });
    pos.close();
  });
});
