import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A CloudPRNT server written from Star's CloudPRNT Developer Guide (poll POST → JSON, job GET with `type`/`mac`/
 * `token`, confirmation DELETE or GET `&delete` with `code`), on 127.0.0.1 only. It queues jobs by token, records every
 * request, and can misbehave the ways the tests need: lose confirmations, answer polls with anything, serve a job
 * through a custom handler (slow, endless, huge, wrong type). A job may be queued for one printer (its `mac`), as a
 * server with a kitchen and a counter printer keeps one queue each; a confirmation without a token clears the job
 * that printer was offered (the guide's DELETE "to clear the current job").
 */
export interface QueuedJob {
  token: string;
  /** Offered only to the printer polling with this `printerMAC` (any printer when left out). */
  mac?: string;
  /** Body per media type offered. */
  bodies: Record<string, string | Uint8Array>;
  deleteMethod?: 'DELETE' | 'GET';
  /** Serves the GET itself instead of `bodies` (slow, endless, lying about its type…). */
  serve?: (response: ServerResponse, type: string) => void;
  headers?: Record<string, string>;
}

export interface Confirmation {
  method: string;
  code: string | null;
  token: string | null;
  mac: string | null;
  lost: boolean;
}

export interface CloudPrntTestServer {
  url: string;
  port: number;
  polls: Record<string, unknown>[];
  gets: URLSearchParams[];
  confirmations: Confirmation[];
  jobs: QueuedJob[];
  queue(job: QueuedJob): void;
  /** The next `count` confirmations are received (and recorded) but answered with a dropped connection. */
  loseConfirmations(count: number): void;
  /** Answers polls with this instead of the queue (a JSON bomb, a redirect…). */
  answerPollsWith(handler: ((response: ServerResponse, poll: Record<string, unknown>) => void) | null): void;
  /** Extra fields for every poll answer (clientAction requests…), sent once. */
  nextPollExtras(extras: Record<string, unknown>): void;
  close(): Promise<void>;
}

const forPrinter = (job: QueuedJob, mac: string): boolean => job.mac === undefined || job.mac === mac;

export async function startCloudPrntServer(): Promise<CloudPrntTestServer> {
  const polls: Record<string, unknown>[] = [];
  const gets: URLSearchParams[] = [];
  const confirmations: Confirmation[] = [];
  const jobs: QueuedJob[] = [];
  let toLose = 0;
  let pollHandler: ((response: ServerResponse, poll: Record<string, unknown>) => void) | null = null;
  let extras: Record<string, unknown> | null = null;

  const confirm = (request: IncomingMessage, response: ServerResponse, query: URLSearchParams): void => {
    const lost = toLose > 0;
    if (lost) toLose -= 1;
    const code = query.get('code');
    const token = query.get('token');
    confirmations.push({ method: request.method ?? '', code, token, mac: query.get('mac'), lost });
    if (lost) {
      response.socket?.destroy();
      return;
    }
    // As Star's sample server: any code but a download timeout (520) clears the job; the server decides the rest.
    if (!code?.startsWith('520')) {
      const mac = query.get('mac') ?? '';
      const index = token === null ? jobs.findIndex((job) => forPrinter(job, mac)) : jobs.findIndex((job) => job.token === token && forPrinter(job, mac));
      if (index >= 0) jobs.splice(index, 1);
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = url.searchParams;
    if (request.method === 'POST') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const poll = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        polls.push(poll);
        if (pollHandler) return pollHandler(response, poll);
        const job = jobs.find((candidate) => forPrinter(candidate, String(poll['printerMAC'] ?? '')));
        const answer: Record<string, unknown> = job
          ? { jobReady: true, mediaTypes: Object.keys(job.bodies), jobToken: job.token, deleteMethod: job.deleteMethod ?? 'DELETE' }
          : { jobReady: false };
        if (extras) Object.assign(answer, extras);
        extras = null;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
      return;
    }
    if (request.method === 'DELETE' || (request.method === 'GET' && query.has('delete'))) return confirm(request, response, query);
    if (request.method === 'GET') {
      gets.push(query);
      const job = jobs.find((candidate) => candidate.token === query.get('token') && forPrinter(candidate, query.get('mac') ?? ''));
      const type = query.get('type') ?? '';
      if (!job) return void response.writeHead(404).end();
      if (job.serve) return job.serve(response, type);
      const body = job.bodies[type];
      if (body === undefined) return void response.writeHead(415).end();
      response.writeHead(200, { 'content-type': type, ...job.headers }).end(body);
      return;
    }
    response.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cloudprnt`,
    port,
    polls,
    gets,
    confirmations,
    jobs,
    queue: (job) => jobs.push(job),
    loseConfirmations: (count) => (toLose = count),
    answerPollsWith: (handler) => (pollHandler = handler),
    nextPollExtras: (next) => (extras = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
