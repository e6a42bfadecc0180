import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openTcpSession } from '../../src/main/platform/tcp/tcp-session';
import { createTcpTransport } from '../../src/main/platform/tcp/tcp-transport';
import type { StatusReading } from '../../src/main/services/printer-status/escpos-status-bits';
import { CLEAR_BUFFERS, processIdRequest } from '../../src/main/services/printer-status/escpos-status-commands';
import { DEFAULT_MONITOR_TIMING, PrinterMonitor } from '../../src/main/services/printer-status/printer-monitor';
import { StatusConversation } from '../../src/main/services/printer-status/status-conversation';
import { STAR_STATUS_DIALECT } from '../../src/main/services/printer-status/star-status-dialect';
import type { PrinterLiveStatus } from '../../src/shared/printer-status/live-status';
import { longestStall } from '../support/event-loop-stall';
import { startFloodingPrinter, type FloodingPrinter } from '../support/flooding-printer';
import { FAST_MONITOR_TIMING } from '../support/printer-status-harness';
import { scriptedSession } from '../support/scripted-session';

/**
 * A device that sends Automatic Status Back nonstop (10–100 MB/s) must cost the tills nothing: the status bytes are
 * read in bounded slices between the loop's other work (WebSocket acks), the socket is paused while they wait, and
 * a run of identical statuses is one reading. Read all at once as they came, the polls below held this loop 180–195 ms
 * at a time (and called the monitor once per 4-byte block: two million times in the second test); now 4–8 ms.
 */
const STALL_BOUND_MS = 50;
/**
 * What the flood may add to this process's heap and buffers at its peak: the unread backlog is bounded (128 KiB, see
 * HeardBacklog), the rest is socket reads and the flooding printer's own writes not yet collected (~16–30 MB seen).
 */
const MEMORY_BOUND_BYTES = 48 * 1024 * 1024;
const MB = 1024 * 1024;
const POLLS = 8;

const printers: FloodingPrinter[] = [];
const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(printers.splice(0).map((printer) => printer.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function floodingPrinter(language: 'escpos' | 'star' = 'escpos'): Promise<FloodingPrinter> {
  const printer = await startFloodingPrinter({ flood: true, paper: 'near-end', language });
  printers.push(printer);
  return printer;
}

const monitorOf = (printer: FloodingPrinter): PrinterMonitor => {
  const transport = createTcpTransport(printer.uri, { host: printer.host, port: printer.port });
  return new PrinterMonitor(printer.uri, transport as typeof transport & { open: NonNullable<typeof transport.open> }, { ...DEFAULT_MONITOR_TIMING, ...FAST_MONITOR_TIMING }, true);
};

/** This process's JS heap and buffers, the memory a backlog of unread status would take. */
const heldBytes = (): number => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

describe('a printer that floods status costs the tills nothing', () => {
  it('polling it never holds the event loop, its status still reads right, and memory stays bounded', async () => {
    const printer = await floodingPrinter();
    const monitor = monitorOf(printer);
    const statuses: PrinterLiveStatus[] = [];
    const failures: unknown[] = [];
    const before = heldBytes();
    let peak = before;
    const watch = setInterval(() => {
      peak = Math.max(peak, heldBytes());
    }, 5);
    const floodedBefore = printer.floodedBytes;
    const started = performance.now();
    const stall = await longestStall(async () => {
      for (let poll = 0; poll < POLLS; poll += 1) statuses.push(await monitor.poll().catch((error: unknown) => (failures.push(error), monitor.status)));
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(watch);
    const rate = (printer.floodedBytes - floodedBefore) / MB / seconds;
    const report = `held ${Math.round(stall.heldMs)} ms (wall ${Math.round(stall.wallMs)} ms), flood ${rate.toFixed(1)} MB/s taken over ${seconds.toFixed(2)} s, memory +${((peak - before) / MB).toFixed(1)} MB`;
    console.log(`status flood: ${report}`);
    expect(stall.heldMs, report).toBeLessThan(STALL_BOUND_MS);
    expect(failures).toEqual([]);
    for (const status of statuses) expect(status).toMatchObject({ link: 'answering', paper: 'near-end', offline: false, coverOpen: false });
    // A device flooding this fast: the link really carried a flood while it was read.
    expect(rate, report).toBeGreaterThanOrEqual(10);
    expect(peak - before, report).toBeLessThan(MEMORY_BOUND_BYTES);
    expect(printer.heard.filter((request) => request.startsWith('DLE EOT'))).toHaveLength(4 * POLLS);
  });

  it('a run of identical statuses is one reading; answers, process ID and buffer-clear replies behind the flood are all heard', async () => {
    const printer = await floodingPrinter();
    const session = await openTcpSession({ host: printer.host, port: printer.port, connectTimeoutMs: 2_000 });
    const readings: StatusReading[] = [];
    const conversation = new StatusConversation(session, 'flooding printer', (reading) => readings.push(reading));
    try {
      expect(await conversation.readStatus(5_000)).toMatchObject({ paper: 'near-end', offline: false });
      await session.write(Uint8Array.from(processIdRequest('0042')));
      await conversation.processed('0042');
      const cleared = conversation.cleared();
      await session.write(CLEAR_BUFFERS);
      await cleared;
      expect(await conversation.readStatus(5_000)).toMatchObject({ paper: 'near-end' });
      const flooded = printer.floodedBytes;
      // Megabytes of ASB went by; what reached the monitor was the status once (then after each round), not per block.
      expect(flooded).toBeGreaterThan(MB);
      expect(readings.length, `${readings.length} readings for ${flooded} bytes of ASB`).toBeLessThanOrEqual(6);
      expect(readings.every((reading) => reading.paper === 'near-end')).toBe(true);
    } finally {
      session.abort();
    }
  });

  it('a Star printer flooding its 9-byte blocks: the same bounds, and its rounds still answered', async () => {
    const printer = await floodingPrinter('star');
    const session = await openTcpSession({ host: printer.host, port: printer.port, connectTimeoutMs: 2_000 });
    const readings: StatusReading[] = [];
    const conversation = new StatusConversation(session, 'flooding Star printer', (reading) => readings.push(reading), STAR_STATUS_DIALECT);
    const answers: StatusReading[] = [];
    try {
      const stall = await longestStall(async () => {
        for (let round = 0; round < POLLS; round += 1) answers.push(await conversation.readStatus(5_000));
      });
      const report = `held ${Math.round(stall.heldMs)} ms (wall ${Math.round(stall.wallMs)} ms), ${readings.length} readings for ${printer.floodedBytes} bytes`;
      console.log(`Star status flood: ${report}`);
      expect(answers).toHaveLength(POLLS);
      for (const answer of answers) expect(answer).toMatchObject({ paper: 'near-end', offline: false });
      expect(stall.heldMs, report).toBeLessThan(STALL_BOUND_MS);
      expect(printer.floodedBytes).toBeGreaterThan(MB);
      // Each round's answer is a reading, and the flood after it once: never one per block.
      expect(readings.length, report).toBeLessThanOrEqual(2 * POLLS + 1);
    } finally {
      session.abort();
    }
  });

  it('bytes heard before a request was written never answer it, however long they waited to be read', async () => {
    const { session, answer: hear } = scriptedSession();
    const conversation = new StatusConversation(session, 'test printer', () => undefined);
    // 64 KiB of ASB, then four stray DLE EOT answers (the last says paper out), all heard before anything is asked:
    // most of it is still unread when the request goes out.
    const early = new Uint8Array(64 * 1024 + 4);
    for (let at = 0; at < 64 * 1024; at += 4) early.set([0x10, 0, 0, 0], at);
    early.set([0x12, 0x12, 0x12, 0x7e], 64 * 1024);
    hear(early);
    const reading = conversation.readStatus(2_000);
    hear(Uint8Array.of(0x12, 0x12, 0x12, 0x12));
    expect(await reading).toMatchObject({ paper: 'ok', offline: false });
  });

  it('an answer queued behind a flood is read even when the printer hangs up right after it', async () => {
    // 8 MB of ASB, then the four answers, then the printer closes: the answers wait behind what is still unread.
    const flood = Buffer.alloc(8 * MB);
    for (let at = 0; at < flood.length; at += 4) flood.set([0x10, 0x00, 0x00, 0x00], at);
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.write(flood);
      socket.once('data', () => socket.end(Uint8Array.of(0x12, 0x12, 0x12, 0x12 | 0x0c)));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const session = await openTcpSession({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, connectTimeoutMs: 2_000 });
    const conversation = new StatusConversation(session, 'hanging-up printer', () => undefined);
    try {
      expect(await conversation.readStatus(5_000)).toMatchObject({ paper: 'near-end' });
    } finally {
      session.abort();
    }
  });
});
