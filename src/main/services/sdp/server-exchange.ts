import { errorFromAnswer, errorFromFailure } from '../http/error-meaning';
import { runWithRetries } from '../http/run-with-retries';
import { boundedBytes } from '../http/send-request';
import { ServiceError } from '../http/service-error';
import type { HttpAuthenticator } from './http-auth';

export const SDP_SERVICE = 'sdp';

/** Same-origin redirects followed before giving up; a redirect to another origin is never followed. */
const MAX_REDIRECTS = 3;

export interface SdpPost {
  url: string;
  /** The URL-encoded form a TM-i posts. */
  body: string;
  /** The whole exchange — connect, challenge, redirects, every byte of the answer — or it is aborted. */
  timeoutMs: number;
  /** The answer is counted while it streams and the request aborted past this: an endless answer is never buffered. */
  maxBodyBytes: number;
  auth: HttpAuthenticator;
  /** Values never to appear in an error (the password, keys in the URL's query). */
  secrets: readonly string[];
  signal?: AbortSignal | undefined;
}

/**
 * One POST to an SDP server under Ticketera's outside-service rules (services/http): a time limit for all of it, a
 * size cap checked while streaming, errors as ServiceError whose text never holds the URL, and the shared meaning of
 * HTTP statuses. Redirects are read by hand (fetch would follow them to any host, credentials and all): only
 * same-origin ones are followed. A 401 is answered once with the credentials (Basic or Digest). No retry: the next
 * poll is the retry, as on the printer.
 */
export function postForm(request: SdpPost): Promise<Uint8Array> {
  const policy = { attemptTimeoutMs: request.timeoutMs, maxAttempts: 1, totalBudgetMs: request.timeoutMs, baseDelayMs: 0, maxDelayMs: 0 };
  return runWithRetries(({ signal }) => postOnce(request, signal), { service: SDP_SERVICE, policy, signal: request.signal });
}

async function postOnce(request: SdpPost, signal: AbortSignal): Promise<Uint8Array> {
  let url = new URL(request.url);
  let answeredChallenge = false;
  for (let hop = 0; ; ) {
    const authorization = request.auth.header('POST', url);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
        body: request.body,
        redirect: 'manual',
        signal,
      });
    } catch (failure) {
      if (signal.aborted) throw failure;
      throw errorFromFailure(SDP_SERVICE, failure);
    }
    if (response.status === 401 && !answeredChallenge && request.auth.accept(response.headers.get('www-authenticate'))) {
      await response.body?.cancel();
      answeredChallenge = true;
      continue;
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      url = sameOriginTarget(url, response.headers.get('location') ?? '', hop++);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = await boundedBytes(response, request.maxBodyBytes, SDP_SERVICE);
    } catch (failure) {
      if (failure instanceof ServiceError || signal.aborted) throw failure;
      throw errorFromFailure(SDP_SERVICE, failure);
    }
    if (response.status >= 400) {
      throw errorFromAnswer({
        service: SDP_SERVICE,
        status: response.status,
        retryAfter: response.headers.get('retry-after') ?? undefined,
        body: new TextDecoder().decode(bytes.subarray(0, 4096)),
        secrets: request.secrets,
      });
    }
    return bytes;
  }
}

function sameOriginTarget(current: URL, location: string, hop: number): URL {
  let target: URL;
  try {
    target = new URL(location, current);
  } catch {
    throw badResponse('redirected to an address that is not a URL');
  }
  if (target.origin !== current.origin) throw badResponse('redirected to another server; not followed');
  if (hop + 1 >= MAX_REDIRECTS) throw badResponse(`redirected more than ${MAX_REDIRECTS} times`);
  return target;
}

const badResponse = (cause: string): ServiceError => new ServiceError({ kind: 'bad-response', service: SDP_SERVICE, retryable: false, attempts: 1, cause });
