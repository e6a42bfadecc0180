import { afterEach, describe, expect, it } from 'vitest';
import { TCP_STATE, type TcpEntry } from '../../src/main/platform/tcp/tcp-table';
import { createTcpTransport, type TcpTransportOptions } from '../../src/main/platform/tcp/tcp-transport';
import { startBacklogPrinter } from '../support/backlog-printer';
import { liveConnectionsAt } from '../support/loopback-connections';
import { startTcpSink, type SinkBehaviour, type TcpSink } from '../support/tcp-sink';

/**
 * Issue 20, item 1: a TCP job to a printer that does not answer status counts as printed only when the printer closed
 * its side in turn after taking every byte. Job sizes below and above the loopback socket buffers.
 */
const SIZES = [8 * 1024, 32 * 1024, 256 * 1024];

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function printer(behaviour: SinkBehaviour): Promise<TcpSink> {
  const started = await startTcpSink(0, behaviour);
  cleanups.push(() => started.close());
  return started;
}

const transportTo = (port: number, options: Partial<TcpTransportOptions> = {}) =>
  createTcpTransport(`tcp://127.0.0.1:${port}`, { host: '127.0.0.1', port, timeoutMs: 5_000, ...options });

/** Raw bytes with no print time of their own: only the transport's waits for the close are measured. */
const job = (size: number) => ({ id: `job-${size}`, bytes: Uint8Array.from({ length: size }, (_, index) => 0x20 + (index % 90)), printMs: 0 });

/** How each send ended: 'printed', or the failure text. */
async function outcomes(sends: number, send: () => Promise<void>): Promise<string[]> {
  const results: string[] = [];
  for (let index = 0; index < sends; index += 1) {
    results.push(
      await send().then(
        () => 'printed',
        (error: Error) => error.message,
      ),
    );
  }
  return results;
}

const cutOff = (port: number) => `PRINTER: printer at 127.0.0.1:${port} closed the connection before taking the whole job`;

describe('tcp transport: a printer that takes the job in full', () => {
  it.each(SIZES)('closes in turn after reading %i bytes: printed, every byte there', async (size) => {
    const sink = await printer({ kind: 'reads-and-closes' });
    const sent = job(size);
    expect(await outcomes(3, () => transportTo(sink.port).send(sent))).toEqual(['printed', 'printed', 'printed']);
    for (const received of await sink.waitForJobs(3)) expect(received.equals(Buffer.from(sent.bytes))).toBe(true);
  });
});

describe('tcp transport: never printed when the printer did not take the whole job', () => {
  it.each(SIZES)('accepts each connection and closes it at once, reading nothing: 40 tickets of %i bytes, none printed', async (size) => {
    const sink = await printer({ kind: 'closes-at-once' });
    const transport = transportTo(sink.port);
    const results = await outcomes(40, () => transport.send(job(size)));
    expect(results.filter((result) => result === 'printed')).toHaveLength(0);
    expect(new Set(results)).toEqual(new Set([cutOff(sink.port)]));
  });

  it.each(SIZES)('reads the first 28 bytes of a %i-byte job, then resets with the rest unread (a crash)', async (size) => {
    const sink = await printer({ kind: 'resets-after', bytes: 28 });
    const transport = transportTo(sink.port);
    expect(await outcomes(5, () => transport.send(job(size)))).toEqual(Array.from({ length: 5 }, () => cutOff(sink.port)));
  });

  it('counts a close only when the kernel shows it was in turn (TIME_WAIT) and no reset ends it within the grace', async () => {
    // The kernel's side of each story, told to a transport whose printer closes normally: only the first is printed.
    const sink = await printer({ kind: 'reads-and-closes' });
    const told = (...entries: Array<TcpEntry | 'gone'>) => () => {
      let read = 0;
      return async () => entries[Math.min(read++, entries.length - 1)] as TcpEntry | 'gone';
    };
    const entry = (state: number): TcpEntry => ({ state, unacknowledged: 0 });
    const stories = [
      told(entry(TCP_STATE.timeWait)),
      // In turn, then a reset: a TIME_WAIT entry is dropped by a reset.
      told(entry(TCP_STATE.timeWait), 'gone'),
      // The printer's FIN came first: CLOSE_WAIT and LAST_ACK, then no entry (no TIME_WAIT for the side closing second).
      told(entry(TCP_STATE.closeWait)),
      told(entry(TCP_STATE.lastAck)),
      // Its FIN crossed ours: sent before it had our FIN.
      told(entry(TCP_STATE.closing)),
      told('gone'),
    ];
    const results: string[] = [];
    for (const story of stories) results.push(...(await outcomes(1, () => transportTo(sink.port, { entryReader: story, resetGraceMs: 60, pollMs: 20 }).send(job(100)))));
    expect(results).toEqual(['printed', ...Array.from({ length: 5 }, () => cutOff(sink.port))]);
  });

  it('keeps the connection open after reading everything: it never confirmed, so it fails at the timeout and is reset', async () => {
    const sink = await printer({ kind: 'holds-open' });
    const [result] = await outcomes(1, () => transportTo(sink.port, { timeoutMs: 800 }).send(job(8 * 1024)));
    expect(result).toBe(
      `PRINTER: printer at 127.0.0.1:${sink.port} did not confirm it took the whole job (8192 bytes) within 800 ms (it did not close the connection in turn), so the connection was reset`,
    );
  });
});

describe.runIf(process.platform !== 'win32')('tcp transport: a printer busy with another till (the job waits in its accept backlog)', () => {
  it.each(SIZES)('a %i-byte job the kernel acknowledged but the printer never read is not printed, and its connection is reset', async (size) => {
    const busy = await startBacklogPrinter();
    cleanups.push(() => busy.close());
    const results = await outcomes(2, () => transportTo(busy.port, { timeoutMs: 1_000, stallMs: 1_000 }).send(job(size)));
    // What fits the backlog's buffers is all acknowledged and never closed in turn; a larger job stops moving.
    const at = `PRINTER: printer at 127.0.0.1:${busy.port}`;
    for (const result of results) {
      expect([
        `${at} did not confirm it took the whole job (${size} bytes) within 1000 ms (it did not close the connection in turn), so the connection was reset`,
        `${at} stopped taking the job (${size} bytes) and took nothing more for 1000 ms, so the connection was reset`,
      ]).toContain(result);
    }
    // Reset, not closed: the printer's side of each job's connection is gone from its backlog (a connection merely
    // closed would wait there, CLOSE_WAIT, to be read); only the other till's connection remains.
    if (process.platform === 'linux') expect(await liveConnectionsAt(busy.port)).toBe(1);
  });
});

describe('tcp transport where the system cannot tell what the kernel acknowledged (Windows, macOS)', () => {
  const unknown = { entryReader: () => undefined };

  it('prints on a close in turn, and fails a printer that resets mid-job or never closes', async () => {
    const good = await printer({ kind: 'reads-and-closes' });
    expect(await outcomes(1, () => transportTo(good.port, unknown).send(job(32 * 1024)))).toEqual(['printed']);
    const resets = await printer({ kind: 'resets-after', bytes: 28 });
    expect(await outcomes(1, () => transportTo(resets.port, unknown).send(job(256 * 1024)))).toEqual([cutOff(resets.port)]);
    const holds = await printer({ kind: 'holds-open' });
    expect((await outcomes(1, () => transportTo(holds.port, { ...unknown, timeoutMs: 600 }).send(job(100))))[0]).toMatch(/did not confirm it took the whole job/);
  });
});
