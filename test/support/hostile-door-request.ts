import http from 'node:http';
import { longestStall, type Stall } from './event-loop-stall';
import type { TestService } from './service-harness';

/**
 * Issue 38 item 9: one request to a vendor door (ePOS-Print, WebPRNT) must never hold the thread that answers every
 * till. The service runs in the test's own process, so the event loop measured (longestStall: this thread's time on a
 * CPU within one gap of a 1 ms timer) is the service's; the hostile body is prepared as bytes before measuring, so
 * sending it costs the loop next to nothing.
 */

/**
 * Far below the seconds the old code held the loop (9–10 s for the rectangles, 3–5 s for its feeds and
 * prefixes) and several times above what a refused or clipped request takes now (~10–60 ms of one core): a loaded
 * test machine's noise (a GC of the test's own data, another process on the core) stays well under it.
 */
export const HELD_BOUND_MS = 300;

export interface Answered {
  status: number;
  text: string;
}

/** POSTs prepared bytes to `url` over a connection of its own. */
export function postBytes(url: string, body: Buffer, headers: Record<string, string>): Promise<Answered> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { ...headers, 'Content-Length': String(body.length) } }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export interface WhileHostile {
  answer: Answered;
  /** How long the loop was held while the request was answered, with a till's ticket and a /health beside it. */
  stall: Stall;
  /** /health's status, asked while the hostile request was being answered. */
  health: number;
  /** The till's ticket's result, sent while the hostile request was being answered. */
  ticket: { status: string; mensaje: string };
}

/**
 * Sends the hostile body to `path` and, at the same time, a till's `/ws` ticket (`tillText` on a line, then a cut)
 * and a `/health` request, measuring the loop until all three are answered.
 */
export async function hostileBesideTill(running: TestService, path: string, body: Buffer, headers: Record<string, string>, tillText: string): Promise<WhileHostile> {
  const till = await running.connect();
  const id = `caja-${Math.random().toString(36).slice(2)}`;
  let answer: Answered | undefined;
  let health = 0;
  let ticket: { status: string; mensaje: string } | undefined;
  try {
    const stall = await longestStall(async () => {
      const hostile = postBytes(`${running.httpUrl}${path}`, body, headers);
      const healthy = new Promise<number>((resolve) => {
        http.get(`${running.httpUrl}/health`, { agent: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        }).on('error', () => resolve(0));
      });
      till.send({ tipo: 'ticket', id, datos: { version: '1.0', commands: [{ type: 'text', data: { text: tillText } }, { type: 'cut' }] } });
      [answer, health] = await Promise.all([hostile, healthy]);
      const result = await till.next('result', (message) => message.id === id, 60_000);
      ticket = { status: result.status, mensaje: result.mensaje };
    });
    if (!answer || !ticket) throw new Error(`the hostile request or the till's ticket got no answer (held ${Math.round(stall.heldMs)} ms)`);
    return { answer, stall, health, ticket };
  } finally {
    till.close();
  }
}
