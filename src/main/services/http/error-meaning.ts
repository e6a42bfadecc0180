import { rememberSecrets, redactOutsideText } from './redact-secrets';
import { ServiceError, type ServiceErrorKind } from './service-error';

/**
 * The one table of what an HTTP status means for every outside service Ticketera talks to. 529 is the translation
 * service's "same as 429"; 456 is its quota status.
 */
export function kindOfStatus(status: number): ServiceErrorKind {
  if (status === 401 || status === 403) return 'key-rejected';
  if (status === 456) return 'quota-exceeded';
  if (status === 429 || status === 529) return 'too-many-requests';
  if (status === 413) return 'too-large';
  if (status === 414) return 'uri-too-long';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/** Answers worth another try: the service is busy or briefly broken. 501/505… are not going to change. */
const RETRYABLE_STATUSES = new Set([429, 529, 500, 502, 503, 504]);

export interface AnswerFacts {
  service: string;
  status: number;
  traceId?: string | undefined;
  retryAfter?: string | undefined;
  /** The raw error body, if any (its `message` is kept, secrets removed). */
  body?: string | undefined;
  /** Values that must never appear in an error (API keys): removed from the service's message. */
  secrets?: readonly string[];
}

export function errorFromAnswer(facts: AnswerFacts): ServiceError {
  // The ServiceError built below redacts with every remembered key: this call's keys are among them from now on.
  rememberSecrets(facts.secrets ?? []);
  const retryAfterMs = parseRetryAfter(facts.retryAfter);
  const serviceMessage = messageOfBody(facts.body, facts.secrets ?? []);
  return new ServiceError({
    kind: kindOfStatus(facts.status),
    service: facts.service,
    status: facts.status,
    retryable: RETRYABLE_STATUSES.has(facts.status),
    attempts: 1,
    ...(facts.traceId ? { traceId: facts.traceId } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(serviceMessage ? { serviceMessage } : {}),
  });
}

const REFUSED_CODES = new Set(['ECONNREFUSED']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ECONNABORTED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** A failure without an answer (no HTTP status): refused, timed out or another network error, all worth a retry. */
export function errorFromFailure(service: string, failure: unknown): ServiceError {
  const code = errorCodeOf(failure);
  const kind: ServiceErrorKind = code && REFUSED_CODES.has(code) ? 'refused' : code && TIMEOUT_CODES.has(code) ? 'timeout' : 'network';
  return new ServiceError({ kind, service, retryable: true, attempts: 1, ...(code ? { cause: code } : {}) });
}

/** Node, undici (fetch) and axios put the system code at different depths: `code`, `cause.code`, `error.code`. */
export function errorCodeOf(failure: unknown, depth = 0): string | undefined {
  if (typeof failure !== 'object' || failure === null || depth > 4) return undefined;
  const record = failure as { code?: unknown; cause?: unknown; error?: unknown; errors?: unknown };
  if (typeof record.code === 'string' && /^[A-Z_]+$/.test(record.code)) return record.code;
  if (Array.isArray(record.errors)) {
    for (const inner of record.errors) {
      const code = errorCodeOf(inner, depth + 1);
      if (code) return code;
    }
  }
  return errorCodeOf(record.cause, depth + 1) ?? errorCodeOf(record.error, depth + 1);
}

/** `Retry-After` is seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * An error body larger than this is not parsed for its `message`: real ones are a few hundred bytes, and parsing runs
 * on the thread that answers the print clients (a 16 KiB body of nested brackets takes about 3 ms, 1 MiB 180 ms).
 */
const MAX_PARSED_ERROR_BODY = 16 * 1024;

/** The `message` (and `detail`) of a JSON error body, or undefined; redacted (redact-secrets) so no key leaks into a log. */
export function messageOfBody(body: string | undefined, secrets: readonly string[]): string | undefined {
  if (!body || body.length > MAX_PARSED_ERROR_BODY) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { message, detail } = parsed as { message?: unknown; detail?: unknown };
  const parts = [message, detail].filter((part): part is string => typeof part === 'string' && part.length > 0);
  if (parts.length === 0) return undefined;
  return redactOutsideText(parts.join(': '), { secrets });
}

/** Kept for callers that name their keys: the same redaction as every other outside text (redact-secrets). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return redactOutsideText(text, { secrets });
}
