import { AsyncLocalStorage } from 'node:async_hooks';
import diagnosticsChannel from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

/** What the last HTTP answer inside an observed call said, whatever library sent the request. */
export interface AnswerSeen {
  status: number;
  traceId?: string;
  retryAfter?: string;
  /** An error body (status ≥ 400) as the library's transport read it (see noteErrorBody), for its `message`. */
  errorBody?: string;
}

interface Observation {
  signal: AbortSignal;
  last?: AnswerSeen;
}

const observations = new AsyncLocalStorage<Observation>();

/**
 * Official client libraries (deepl-node: axios underneath) neither take an AbortSignal nor expose response headers.
 * Node announces every outgoing request on a diagnostics channel; a request made inside `observeExchange` is tied
 * to that call (AsyncLocalStorage follows the library's promises), so we can abort its socket when the signal fires
 * and read the status, `X-Trace-ID` and `Retry-After` of its answer — without patching the library. The body is
 * never read here: a second reader switches the stream to flowing before the library listens, and the library then
 * waits forever for data already gone (a download's 404 once hung `translate-document` that way).
 */
diagnosticsChannel.subscribe('http.client.request.start', (message) => {
  const observation = observations.getStore();
  if (!observation) return;
  const { request } = message as { request: ClientRequest };
  const abort = (): void => void request.destroy(new AbortedByCaller());
  if (observation.signal.aborted) {
    abort();
    return;
  }
  observation.signal.addEventListener('abort', abort, { once: true });
  request.once('close', () => observation.signal.removeEventListener('abort', abort));
  request.once('response', (response: IncomingMessage) => {
    const answer: AnswerSeen = { status: response.statusCode ?? 0 };
    const traceId = headerText(response.headers['x-trace-id']);
    const retryAfter = headerText(response.headers['retry-after']);
    if (traceId) answer.traceId = traceId;
    if (retryAfter) answer.retryAfter = retryAfter;
    observation.last = answer;
  });
});

export class AbortedByCaller extends Error {
  constructor() {
    super('request aborted');
    this.name = 'AbortedByCaller';
  }
}

export interface Observed<T> {
  value?: T;
  failure?: unknown;
  failed: boolean;
  answer?: AnswerSeen;
}

/**
 * Runs `call` (which sends its requests through Node's http/https) so that `signal` aborts them and answers are seen.
 * When `signal` fires the call is given up at once, even if the library never settles its promise (it may wait on a
 * stream that will not end): a caller's time limit always holds, and a CLI never exits as if nothing had happened.
 */
export async function observeExchange<T>(signal: AbortSignal, call: () => Promise<T>): Promise<Observed<T>> {
  const observation: Observation = { signal };
  let giveUp = (): void => undefined;
  const abandoned = new Promise<never>((_resolve, reject) => {
    giveUp = () => reject(new AbortedByCaller());
    if (signal.aborted) giveUp();
    else signal.addEventListener('abort', giveUp, { once: true });
  });
  try {
    const value = await Promise.race([observations.run(observation, call), abandoned]);
    return { value, failed: false, ...(observation.last ? { answer: observation.last } : {}) };
  } catch (failure) {
    return { failure, failed: true, ...(observation.last ? { answer: observation.last } : {}) };
  } finally {
    signal.removeEventListener('abort', giveUp);
  }
}

/** The signal of the observed call this code runs in (the attempt's time limit or the caller's cancel), if any. */
export function exchangeSignal(): AbortSignal | undefined {
  return observations.getStore()?.signal;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Told by the transport that read an error answer's body (bounded, see answer-limits) inside an observed call: kept
 * with that answer, for the service's `message`.
 */
export function noteErrorBody(text: string): void {
  const last = observations.getStore()?.last;
  if (last && last.status >= 400) last.errorBody = text;
}
