import { errorFromAnswer, errorFromFailure, redactSecrets } from '../http/error-meaning';
import { CampusStatusError } from './campus-status-error';

/** One GET's answer: any HTTP status (the campus service sends its errors inside the body, see campus-client). */
export interface CampusHttpAnswer {
  status: number;
  body: string;
  traceId?: string;
}

/**
 * The longest answer read. The changelog (the larger method) is about 2 KB after years of changes; 1 MiB leaves room
 * for decades and stops a wrong address (a video, a log file) from filling the memory of the shop's computer.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * One attempt, like http/send-request's `sendOnce` but reading at most `maxBytes` of the body and giving the body of
 * every status to the caller: the campus service puts its error codes in `meta.status`, so a 4xx body may still say
 * more than the HTTP status. Network failures become the shared ServiceError kinds; the URL (which carries the key)
 * never reaches an error.
 */
export async function getOnce(
  url: string,
  call: { service: string; signal: AbortSignal; secrets: readonly string[]; maxBytes?: number },
): Promise<CampusHttpAnswer> {
  const maxBytes = call.maxBytes ?? MAX_BODY_BYTES;
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json, application/xml;q=0.9, */*;q=0.1' }, signal: call.signal });
    body = await boundedText(response, maxBytes);
  } catch (failure) {
    if (failure instanceof CampusStatusError) throw failure;
    // Aborted: the retry loop knows whether it was the caller or the time limit.
    if (call.signal.aborted) throw failure;
    throw errorFromFailure(call.service, failure);
  }
  const traceId = response.headers.get('x-trace-id') ?? undefined;
  return { status: response.status, body, ...(traceId ? { traceId } : {}) };
}

/** For a status ≥ 400 whose body is no campus envelope: the shared table of what an HTTP status means. */
export function httpError(service: string, answer: CampusHttpAnswer, secrets: readonly string[]) {
  return errorFromAnswer({ service, status: answer.status, traceId: answer.traceId, body: answer.body, secrets });
}

async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new CampusStatusError('body-too-large', { detail: `${declared} bytes announced, at most ${maxBytes} read` });
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new CampusStatusError('body-too-large', { detail: `more than ${maxBytes} bytes` });
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/** A URL fit for a log line: the `key` parameter's value replaced, and any other secret removed. */
export function redactedUrl(url: string, secrets: readonly string[] = []): string {
  try {
    const parsed = new URL(url);
    if (parsed.searchParams.has('key')) parsed.searchParams.set('key', 'redacted');
    return redactSecrets(parsed.toString(), secrets);
  } catch {
    return redactSecrets(url.replace(/([?&]key=)[^&#]*/gi, '$1redacted'), secrets);
  }
}
