import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VIRTUAL_PRINTER_NAME } from '../../src/main/platform/virtual/virtual-transport';
import type { WinspoolBinding } from '../../src/main/platform/winspool/winspool-binding';
import { createWinspoolDiscovery } from '../../src/main/platform/winspool/winspool-discovery';
import { createThreadedWinspool, type ThreadedWinspool } from '../../src/main/platform/winspool/worker/spooler-threads';
import { ticketDoc, withServices } from '../support/service-harness';
import { FakeSpooler, spoolerPrinter } from './winspool-fake';
import type { StandInOptions } from './winspool-stand-in';

const EVERY_CALL = ['EnumPrintersW', 'EnumPrintersW(4)', 'GetDefaultPrinterW', 'OpenPrinterW', 'GetPrinterW', 'StartDocPrinterW', 'WritePrinter', 'EndDocPrinter', 'ClosePrinter'];
const threads: ThreadedWinspool[] = [];

afterEach(() => {
  for (const spooler of threads.splice(0)) spooler.close();
});

/** Three ways a Windows spooler never answers, as the service meets them. */
const BINDINGS: Array<[string, () => () => Promise<WinspoolBinding>]> = [
  ['loading winspool.drv never finishes', () => () => new Promise<WinspoolBinding>(() => undefined)],
  [
    'every spooler call hangs',
    () => {
      const spooler = new FakeSpooler([spoolerPrinter('POS-80')], 'POS-80');
      for (const call of EVERY_CALL) spooler.hanging.add(call);
      return async () => spooler;
    },
  ],
  [
    'its spooler threads are blocked inside winspool.drv',
    () => {
      const standIn: StandInOptions = { loadBlocksMs: 8_000 };
      const spooler = createThreadedWinspool({ callTimeoutMs: 400, implementation: { module: path.join(__dirname, 'winspool-stand-in.ts'), options: standIn } });
      threads.push(spooler);
      return async () => spooler;
    },
  ],
];

/** Asks /health every 25 ms until stopped: how many answers came, and how long the slowest took. */
function watchHealth(url: string): { stop: () => Promise<{ answers: number; failures: number; slowestMs: number }> } {
  let running = true;
  const seen = { answers: 0, failures: 0, slowestMs: 0 };
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${url}/health`);
        await response.arrayBuffer();
        if (response.ok) seen.answers += 1;
        else seen.failures += 1;
      } catch {
        seen.failures += 1;
      }
      seen.slowestMs = Math.max(seen.slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return seen;
    },
  };
}

describe('a Windows spooler that never answers', () => {
  const start = withServices();

  it.each(BINDINGS)('never freezes the service (%s): tickets for other printers are acknowledged and printed, /health answers within 100 ms', async (_name, makeBinding) => {
    const binding = makeBinding();
    const service = await start({}, { printerDiscovery: [createWinspoolDiscovery(binding, { timeoutMs: 300 })], platform: { windows: { binding, timeoutMs: 600 } } });
    const health = watchHealth(service.httpUrl);
    try {
      const client = await service.connect();
      const send = (id: string, printer: string): void => client.send({ tipo: 'ticket', id, datos: { ...ticketDoc(`Ticket ${id}`), printer } });
      send('for-windows', 'windows:POS-80');
      // By name: routing them needs the printer list, which waits on the spooler.
      const counter = ['counter-1', 'counter-2', 'counter-3'];
      for (const id of counter) send(id, VIRTUAL_PRINTER_NAME);

      for (const id of ['for-windows', ...counter]) expect((await client.next('ack', (message) => message.id === id)).status, id).toBe('queued');
      for (const id of counter) expect(await client.next('result', (message) => message.id === id), id).toMatchObject({ status: 'success' });
      expect(await client.next('result', (message) => message.id === 'for-windows')).toMatchObject({ status: 'error', mensaje: expect.stringMatching(/^PRINTER: /) });
      // A later ticket by name does not wait for the spooler again.
      send('counter-4', VIRTUAL_PRINTER_NAME);
      expect(await client.next('result', (message) => message.id === 'counter-4', 1_000)).toMatchObject({ status: 'success' });
      client.close();
    } finally {
      const { answers, failures, slowestMs } = await health.stop();
      expect(failures).toBe(0);
      expect(answers).toBeGreaterThan(3);
      expect(slowestMs).toBeLessThan(100);
    }
  });
});
