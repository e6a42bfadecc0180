import { fetch, type Dispatcher, type Response } from 'undici';
import { errorFromAnswer, errorFromFailure } from '../http/error-meaning';
import { rememberSecrets } from '../http/redact-secrets';
import { runWithRetries } from '../http/run-with-retries';
import { BodyTooLargeError } from '../http/send-request';
import { ServiceError } from '../http/service-error';

export const CLOUDPRNT_SERVICE = 'cloudprnt';

/** Same-origin redirects followed before giving up; a redirect to another origin is never followed. */
const MAX_REDIRECTS = 3;

export interface ServerRequest {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  body?: string;
  contentType?: string;
  /** The whole exchange — connect, redirects, every byte of the body — or it is aborted (a byte a second never ends). */
  timeoutMs: number;
  /** The body is counted while it streams and the request aborted past this (a 2 GB job is never buffered). */
  maxBodyBytes: number;
  /** Basic authentication for the server, if it asks for one (the guide: "HTTP Basic Authentication"). */
  credentials?: { user: string; password: string } | undefined;
  signal?: AbortSignal | undefined;
  /** The connections to use (an image host named by a server on the internet: public-only-dispatcher). */
  dispatcher?: Dispatcher | undefined;
}

export interface ServerAnswer {
  status: number;
  contentType: string;
  headers: Headers;
  bytes: Uint8Array;
}

/**
 * One HTTP exchange with a CloudPRNT server (or an image host) under Ticketera's outside-service rules
 * (services/http): a time limit, a size cap checked while streaming, errors as ServiceError whose text never holds the
 * URL, and secrets redacted. Redirects are read by hand (fetch would follow them to any host): only same-origin ones
 * are followed. No retry: the next poll is the retry.
 */
export function exchange(request: ServerRequest): Promise<ServerAnswer> {
  const { url, headers, secrets } = withoutUrlCredentials(request);
  rememberSecrets(secrets);
  const policy = { attemptTimeoutMs: request.timeoutMs, maxAttempts: 1, totalBudgetMs: request.timeoutMs, baseDelayMs: 0, maxDelayMs: 0 };
  return runWithRetries(({ signal }) => exchangeOnce(request, url, headers, secrets, signal), { service: CLOUDPRNT_SERVICE, policy, signal: request.signal });
}

async function exchangeOnce(request: ServerRequest, startUrl: string, headers: Record<string, string>, secrets: string[], signal: AbortSignal): Promise<ServerAnswer> {
  let url = startUrl;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method,
        headers,
        redirect: 'manual',
        signal,
        ...(request.dispatcher ? { dispatcher: request.dispatcher } : {}),
        ...(request.body !== undefined ? { body: request.body } : {}),
      });
    } catch (failure) {
      if (signal.aborted) throw failure;
      throw errorFromFailure(CLOUDPRNT_SERVICE, failure);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      url = sameOriginTarget(url, response.headers.get('location') ?? '', hop);
      continue;
    }
    const bytes = await boundedBody(response, request.maxBodyBytes, signal);
    if (response.status >= 400) {
      throw errorFromAnswer({
        service: CLOUDPRNT_SERVICE,
        status: response.status,
        retryAfter: response.headers.get('retry-after') ?? undefined,
        body: new TextDecoder().decode(bytes.subarray(0, 4096)),
        secrets,
      });
    }
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', headers: response.headers, bytes };
  }
}

function sameOriginTarget(current: string, location: string, hop: number): string {
  let target: URL;
  try {
    target = new URL(location, current);
  } catch {
    throw badResponse('redirected to an address that is not a URL');
  }
  if (target.origin !== new URL(current).origin) throw badResponse('redirected to another server; not followed');
  if (hop >= MAX_REDIRECTS) throw badResponse(`redirected more than ${MAX_REDIRECTS} times`);
  return target.href;
}

const badResponse = (cause: string): ServiceError => new ServiceError({ kind: 'bad-response', service: CLOUDPRNT_SERVICE, retryable: false, attempts: 1, cause });

/** The body chunk by chunk, cancelled past `maxBytes` or when the time is up, before anything is kept. */
async function boundedBody(response: Response, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new BodyTooLargeError(CLOUDPRNT_SERVICE, `${declared} bytes announced, at most ${maxBytes} read`);
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new BodyTooLargeError(CLOUDPRNT_SERVICE, `more than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (failure) {
    if (failure instanceof ServiceError || signal.aborted) throw failure;
    throw errorFromFailure(CLOUDPRNT_SERVICE, failure);
  }
  return Buffer.concat(chunks);
}

/**
 * fetch refuses URLs with `user:password@`; the guide's clients send Basic authentication, so those become the
 * header. The password and the query's values (a server may put its key there) are secrets from here on.
 */
function withoutUrlCredentials(request: ServerRequest): { url: string; headers: Record<string, string>; secrets: string[] } {
  const parsed = new URL(request.url);
  const user = request.credentials?.user ?? decodeURIComponent(parsed.username);
  const password = request.credentials?.password ?? decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  const headers: Record<string, string> = {};
  if (request.contentType) headers['content-type'] = request.contentType;
  if (user || password) headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const secrets = [password, ...[...parsed.searchParams.values()].filter((value) => value.length >= 8)].filter((value) => value.length > 0);
  return { url: parsed.href, headers, secrets };
}
