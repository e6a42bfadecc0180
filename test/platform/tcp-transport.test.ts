import { spawn } from 'node:child_process';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTcpTransport } from '../../src/main/platform/tcp/tcp-transport';
import { startTcpSink, type TcpSink } from '../support/tcp-sink';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function sink(): Promise<TcpSink> {
  const started = await startTcpSink();
  cleanups.push(() => started.close());
  return started;
}

/** A port nobody listens on: bind one, note it, close it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A printer that accepts connections and then never reads: its buffers fill and the sender stalls. */
async function silentPrinter(): Promise<number> {
  const sockets: net.Socket[] = [];
  const server = net.createServer({ pauseOnConnect: true }, (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return (server.address() as net.AddressInfo).port;
}

/**
 * A printer that never answers a connection: a listener with a one-slot accept queue in a stopped process. Once
 * filler connections take the queue, the kernel drops further SYNs, exactly like a powered-off printer's address.
 */
async function unresponsivePrinter(): Promise<number> {
  const script =
    "const s=require('net').createServer(()=>{});" +
    "s.listen({port:0,host:'127.0.0.1',backlog:1},()=>{process.stdout.write(s.address().port+'\\n');process.kill(process.pid,'SIGSTOP')})";
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const fillers: net.Socket[] = [];
  cleanups.push(async () => {
    for (const filler of fillers) filler.destroy();
    child.kill('SIGKILL');
  });
  const port = await new Promise<number>((resolve) => child.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim()))));
  for (let index = 0; index < 4; index += 1) {
    const filler = net.createConnection({ host: '127.0.0.1', port });
    filler.on('error', () => undefined);
    fillers.push(filler);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return port;
}

const bytes = (size: number) => Uint8Array.from({ length: size }, (_, index) => (index * 31 + 7) % 256);

describe('tcp transport', () => {
  it('delivers every byte, identical, one connection per job', async () => {
    const printer = await sink();
    const transport = createTcpTransport(printer.uri, { host: '127.0.0.1', port: printer.port });
    const first = bytes(200_000);
    const second = bytes(3);
    await transport.send({ id: 'a', bytes: first });
    await printer.waitForJobs(1, 5_000);
    await transport.send({ id: 'b', bytes: second });
    const [one, two] = await printer.waitForJobs(2, 5_000);
    expect(one?.equals(Buffer.from(first))).toBe(true);
    expect(two).toEqual(Buffer.from(second));
  });

  it('fails fast with PRINTER when the printer refuses the connection', async () => {
    const port = await closedPort();
    const started = Date.now();
    await expect(createTcpTransport(`tcp://127.0.0.1:${port}`, { host: '127.0.0.1', port }).send({ id: 'a', bytes: bytes(10) })).rejects.toThrow(
      `PRINTER: printer at 127.0.0.1:${port} refused the connection (is it on, and is the port right?)`,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails with PRINTER in bounded time when the printer accepts but never reads', { timeout: 40_000 }, async () => {
    const port = await silentPrinter();
    // Larger than the loopback socket buffers on both sides, so the write can never finish.
    const job = { id: 'a', bytes: new Uint8Array(64 * 1024 * 1024).fill(0x1b) };
    const started = Date.now();
    await expect(createTcpTransport(`tcp://127.0.0.1:${port}`, { host: '127.0.0.1', port, timeoutMs: 800, stallMs: 800 }).send(job)).rejects.toThrow(
      `PRINTER: printer at 127.0.0.1:${port} stopped taking the job (67108864 bytes) and took nothing more for 800 ms, so the connection was reset`,
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(700);
    // The loopback stack keeps acknowledging while its buffers grow (several MB, ~4 s on an idle machine, up to ~18 s
    // on a loaded one): that is bytes moving, and a job is never cut while they move; then the stall bound.
    expect(elapsed).toBeLessThan(30_000);
  });

  it.runIf(process.platform !== 'win32')('fails with PRINTER after the connect timeout when the printer never answers the connection', async () => {
    const port = await unresponsivePrinter();
    const started = Date.now();
    await expect(createTcpTransport(`tcp://127.0.0.1:${port}`, { host: '127.0.0.1', port, connectTimeoutMs: 400 }).send({ id: 'a', bytes: bytes(10) })).rejects.toThrow(
      `PRINTER: printer at 127.0.0.1:${port} did not accept a connection within 400 ms`,
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('reports a printer name that does not resolve', async () => {
    await expect(
      createTcpTransport('tcp://printer.invalid:9100', { host: 'printer.invalid', port: 9100, timeoutMs: 3_000 }).send({ id: 'a', bytes: bytes(1) }),
    ).rejects.toThrow(/^PRINTER: printer at printer\.invalid:9100 /);
  });
});
