import { AsyncLocalStorage } from 'node:async_hooks';
import diagnosticsChannel from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

/** What the last HTTP answer inside an observed call said, whatever library sent the request. */
export interface AnswerSeen {
  status: number;
  traceId?: string;
  retryAfter?: string;
  /** The start of an error body (status ≥ 400), for its `message`. */
  errorBody?: string;
}

interface Observation {
  signal: AbortSignal;
  last?: AnswerSeen;
}

const observations = new AsyncLocalStorage<Observation>();
const ERROR_BODY_LIMIT = 4_096;

/**
 * Official client libraries (deepl-node: axios underneath) neither take an AbortSignal nor expose response headers.
 * Node announces every outgoing request on a diagnostics channel; a request made inside `observeExchange` is tied
 * to that call (AsyncLocalStorage follows the library's promises), so we can abort its socket when the signal fires
 * and read the status, `X-Trace-ID` and `Retry-After` of its answer — without patching the library.
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
    if (answer.status >= 400) collectErrorBody(response, answer);
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

/** Runs `call` (which sends its requests through Node's http/https) so that `signal` aborts them and answers are seen. */
export async function observeExchange<T>(signal: AbortSignal, call: () => Promise<T>): Promise<Observed<T>> {
  const observation: Observation = { signal };
  try {
    const value = await observations.run(observation, call);
    return { value, failed: false, ...(observation.last ? { answer: observation.last } : {}) };
  } catch (failure) {
    return { failure, failed: true, ...(observation.last ? { answer: observation.last } : {}) };
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Error bodies are small; a second 'data' listener sees the same chunks as the library's own. */
function collectErrorBody(response: IncomingMessage, answer: AnswerSeen): void {
  let text = '';
  response.on('data', (chunk: Buffer | string) => {
    if (text.length < ERROR_BODY_LIMIT) text += chunk.toString();
    answer.errorBody = text.slice(0, ERROR_BODY_LIMIT);
  });
}
