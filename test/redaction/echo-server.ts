import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoRequest {
  method: string;
  url: URL;
  body: string;
}

export interface EchoReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface EchoServer {
  url: string;
  readonly requests: EchoRequest[];
  /** Resolves once `count` requests have been answered in full. */
  answered(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A hostile outside service on 127.0.0.1 (test code only): every request, its body read, gets what `reply` says —
 * a key echoed in a trace ID or a message, a huge body, a body built to make a parser backtrack.
 */
export async function startEchoServer(reply: (request: EchoRequest) => EchoReply): Promise<EchoServer> {
  const requests: EchoRequest[] = [];
  let done = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = { method: incoming.method ?? 'GET', url: new URL(incoming.url ?? '/', 'http://echo.invalid'), body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const answer = reply(request);
      const body = answer.body ?? '';
      response.writeHead(answer.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...answer.headers });
      response.end(body, () => {
        done += 1;
        for (const waiter of waiting.filter((candidate) => candidate.count <= done)) waiter.resolve();
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answered: (count) => (done >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }))),
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
