import { LONE_SURROGATE } from './job-token';

/**
 * The job's GET and its confirmation (Star CloudPRNT Developer Guide, "4. Print job requests (GET)" and "5. Print job
 * confirmation"): the parameters go in the query of `jobGetUrl` / `jobConfirmationUrl` when the server gave them,
 * else of the polled URL, whose own query is kept (servers put their printer or shop id there). Values are
 * percent-encoded with %20 for a space, as devices send `code=200%20OK`.
 */
export interface JobParams {
  mac: string;
  /** Left out of a confirmation for a job whose token cannot be sent back: the guide's DELETE then clears the current job. */
  token: string | undefined;
  uid: string | undefined;
}

export function jobGetUrl(base: string, mediaType: string, params: JobParams): string {
  return withQuery(base, [...common(params), ['type', mediaType]]);
}

/** The confirmation; for `deleteMethod: "GET"` the same query plus a bare `delete` parameter. */
export function confirmationUrl(base: string, code: string, params: JobParams, asGet: boolean): string {
  return withQuery(base, [...common(params), ['code', code], ...(asGet ? [['delete', null] as const] : [])]);
}

function common(params: JobParams): (readonly [string, string | null])[] {
  return [...(params.uid ? [['uid', params.uid] as const] : []), ['mac', params.mac], ...(params.token !== undefined ? [['token', params.token] as const] : [])];
}

function withQuery(base: string, pairs: readonly (readonly [string, string | null])[]): string {
  const url = new URL(base);
  const added = pairs.map(([key, value]) => (value === null ? key : `${key}=${queryValue(value)}`)).join('&');
  url.search = url.search.length > 1 ? `${url.search}&${added}` : `?${added}`;
  return url.href;
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'gu');

/**
 * Percent-encoded, never thrown on: encodeURIComponent throws "URI malformed" on half a surrogate pair, which has no
 * UTF-8 form; it becomes U+FFFD, as URLSearchParams writes it. A job token is checked before (job-token): a token is
 * never sent changed.
 */
const queryValue = (value: string): string => encodeURIComponent(value.replace(LONE_SURROGATES, '\ufffd'));

/** A URL the server gave (relative ones resolved against the polled URL); only http(s) on the same origin is used. */
export function serverGivenUrl(given: string | undefined, serverUrl: string): string {
  if (!given) return serverUrl;
  try {
    const url = new URL(given, serverUrl);
    return url.origin === new URL(serverUrl).origin ? url.href : serverUrl;
  } catch {
    return serverUrl;
  }
}
