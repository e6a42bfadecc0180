import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobDetailFor } from '../../src/main/services/app-api/job-queries';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { safeFileName } from '../../src/main/platform/virtual/virtual-transport';
import { tempDir, ticketDoc, withServices } from '../support/service-harness';

/** Issue 24: a reprint never rewrites history, in the journal or in the virtual printer's folder. */
const startService = withServices();
const stored = (id: string) => ({ id, datos: {}, requestedPrinter: null, datosJson: '{}' });

describe('reprint history', () => {
  it('keeps the creation time and every print with its own times and result, across a reopen', () => {
    const file = path.join(tempDir(), 'journal.sqlite');
    const journal = new JobJournal(file);
    journal.insertMany([stored('r1')], 1_000);
    journal.markPrinting('r1', 'tcp://10.0.0.9:9100', 1_100);
    journal.markFinished('r1', 'error', 'PRINTER: out of paper', 1_200);
    expect(journal.requeue('r1', 5_000)).toBe(true);
    journal.markPrinting('r1', 'virtual', 5_100);
    journal.markFinished('r1', 'success', 'Print completed in 3ms', 5_200);
    expect(journal.requeue('r1', 9_000)).toBe(true);
    journal.close();

    const reopened = new JobJournal(file);
    expect(reopened.get('r1')).toMatchObject({ createdAt: 1_000, requeuedAt: 9_000, reprints: 2, state: 'queued' });
    expect(reopened.earlierPrints('r1')).toEqual([
      { queuedAt: 1_000, printerUri: 'tcp://10.0.0.9:9100', state: 'error', resultText: 'PRINTER: out of paper', startedAt: 1_100, finishedAt: 1_200, outcome: 'failed' },
      { queuedAt: 5_000, printerUri: 'virtual', state: 'success', resultText: 'Print completed in 3ms', startedAt: 5_100, finishedAt: 5_200, outcome: 'delivered' },
    ]);
    // Newest first by creation: a reprint does not move an old ticket to the top of the history.
    reopened.insertMany([stored('r2')], 2_000);
    expect(reopened.query({}).jobs.map((job) => job.id)).toEqual(['r2', 'r1']);
    reopened.close();
  });

  it('forgets a pruned job’s earlier prints with it', () => {
    const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
    journal.insertMany([stored('old'), stored('new')]);
    journal.markFinished('old', 'success', 'Print completed in 1ms');
    journal.requeue('old');
    journal.markFinished('old', 'success', 'Print completed in 1ms');
    journal.markFinished('new', 'success', 'Print completed in 1ms');
    expect(journal.prune(1)).toBe(1);
    expect(journal.earlierPrints('old')).toEqual([]);
    journal.close();
  });

  it('writes one image per print in the virtual printer’s folder and lists each print in the job’s detail', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'Mesa 4', datos: ticketDoc('Café 1,20 €') });
    await client.next('result');
    const folder = path.join(service.config.dataDir, 'virtual-printer');
    const base = safeFileName('Mesa 4');
    const first = fs.readFileSync(path.join(folder, `${base}.png`));
    const firstTime = fs.statSync(path.join(folder, `${base}.png`)).mtimeMs;
    for (let print = 2; print <= 3; print += 1) {
      expect(service.service.queue.reprint('Mesa 4')).toBe(true);
      await expect.poll(() => fs.existsSync(path.join(folder, `${base}~p${print}.png`))).toBe(true);
      await expect.poll(() => service.service.job('Mesa 4')?.state).toBe('success');
    }
    expect(fs.readFileSync(path.join(folder, `${base}.png`))).toEqual(first);
    expect(fs.statSync(path.join(folder, `${base}.png`)).mtimeMs).toBe(firstTime);
    expect(fs.readdirSync(folder).filter((name) => name.endsWith('.png')).sort()).toEqual([`${base}.png`, `${base}~p2.png`, `${base}~p3.png`]);

    const detail = jobDetailFor(service.service, 'Mesa 4');
    expect(detail?.reprints).toBe(2);
    expect(detail?.earlierPrints).toHaveLength(2);
    expect(detail?.earlierPrints.every((print) => print.state === 'success' && print.finishedAt !== null)).toBe(true);
    expect(detail?.reprintedAt).toBeGreaterThanOrEqual(detail?.createdAt ?? Infinity);
    expect(detail?.createdAt).toBeLessThanOrEqual(detail?.earlierPrints[0]?.queuedAt ?? 0);
  });
});
