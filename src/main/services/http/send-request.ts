import { ERROR_ANSWER_LIMIT, JSON_ANSWER_LIMIT } from './answer-limits';
import { errorFromAnswer, errorFromFailure } from './error-meaning';
import type { RetryPolicy } from './retry-policy';
import { runWithRetries } from './run-with-retries';
import { ServiceError } from './service-error';

export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** `X-Trace-ID` of this answer, for support. */
  traceId?: string;
  /** The body as received: hand these to read-off-thread, which decodes a large one off this thread. */
  bytes: Uint8Array;
  /** The body as text, decoded when first asked for (16 MiB of two-byte text takes 60–200 ms to decode). */
  readonly body: string;
}

export interface ServiceCall {
  service: string;
  policy: RetryPolicy;
  signal?: AbortSignal | undefined;
  /** Keys and tokens that must never reach an error text (a campus key travels in the query string). */
  secrets?: readonly string[];
  /** The longest answer read (see answer-limits); JSON_ANSWER_LIMIT when left out. */
  maxBodyBytes?: number;
}

/** How one attempt reads its answer. */
export interface AttemptOptions {
  service: string;
  signal: AbortSignal;
  secrets?: readonly string[];
  /** Read at most this many bytes of the body (BodyTooLargeError past it); JSON_ANSWER_LIMIT when left out. */
  maxBodyBytes?: number;
  /**
   * For a service that answers its errors inside the body whatever the HTTP status (the campus API's `meta.status`):
   * an answer ≥ 400 whose body this accepts is handed back instead of becoming a ServiceError.
   */
  readsErrorBody?: (body: string) => boolean;
}

/**
 * An answer longer than the caller allows: not read (a wrong address serving a video must not fill the memory). A
 * ServiceError of kind `answer-too-large`, never retried (the same server would send the same answer); `detail` says
 * how large, for logs and support.
 */
export class BodyTooLargeError extends ServiceError {
  constructor(
    service: string,
    readonly detail: string,
    traceId?: string,
  ) {
    super({ kind: 'answer-too-large', service, retryable: false, attempts: 1, cause: detail, ...(traceId ? { traceId } : {}) });
  }
}

/**
 * A request to a service without an official client (admin, campus), under the shared policy: retries, time limits,
 * cancellation and error meanings as for every other outside service. Resolves with 2xx/3xx answers only.
 */
export function sendRequest(request: HttpRequest, call: ServiceCall): Promise<HttpAnswer> {
  return runWithRetries(({ signal }) => sendOnce(request, { ...call, signal }), call);
}

/** One attempt; a status ≥ 400 or a network failure becomes a ServiceError (the URL is never part of it). */
export async function sendOnce(request: HttpRequest, call: AttemptOptions): Promise<HttpAnswer> {
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: call.signal,
    });
    bytes = await boundedBytes(response, call.maxBodyBytes ?? JSON_ANSWER_LIMIT, call.service);
  } catch (failure) {
    if (failure instanceof BodyTooLargeError) throw failure;
    // Aborted: the retry loop knows whether it was the caller or the time limit.
    if (call.signal.aborted) throw failure;
    throw errorFromFailure(call.service, failure);
  }
  const traceId = response.headers.get('x-trace-id') ?? undefined;
  let text: string | undefined;
  const answer: HttpAnswer = {
    status: response.status,
    headers: response.headers,
    bytes,
    get body() {
      return (text ??= decodeUtf8(bytes));
    },
    ...(traceId ? { traceId } : {}),
  };
  if (response.status >= 400 && !call.readsErrorBody?.(answer.body)) {
    throw errorFromAnswer({
      service: call.service,
      status: response.status,
      traceId,
      retryAfter: response.headers.get('retry-after') ?? undefined,
      // Only a short error body is read for its message: decoding a long one would hold this thread for nothing.
      body: decodeUtf8(bytes.subarray(0, ERROR_ANSWER_LIMIT)),
      secrets: call.secrets ?? [],
    });
  }
  return answer;
}

const decodeUtf8 = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);

/** The body counted chunk by chunk as it arrives (after decompression), the request cancelled past `maxBytes` (also for doors that read an outside server themselves: services/sdp). */
export async function boundedBytes(response: Response, maxBytes: number, service: string): Promise<Uint8Array> {
  const traceId = response.headers.get('x-trace-id') ?? undefined;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new BodyTooLargeError(service, `${declared} bytes announced, at most ${maxBytes} read`, traceId);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError(service, `more than ${maxBytes} bytes`, traceId);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
