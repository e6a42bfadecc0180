import net from 'node:net';

/**
 * A raw-TCP printer inside the bench process, so its timestamps share the bench's clock: it reads each connection to
 * the end and notes when the last byte arrived and which job it carried (`JOB:<id>;` in the receipt's text).
 */
export interface TimedSink {
  uri: string;
  /** Resolves with `performance.now()` at the moment job `id`'s connection ended (its last byte had arrived). */
  lastByteOf(id: string): Promise<number>;
  close(): Promise<void>;
}

const JOB_MARK = /JOB:([^;]+);/;

export async function startTimedSink(): Promise<TimedSink> {
  const endedAt = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const sockets = new Set<net.Socket>();
  const record = (id: string, at: number): void => {
    const wake = waiting.get(id);
    if (wake) {
      waiting.delete(id);
      wake(at);
    } else endedAt.set(id, at);
  };
  // allowHalfOpen false (net's default, spelled out): when the service half-closes after its last byte, the sink
  // closes its side in turn, as an AppSocket printer does; that close is what the service waits for.
  const server = net.createServer({ allowHalfOpen: false }, (socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('end', () => {
      const at = performance.now();
      const id = JOB_MARK.exec(Buffer.concat(chunks).toString('latin1'))?.[1];
      if (id !== undefined) record(id, at);
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    uri: `tcp://127.0.0.1:${port}`,
    lastByteOf: (id) =>
      new Promise<number>((resolve) => {
        const at = endedAt.get(id);
        if (at === undefined) waiting.set(id, resolve);
        else {
          endedAt.delete(id);
          resolve(at);
        }
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
