import { errorFromAnswer, errorFromFailure } from './error-meaning';
import type { RetryPolicy } from './retry-policy';
import { runWithRetries } from './run-with-retries';

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
  body: string;
}

export interface ServiceCall {
  service: string;
  policy: RetryPolicy;
  signal?: AbortSignal | undefined;
  /** Keys and tokens that must never reach an error text (a campus key travels in the query string). */
  secrets?: readonly string[];
}

/**
 * A request to a service without an official client (admin, campus), under the shared policy: retries, time limits,
 * cancellation and error meanings as for every other outside service. Resolves with 2xx/3xx answers only.
 */
export function sendRequest(request: HttpRequest, call: ServiceCall): Promise<HttpAnswer> {
  return runWithRetries(({ signal }) => sendOnce(request, { ...call, signal }), call);
}

/** One attempt; a status ≥ 400 or a network failure becomes a ServiceError (the URL is never part of it). */
export async function sendOnce(request: HttpRequest, call: { service: string; signal: AbortSignal; secrets?: readonly string[] }): Promise<HttpAnswer> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: call.signal,
    });
    body = await response.text();
  } catch (failure) {
    // Aborted: the retry loop knows whether it was the caller or the time limit.
    if (call.signal.aborted) throw failure;
    throw errorFromFailure(call.service, failure);
  }
  const traceId = response.headers.get('x-trace-id') ?? undefined;
  if (response.status >= 400) {
    throw errorFromAnswer({
      service: call.service,
      status: response.status,
      traceId,
      retryAfter: response.headers.get('retry-after') ?? undefined,
      body,
      secrets: call.secrets ?? [],
    });
  }
  return { status: response.status, headers: response.headers, body, ...(traceId ? { traceId } : {}) };
}
