import net from 'node:net';

/** A plain TCP client of a printer port that keeps every byte the printer sends back. */
export interface RawClient {
  socket: net.Socket;
  /** Everything received so far. */
  received(): Buffer;
  /** Resolves with the first `count` bytes received, once they are in. */
  waitForBytes(count: number, timeoutMs?: number): Promise<Buffer>;
  /** Resolves when the printer has closed the connection, with what it sent. */
  closed: Promise<Buffer>;
  write(bytes: Uint8Array | number[]): Promise<void>;
}

export async function connectRaw(port: number): Promise<RawClient> {
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  const waiters = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    for (const wake of waiters) wake();
  });
  socket.on('error', () => undefined);
  const received = (): Buffer => Buffer.concat(chunks);
  const closed = new Promise<Buffer>((resolve) => socket.once('close', () => resolve(received())));
  return {
    socket,
    received,
    closed,
    write: (bytes) => new Promise<void>((resolve, reject) => socket.write(Uint8Array.from(bytes), (error) => (error ? reject(error) : resolve()))),
    waitForBytes: (count, timeoutMs = 5_000) =>
      new Promise<Buffer>((resolve, reject) => {
        const check = (): void => {
          if (received().length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received().subarray(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} bytes from the printer within ${timeoutMs} ms, got ${received().toString('hex')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}
