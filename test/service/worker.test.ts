import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import type { PrinterCatalog } from '../../src/main/services/printers/printer-catalog';
import type { PrinterTransport } from '../../src/main/services/printers/printer-transport';
import { PrintQueue, type JobFinished } from '../../src/main/services/queue/print-queue';
import { tempDir, ticketDoc, withServices } from '../support/service-harness';

const catalog: PrinterCatalog = {
  list: async () => ({ printers: [], summary: { status: 'error', detected_count: 0, thermal_count: 0, default_name: '' } }),
  lastSummary: () => ({ status: 'error', detected_count: 0, thermal_count: 0, default_name: '' }),
  resolve: async (requested) => requested ?? 'virtual',
};

const startService = withServices();

describe('print worker', () => {
  it('keeps printing for one printer while another printer hangs', async () => {
    const journal = new JobJournal(path.join(tempDir(), 'journal.sqlite'));
    const printed: string[] = [];
    let releaseStuck: () => void = () => undefined;
    const transports = (uri: string): PrinterTransport => ({
      uri,
      send: (job) =>
        uri === 'tcp://stuck:9100'
          ? new Promise<void>((resolve) => {
              releaseStuck = resolve;
            })
          : Promise.resolve(void printed.push(job.id)),
    });
    const queue = new PrintQueue({ journal, catalog, transports, encode: () => new Uint8Array([0x1b, 0x40]), capacity: 10 });
    const finished: JobFinished[] = [];
    queue.on('finished', (result) => finished.push(result));

    await queue.accept({ id: 'atascado', datos: {}, requestedPrinter: 'tcp://stuck:9100' });
    await queue.accept({ id: 'despues-del-atasco', datos: {}, requestedPrinter: 'tcp://stuck:9100' });
    for (const id of ['caja-1', 'caja-2', 'caja-3']) await queue.accept({ id, datos: {}, requestedPrinter: 'tcp://caja:9100' });

    await expect.poll(() => printed).toEqual(['caja-1', 'caja-2', 'caja-3']);
    expect(queue.current).toBe(2);
    expect(journal.get('atascado')?.state).toBe('printing');
    expect(journal.get('despues-del-atasco')?.state).toBe('queued');

    releaseStuck();
    await expect.poll(() => journal.get('despues-del-atasco')?.state).toBe('printing');
    releaseStuck();
    await expect.poll(() => queue.current).toBe(0);
    expect(finished.map((result) => result.id)).toEqual(['caja-1', 'caja-2', 'caja-3', 'atascado', 'despues-del-atasco']);
    await queue.stop();
    journal.close();
  });

  it('does not wait for clients: a vanished client neither blocks the worker nor loses the outcome', async () => {
    const service = await startService();
    service.service.queue.pause();
    const leaving = await service.connect();
    for (const id of ['se-fue-1', 'se-fue-2', 'se-fue-3']) leaving.send({ tipo: 'ticket', id, datos: ticketDoc() });
    await leaving.until(() => leaving.messages.filter((message) => message.tipo === 'ack').length === 3, '3 acks');
    leaving.socket.terminate();
    await leaving.closed();

    service.service.queue.resume();
    const staying = await service.connect();
    staying.send({ tipo: 'ticket', id: 'se-quedo', datos: ticketDoc() });
    expect((await staying.next('result')).status).toBe('success');
    // The printer takes turns by requester, so `se-quedo` may print before the vanished client's later tickets.
    for (const id of ['se-fue-1', 'se-fue-2', 'se-fue-3']) await expect.poll(() => service.service.job(id)?.state).toBe('success');

    const back = await service.connect();
    back.send({ tipo: 'ticket', id: 'se-fue-2', datos: ticketDoc() });
    expect(await back.next('result')).toMatchObject({ id: 'se-fue-2', status: 'success' });
  });

  it('fails a job for a printer it cannot open with PRINTER:, and goes on', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'rara', datos: { ...ticketDoc(), printer: 'lpt9://nowhere' } });
    client.send({ tipo: 'ticket', id: 'normal', datos: ticketDoc() });
    expect((await client.next('result', (message) => message.id === 'rara')).mensaje).toMatch(/^PRINTER: /);
    expect((await client.next('result', (message) => message.id === 'normal')).status).toBe('success');
  });
});

describe('virtual printer', () => {
  const startService = withServices();

  it('keeps each job as bytes and a preview laid out on the roll the document names', async () => {
    const service = await startService();
    const client = await service.connect();
    const narrow = { version: '1.0', profile: { model: 'epson', paper_width: 58 }, commands: [{ type: 'text', data: { text: 'Caja 2' } }] };
    client.send({ tipo: 'ticket', id: 'rollo-58', datos: narrow });
    client.send({ tipo: 'ticket', id: 'rollo-80', datos: ticketDoc('Caja 1') });
    await client.next('result', (message) => message.id === 'rollo-58');
    await client.next('result', (message) => message.id === 'rollo-80');
    const folder = path.join(service.config.dataDir, 'virtual-printer');
    const widthOf = (id: string): number => PNG.sync.read(fs.readFileSync(path.join(folder, `${id}.png`))).width;
    expect(widthOf('rollo-58')).toBe(384);
    expect(widthOf('rollo-80')).toBe(576);
    expect(fs.readFileSync(path.join(folder, 'rollo-58.bin')).subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
  });
});
