import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSystemPrinterCatalog } from '../../src/main/platform/system-printers';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { PrintService } from '../../src/main/services/print-service';
import { GroupCommit } from '../../src/main/services/queue/group-commit';
import { tempDir, ticketDoc, withServices } from '../support/service-harness';

const startService = withServices();

/** `{"a":{"a":…}}` nested `depth` levels, as a hostile client would send it. */
const nested = (depth: number): unknown => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

describe('one bad ticket', () => {
  it('fails alone: a document nested 10,000 deep is refused while the tickets of the same turn are saved', async () => {
    const service = await startService();
    service.service.queue.pause();
    const { queue } = service.service;
    const outcomes = await Promise.allSettled([
      queue.accept({ id: 'normal-1', datos: ticketDoc(), requestedPrinter: null }),
      queue.accept({ id: 'profundo', datos: { version: '1.0', commands: [], extra: nested(10_000) }, requestedPrinter: null }),
      queue.accept({ id: 'normal-2', datos: ticketDoc(), requestedPrinter: null }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason.message)).toBe('VALIDATION: datos nests deeper than 64 levels');
    expect(service.service.job('normal-2')?.state).toBe('queued');
  });

  it('gets its own error over the WebSocket, and the connection goes on', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send(`{"tipo":"ticket","id":"hondo","datos":{"version":"1.0","commands":[],"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`);
    client.send({ tipo: 'ticket', id: 'sano', datos: ticketDoc() });
    expect(await client.next('error')).toEqual({ tipo: 'error', id: 'hondo', status: 'error', mensaje: 'VALIDATION: datos nests deeper than 64 levels' });
    expect((await client.next('result', (message) => message.id === 'sano')).status).toBe('success');
  });

  it('refuses an id longer than 256 characters without echoing it, and the connection goes on', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'x'.repeat(100_000), datos: ticketDoc() });
    expect(await client.next('error')).toEqual({ tipo: 'error', status: 'error', mensaje: "JSON: field 'id' must be at most 256 characters" });
    client.send({ tipo: 'ticket', id: 'y'.repeat(256), datos: ticketDoc() });
    expect((await client.next('result')).status).toBe('success');
  });

  it('in a batch that fails for another reason, only the ticket at fault is refused', async () => {
    const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
    const saver = new GroupCommit((jobs: Parameters<JobJournal['insertMany']>[0]) => journal.insertMany(jobs));
    const job = (id: string) => ({ id, datos: {}, requestedPrinter: null, datosJson: '{}' });
    const outcomes = await Promise.allSettled([saver.add(job('uno')), saver.add(job('uno')), saver.add(job('dos'))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(journal.recent(10).map((record) => record.id)).toEqual(['dos', 'uno']);
    journal.close();
  });
});

describe('the moment a job counts as printing', () => {
  it('is when its bytes go to the printer: a job still being encoded at a crash prints again after the restart', async () => {
    const dataDir = tempDir();
    let encodeStarted = (): void => undefined;
    const encoding = new Promise<void>((resolve) => (encodeStarted = resolve));
    const service = new PrintService({
      dataDir,
      capacity: 10,
      catalog: createSystemPrinterCatalog({ discovery: [] }),
      transports: () => ({ uri: 'virtual', send: async () => undefined }),
      // An encoder that never finishes: the process "crashes" while this job is being encoded.
      encode: () => {
        encodeStarted();
        return new Promise<Uint8Array>(() => undefined);
      },
    });
    await service.submit({ id: 'codificando', datos: ticketDoc(), requestedPrinter: null });
    await encoding;
    const file = path.join(dataDir, 'journal.sqlite');
    const copy = path.join(tempDir(), 'journal.sqlite');
    fs.copyFileSync(file, copy);
    fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
    expect(service.job('codificando')?.state).toBe('queued');

    const afterCrash = new JobJournal(copy);
    const { pending, interrupted } = afterCrash.recover();
    expect(interrupted).toBe(0);
    expect(pending.map((job) => job.id)).toEqual(['codificando']);
    afterCrash.close();
    service.journal.close();
  });
});
