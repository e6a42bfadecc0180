import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TCP_STATE, tcpEntryReader } from '../../src/main/platform/tcp/tcp-table';
import { addressBytes } from '../../src/main/platform/tcp/address-bytes';
import { createTcpTransport, type TcpTransportOptions } from '../../src/main/platform/tcp/tcp-transport';
import { startTcpSink, type SinkBehaviour, type TcpSink } from '../support/tcp-sink';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function printer(behaviour: SinkBehaviour): Promise<TcpSink> {
  const started = await startTcpSink(0, behaviour);
  cleanups.push(() => started.close());
  return started;
}

const transportTo = (sink: TcpSink, options: Partial<TcpTransportOptions> = {}) =>
  createTcpTransport(sink.uri, { host: '127.0.0.1', port: sink.port, ...options });

const bytes = (size: number) => Uint8Array.from({ length: size }, (_, index) => (index * 31 + 7) % 256);

/** Runs a send and reports how it ended and how long it took. */
async function outcome(send: Promise<void>): Promise<{ error: string | undefined; ms: number }> {
  const started = Date.now();
  try {
    await send;
    return { error: undefined, ms: Date.now() - started };
  } catch (error) {
    return { error: (error as Error).message, ms: Date.now() - started };
  }
}

describe('tcp transport: when a job counts as printed', () => {
  it('succeeds at once when the printer reads the job and closes after the half-close', async () => {
    const sink = await printer({ kind: 'reads-and-closes' });
    const job = bytes(50_000);
    const result = await outcome(transportTo(sink, { resetGraceMs: 50 }).send({ id: 'a', bytes: job }));
    expect(result.error).toBeUndefined();
    // The printer's own close is the proof: no waiting beyond the short reset grace.
    expect(result.ms).toBeLessThan(2_000);
    expect((await sink.waitForJobs(1))[0]?.equals(Buffer.from(job))).toBe(true);
  });

  it('fails with PRINTER when the printer reads 28 bytes and resets the connection', async () => {
    const sink = await printer({ kind: 'resets-after', bytes: 28 });
    const result = await outcome(transportTo(sink, { timeoutMs: 5_000 }).send({ id: 'a', bytes: bytes(2_000) }));
    expect(result.error).toBe(`PRINTER: printer at 127.0.0.1:${sink.port} closed the connection before taking the whole job`);
    expect(result.ms).toBeLessThan(2_000);
    expect((await sink.waitForJobs(1))[0]).toHaveLength(28);
  });

  it('fails with PRINTER, without waiting for the timeout, when the printer hangs up after 28 bytes', async () => {
    const sink = await printer({ kind: 'hangs-up-after', bytes: 28 });
    // More than the loopback buffers hold, so the printer's FIN arrives while the job is still being written.
    const job = { id: 'a', bytes: new Uint8Array(64 * 1024 * 1024).fill(0x1b) };
    const result = await outcome(transportTo(sink, { timeoutMs: 8_000 }).send(job));
    expect(result.error).toBe(`PRINTER: printer at 127.0.0.1:${sink.port} closed the connection before taking the whole job`);
    expect(result.ms).toBeLessThan(4_000);
  });

  it.runIf(process.platform === 'linux')(
    'fails with PRINTER at the timeout when the printer never reads, even though the kernel took every byte',
    async () => {
      const sink = await printer({ kind: 'never-reads' });
      // Fits this side's socket buffer (the write "finishes" at once) but not the stalled peer's window.
      const job = { id: 'a', bytes: bytes(600_000) };
      // It takes nothing: failed once nothing moved for the stall bound, however long the job.
      const result = await outcome(transportTo(sink, { timeoutMs: 1_200, stallMs: 1_200 }).send(job));
      expect(result.error).toBe(
        `PRINTER: printer at 127.0.0.1:${sink.port} stopped taking the job (600000 bytes) and took nothing more for 1200 ms, so the connection was reset`,
      );
      expect(result.ms).toBeGreaterThanOrEqual(1_100);
      expect(result.ms).toBeLessThan(3_000);
    },
  );

  it('fails at the timeout when the printer keeps the connection open, though its stack acknowledged every byte', async () => {
    // Acknowledged is not printed: a printer busy with another connection acknowledges from its backlog just the same.
    const sink = await printer({ kind: 'holds-open' });
    const job = bytes(200_000);
    // No print time (raw bytes that feed no paper): only the close's own wait.
    const result = await outcome(transportTo(sink, { timeoutMs: 1_000 }).send({ id: 'a', bytes: job, printMs: 0 }));
    expect(result.error).toBe(
      `PRINTER: printer at 127.0.0.1:${sink.port} did not confirm it took the whole job (200000 bytes) within 1000 ms (it did not close the connection in turn), so the connection was reset`,
    );
    expect(result.ms).toBeGreaterThanOrEqual(900);
    expect(result.ms).toBeLessThan(3_000);
  });

  it('where the system cannot say what the kernel did, still catches resets and still waits for a close in turn', async () => {
    const unknown = { entryReader: () => undefined, timeoutMs: 1_000 };
    const closes = await printer({ kind: 'reads-and-closes' });
    expect((await outcome(transportTo(closes, unknown).send({ id: 'a', bytes: bytes(5_000) }))).error).toBeUndefined();
    const holds = await printer({ kind: 'holds-open' });
    expect((await outcome(transportTo(holds, unknown).send({ id: 'b', bytes: bytes(5_000) }))).error).toMatch(/did not confirm it took the whole job/);
    const resets = await printer({ kind: 'resets-after', bytes: 28 });
    expect((await outcome(transportTo(resets, unknown).send({ id: 'c', bytes: bytes(2_000) }))).error).toMatch(/closed the connection before taking the whole job/);
  });
});

describe.runIf(process.platform === 'linux')('the kernel\'s entry for a connection (Linux, /proc/net/tcp)', () => {
  async function connectedTo(server: net.Server): Promise<net.Socket> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = net.createConnection({ host: '127.0.0.1', port: (server.address() as net.AddressInfo).port, allowHalfOpen: true });
    cleanups.push(async () => {
      socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    return socket;
  }
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('reads ESTABLISHED with nothing unacknowledged once a reading peer took everything, and the backlog for a peer that stopped reading', async () => {
    const peers: net.Socket[] = [];
    const reading = await connectedTo(net.createServer((peer) => void peers.push(peer.resume())));
    const readingEntry = tcpEntryReader(reading);
    await new Promise<void>((resolve) => reading.write(Buffer.alloc(100_000), () => resolve()));
    await pause(100);
    expect(await readingEntry?.()).toEqual({ state: TCP_STATE.established, unacknowledged: 0 });

    const stalled = await connectedTo(net.createServer({ pauseOnConnect: true }, (peer) => void peers.push(peer)));
    const stalledEntry = tcpEntryReader(stalled);
    await new Promise<void>((resolve) => stalled.write(Buffer.alloc(600_000), () => resolve()));
    await pause(100);
    const entry = await stalledEntry?.();
    expect(entry).toMatchObject({ state: TCP_STATE.established });
    expect(typeof entry === 'object' ? entry.unacknowledged : 0).toBeGreaterThan(0);
    for (const peer of peers) peer.destroy();
  });

  it('reads TIME_WAIT after the peer closed in turn, even once the socket is closed, and gone after a reset', async () => {
    const inTurn = await connectedTo(net.createServer((peer) => void peer.resume()));
    const inTurnEntry = tcpEntryReader(inTurn);
    inTurn.end('job');
    await new Promise((resolve) => inTurn.once('close', resolve));
    expect(await inTurnEntry?.()).toEqual({ state: TCP_STATE.timeWait, unacknowledged: 0 });

    const reset = await connectedTo(net.createServer((peer) => void peer.on('data', () => peer.resetAndDestroy())));
    const resetEntry = tcpEntryReader(reset);
    reset.on('error', () => undefined);
    reset.write('job');
    await new Promise((resolve) => reset.once('close', resolve));
    expect(await resetEntry?.()).toBe('gone');
  });

  it('finds connections over IPv6 and gives no reader for a socket that is not connected', async () => {
    const server = net.createServer((peer) => void peer.resume());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '::1', resolve);
    }).catch(() => undefined);
    if (server.listening) {
      const socket = net.createConnection({ host: '::1', port: (server.address() as net.AddressInfo).port });
      await new Promise((resolve) => socket.once('connect', resolve));
      await new Promise<void>((resolve) => socket.write('x', () => resolve()));
      await pause(50);
      expect(await tcpEntryReader(socket)?.()).toEqual({ state: TCP_STATE.established, unacknowledged: 0 });
      socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(tcpEntryReader(new net.Socket())).toBeUndefined();
  });
});

describe('addressBytes', () => {
  it('expands every notation Node reports', () => {
    expect(addressBytes('127.0.0.1')).toEqual(Buffer.from([127, 0, 0, 1]));
    expect(addressBytes('::1')).toEqual(Buffer.from([...Array.from({ length: 15 }, () => 0), 1]));
    expect(addressBytes('::ffff:127.0.0.1')).toEqual(Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1]));
    expect(addressBytes('fe80::1%eth0')?.subarray(0, 2)).toEqual(Buffer.from([0xfe, 0x80]));
    expect(addressBytes('2001:db8:1:2:3:4:5:6')?.readUInt16BE(14)).toBe(6);
    expect(addressBytes('printer.local')).toBeUndefined();
  });
});
