import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { resultTextOf } from '../../../src/shared/job-error';
import { createTcpTransport } from '../../../src/main/platform/tcp/tcp-transport';
import type { TcpEntry, TcpEntryReader } from '../../../src/main/platform/tcp/tcp-entry';
import { windowsTcpEntryReader } from '../../../src/main/platform/tcp/windows-tcp-table';
import { report } from './report';

/**
 * Windows' TCP tables (iphlpapi.dll's GetTcpTable and GetTcp6Table through koffi) read under Wine, around
 * connections to a loopback "printer" the test runs on the Linux side (Wine's sockets are the host's). Loopback
 * only: the host is always 127.0.0.1 (or the same address IPv4-mapped), only the port comes from the test.
 *   socket PORT SIZE [mapped]   connects, reads the entry, sends SIZE bytes and half-closes, waits for the connection
 *                               to end, and reads the entry again at once and 200 ms later; times the reads.
 *                               `mapped`: over an IPv6 socket to ::ffff:127.0.0.1 (the IPv6 table, mapped addresses)
 *   transport PORT SIZE         the same job through createTcpTransport, the table read by windowsTcpEntryReader
 */
const HOST = '127.0.0.1';
const MAPPED_HOST = '::ffff:127.0.0.1';

type Seen = TcpEntry | 'gone' | 'unreadable';
const seen = (entry: TcpEntry | 'gone' | undefined): Seen => entry ?? 'unreadable';

function job(size: number): Buffer {
  return Buffer.from(Uint8Array.from({ length: size }, (_, index) => 0x20 + (index % 90)));
}

function addressesOf(socket: net.Socket): { localAddress: string; localPort: number; remoteAddress: string; remotePort: number } {
  return { localAddress: socket.localAddress ?? '', localPort: socket.localPort ?? 0, remoteAddress: socket.remoteAddress ?? '', remotePort: socket.remotePort ?? 0 };
}

/** What a read said, how long it held the event loop (until its promise was returned), and how long it took in all. */
async function timedRead(read: TcpEntryReader): Promise<{ entry: Seen; syncMs: number; totalMs: number }> {
  const started = performance.now();
  const pending = read();
  const syncMs = performance.now() - started;
  const entry = seen(await pending);
  return { entry, syncMs, totalMs: performance.now() - started };
}

function summary(samples: number[]): { median: number; max: number; count: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number): number => Math.round(value * 1000) / 1000;
  return { median: round(sorted[Math.floor(sorted.length / 2)] ?? 0), max: round(sorted.at(-1) ?? 0), count: sorted.length };
}

async function socketCase(port: number, size: number, host: string): Promise<void> {
  const socket = net.createConnection({ host, port, allowHalfOpen: true });
  const events: string[] = [];
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', (error: NodeJS.ErrnoException) => events.push(`error ${error.code ?? error.message}`));
  socket.once('end', () => events.push('end'));
  socket.once('close', (hadError) => events.push(`close${hadError ? ' (error)' : ''}`));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const addresses = addressesOf(socket);

  const creating = performance.now();
  const read = windowsTcpEntryReader(addresses);
  const createMs = performance.now() - creating;
  if (!read) {
    socket.destroy();
    report({ error: 'no reader', platform: process.platform, addresses });
    return;
  }
  const first = await timedRead(read);
  const reads = [first];
  // More reads of the table while connected: how long each holds the event loop, and takes in all.
  for (let index = 0; index < 20; index += 1) reads.push(await timedRead(read));

  socket.resume();
  socket.end(job(size));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
  await Promise.race([closed, timeout]);
  const atClose = await timedRead(read);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const later = await timedRead(read);
  reads.push(atClose, later);
  socket.destroy();
  report({
    platform: process.platform,
    addresses,
    events,
    connected: first.entry,
    atClose: atClose.entry,
    later: later.entry,
    createMs,
    // The first read apart: it also starts koffi's worker thread.
    heldLoopMs: { first: first.syncMs, rest: summary(reads.slice(1).map((one) => one.syncMs)) },
    readMs: { first: first.totalMs, rest: summary(reads.slice(1).map((one) => one.totalMs)) },
  });
}

async function transportCase(port: number, size: number): Promise<void> {
  const entries: Seen[] = [];
  const transport = createTcpTransport(`tcp://${HOST}:${port}`, {
    host: HOST,
    port,
    timeoutMs: 5_000,
    entryReader: (socket) => {
      const read = windowsTcpEntryReader(addressesOf(socket));
      if (!read) return undefined;
      // Each answer the transport got, for the test to see the table was asked (and what it said).
      return async () => {
        const entry = await read();
        entries.push(seen(entry));
        return entry;
      };
    },
  });
  const started = Date.now();
  try {
    await transport.send({ id: `wine-${process.pid}`, bytes: new Uint8Array(job(size)) });
    report({ ok: true, entries, ms: Date.now() - started });
  } catch (error) {
    report({ ok: false, error: resultTextOf(error), entries, ms: Date.now() - started });
  }
}

async function main(command: string | undefined, args: string[]): Promise<void> {
  const port = Number(args[0]);
  const size = Number(args[1] ?? 1024);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`bad port ${args[0] ?? ''}`);
  if (command === 'socket') return socketCase(port, size, args[2] === 'mapped' ? MAPPED_HOST : HOST);
  if (command === 'transport') return transportCase(port, size);
  throw new Error(`unknown command ${command ?? ''}`);
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  report({ crashed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
});
