import net from 'node:net';

/** A raw-TCP "printer" on loopback that records every connection's bytes, like a port-9100 receipt printer. */
export interface TcpSink {
  port: number;
  uri: string;
  /** Bytes of each finished connection, in arrival order. */
  jobs: Buffer[];
  totalBytes(): number;
  waitForJobs(count: number, timeoutMs?: number): Promise<Buffer[]>;
  close(): Promise<void>;
}

export async function startTcpSink(port = 0): Promise<TcpSink> {
  const jobs: Buffer[] = [];
  const waiters: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      jobs.push(Buffer.concat(chunks));
      for (const wake of waiters.splice(0)) wake();
    });
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
