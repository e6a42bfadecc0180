import net from 'node:net';

/** Bytes made only of real-time status requests (ESC/POS `DLE EOT n`, Star's `ESC ACK SOH`). */
function statusRequestsOnly(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.length % 3 !== 0) return false;
  for (let at = 0; at < bytes.length; at += 3) {
    const dleEot = bytes[at] === 0x10 && bytes[at + 1] === 0x04 && (bytes[at + 2] ?? 0) >= 1 && (bytes[at + 2] ?? 0) <= 4;
    const star = bytes[at] === 0x1b && bytes[at + 1] === 0x06 && bytes[at + 2] === 0x01;
    if (!dleEot && !star) return false;
  }
  return true;
}

/** A raw-TCP "printer" on loopback that records every connection's bytes, like a port-9100 receipt printer. */
export interface TcpSink {
  port: number;
  uri: string;
  /** Bytes of each finished connection, in arrival order (connections that only asked for status are not jobs). */
  jobs: Buffer[];
  totalBytes(): number;
  waitForJobs(count: number, timeoutMs?: number): Promise<Buffer[]>;
  close(): Promise<void>;
}

/**
 * How the sink printer behaves on each connection:
 * - `reads-and-closes` (default): reads everything, closes when the sender half-closes (what AppSocket printers do);
 * - `holds-open`: reads everything but never closes the connection itself (printers that ignore a half-close);
 * - `never-reads`: accepts the connection and never reads or closes (a stalled printer);
 * - `closes-at-once`: accepts each connection and closes it at once, reading nothing;
 * - `resets-after`: reads `bytes` bytes, then resets the connection (RST);
 * - `hangs-up-after`: reads `bytes` bytes, then half-closes (FIN) and stops reading.
 */
export type SinkBehaviour =
  | { kind: 'reads-and-closes' }
  | { kind: 'holds-open' }
  | { kind: 'never-reads' }
  | { kind: 'closes-at-once' }
  | { kind: 'resets-after'; bytes: number }
  | { kind: 'hangs-up-after'; bytes: number };

export async function startTcpSink(port = 0, behaviour: SinkBehaviour = { kind: 'reads-and-closes' }): Promise<TcpSink> {
  const jobs: Buffer[] = [];
  const waiters: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const record = (bytes: Buffer): void => {
    // The service asks a printer whether it reads back (a status request on a connection of its own): not a job.
    if (statusRequestsOnly(bytes)) return;
    jobs.push(bytes);
    for (const wake of waiters.splice(0)) wake();
  };
  const plain = behaviour.kind === 'reads-and-closes';
  const server = net.createServer({ allowHalfOpen: !plain, pauseOnConnect: !plain }, (socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    const chunks: Buffer[] = [];
    switch (behaviour.kind) {
      case 'reads-and-closes':
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('close', () => record(Buffer.concat(chunks)));
        return;
      case 'holds-open':
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('end', () => record(Buffer.concat(chunks)));
        socket.resume();
        return;
      case 'never-reads':
        return;
      case 'closes-at-once':
        record(Buffer.alloc(0));
        socket.destroy();
        return;
      case 'resets-after':
      case 'hangs-up-after': {
        const limit = behaviour.bytes;
        const take = (): void => {
          // read(n) takes exactly n bytes from what has arrived: the rest is left unread, as a printer would.
          const chunk = socket.read(limit) as Buffer | null;
          if (chunk === null) return;
          socket.off('readable', take);
          record(chunk);
          if (behaviour.kind === 'resets-after') socket.resetAndDestroy();
          else socket.end();
        };
        socket.on('readable', take);
        return;
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as net.AddressInfo).port;
  return {
    port: actualPort,
    uri: `tcp://127.0.0.1:${actualPort}`,
    jobs,
    totalBytes: () => jobs.reduce((sum, job) => sum + job.length, 0),
    async waitForJobs(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (jobs.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`sink saw ${jobs.length} of ${count} jobs within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return jobs.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
