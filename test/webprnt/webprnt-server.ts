import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webPrntRoute } from '../../src/main/services/webprnt/webprnt-route';
import type { WebPrntDeps, WebPrntOutcome, WebPrntPrintRequest } from '../../src/main/services/webprnt/webprnt-intake';

/** The door served by a plain HTTP server on loopback, with an intake that records what it is asked to print. */
export interface DoorUnderTest {
  url: string;
  printed: WebPrntPrintRequest[];
  preflights: number;
  /** The next outcomes the intake gives, in order (printed once they run out). */
  outcomes: WebPrntOutcome[];
  allowedOrigins: Set<string>;
  close(): Promise<void>;
}

export async function startDoor(extra: Partial<WebPrntDeps> = {}): Promise<DoorUnderTest> {
  const door: DoorUnderTest = {
    printed: [],
    preflights: 0,
    outcomes: [],
    allowedOrigins: new Set(['http://pos.example']),
    url: '',
    close: () => Promise.resolve(),
  };
  const route = webPrntRoute({
    intake: {
      print: (request) => {
        door.printed.push(request);
        return Promise.resolve(door.outcomes.shift() ?? { kind: 'printed' });
      },
    },
    cors: {
      preflight: (_request, response) => {
        door.preflights += 1;
        response.writeHead(204, { 'Access-Control-Allow-Origin': 'http://pos.example' });
        response.end();
      },
      admit: (request) => {
        const origin = request.headers.origin;
        const address = request.socket.remoteAddress ?? 'unknown';
        if (origin === undefined) return Promise.resolve({ caller: { kind: 'anyone', address }, headers: {} });
        if (!door.allowedOrigins.has(origin)) return Promise.resolve('site-not-allowed');
        return Promise.resolve({ caller: { kind: 'site', origin, address }, headers: { 'Access-Control-Allow-Origin': origin } });
      },
    },
    ...extra,
  });
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    void Promise.resolve(route(request, response, url)).then((handled) => {
      if (!handled) {
        response.writeHead(404);
        response.end('other route');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  door.url = `http://127.0.0.1:${port}`;
  door.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return door;
}

export interface Answer {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/** POSTs like StarWebPrintTrader (text/xml, from a page's origin). */
export function post(url: string, body: string | ((request: http.ClientRequest) => void), options: { origin?: string; method?: string } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'text/xml; charset=UTF-8' };
    if (options.origin !== undefined) headers['Origin'] = options.origin;
    const request = http.request(url, { method: options.method ?? 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers, ms: performance.now() - started }));
      response.on('error', reject);
    });
    request.on('error', reject);
    if (typeof body === 'string') request.end(body);
    else body(request);
  });
}
