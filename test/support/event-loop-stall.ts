import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Issue 20 item 3: how long an outside service's answer holds the event loop that acknowledges tickets. The hostile
 * server lives in the test process too, so its answers are built as bytes before any measuring: writing a prepared
 * Buffer costs the loop next to nothing, encoding a 16 MiB string would count against the client.
 */

/**
 * The main thread's time on a CPU so far, in ms (Linux: its schedstat), or undefined where that cannot be read. A wall
 * clock gap between two timer runs is this thread working, or it waiting for a CPU: on 2 cores shared by a load of 10
 * the second alone is 20–80 ms now and then, whoever holds the loop. Time on a CPU counts only the first.
 */
function cpuMs(): number | undefined {
  try {
    return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

export interface Stall {
  /** The longest gap between two runs of a 1 ms timer, as the wall clock saw it. */
  wallMs: number;
  /** The longest time this thread spent on a CPU within one such gap: the loop held by work (the wall gap elsewhere). */
  heldMs: number;
}

/** How long the event loop was held while `work` ran (its failure is the caller's to see). */
export async function longestStall(work: () => Promise<unknown>): Promise<Stall> {
  let wallMs = 0;
  let heldMs = 0;
  let last = performance.now();
  let lastCpu = cpuMs();
  const sample = (): void => {
    const now = performance.now();
    const cpu = cpuMs();
    wallMs = Math.max(wallMs, now - last);
    heldMs = Math.max(heldMs, cpu !== undefined && lastCpu !== undefined ? cpu - lastCpu : now - last);
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(sample, 1);
  try {
    await work().catch(() => undefined);
  } finally {
    clearInterval(timer);
  }
  sample();
  return { wallMs, heldMs };
}

/**
 * The best of `tries`: now and then the loop is late for reasons of the computer's own (a GC of the test's own data, a
 * burst of other work), while a parse on this thread holds it every time (hundreds of ms).
 */
export async function bestStall(work: () => Promise<unknown>, tries = 3): Promise<{ best: number; text: string }> {
  const all: Stall[] = [];
  for (let attempt = 0; attempt < tries; attempt++) all.push(await longestStall(work));
  const text = `held ${all.map((stall) => Math.round(stall.heldMs)).join(', ')} ms (wall clock gaps ${all.map((stall) => Math.round(stall.wallMs)).join(', ')} ms)`;
  return { best: Math.min(...all.map((stall) => stall.heldMs)), text };
}

export interface BytesReply {
  status?: number;
  body: Buffer;
  headers?: Record<string, string>;
}

export interface BytesServer {
  url: string;
  /** Paths asked, with their queries, in order. */
  readonly asked: string[];
  /** Resolves once `count` answers have been sent in full. */
  sent(count: number): Promise<void>;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 answering each request with prepared bytes (JSON unless told otherwise). */
export async function startBytesServer(reply: (url: URL) => BytesReply): Promise<BytesServer> {
  const asked: string[] = [];
  let sent = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://hostile.invalid');
      asked.push(`${url.pathname}${url.search}`);
      const answer = reply(url);
      response.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', 'Content-Length': answer.body.length, 'X-Trace-ID': `hostile-${asked.length}`, ...answer.headers });
      response.end(answer.body, () => {
        sent += 1;
        for (const waiter of waiting.filter((candidate) => candidate.count <= sent)) waiter.resolve();
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    sent: (count) => (sent >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }))),
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** `unit` repeated to at most `bytes` UTF-8 bytes. */
export function repeatTo(unit: string, bytes: number): string {
  return unit.repeat(Math.floor(bytes / Buffer.byteLength(unit)));
}

/** How long `GET /health` of a service on `port` took to answer, or Infinity past 5 s. */
export function healthLatency(port: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/health', agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(performance.now() - started));
    });
    request.on('timeout', () => {
      request.destroy();
      resolve(Number.POSITIVE_INFINITY);
    });
    request.on('error', () => resolve(Number.POSITIVE_INFINITY));
  });
}

/** The longest `/health` took to answer, asked every 20 ms while `work` ran, and what `work` gave. */
export async function healthWhile<T>(port: number, work: () => Promise<T>): Promise<{ longest: number; value: T }> {
  let running = true;
  const latencies: number[] = [];
  const polling = (async () => {
    while (running) {
      latencies.push(await healthLatency(port));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let value: T;
  try {
    value = await work();
  } finally {
    running = false;
    // The request under way counts too: it is the one a held loop delays.
    await polling;
  }
  return { value, longest: Math.max(0, ...latencies) };
}
