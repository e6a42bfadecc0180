/*
 * Outside services (translation, organization admin, campus) fail in the same few ways; the main process decides
 * which (services/http/error-meaning.ts) and the window and the CLI say it in the person's language.
 */

/**
 * What went wrong talking to an outside service, as data: the window turns `kind` into Spanish or English text and
 * the CLI has its own small table, so this error never carries prose for people — only facts for support.
 */
export type ServiceFailureKind =
  /** No key configured for the service. */
  | 'key-missing'
  /** 401/403: the service refused the key. */
  | 'key-rejected'
  /** 456: the account's character quota for this billing period is used up. */
  | 'quota-exceeded'
  /** 429/529: the service asks us to slow down. */
  | 'too-many-requests'
  /** 413: the request (or document) is larger than the service accepts. */
  | 'too-large'
  /** 414: the request address is too long. */
  | 'uri-too-long'
  /** 400 and other 4xx: the service refused the request; `serviceMessage` says why in its own words. */
  | 'bad-request'
  /** 404: the resource (document, glossary…) does not exist or is gone (a document downloads once). */
  | 'not-found'
  /** 5xx. */
  | 'server'
  /** No answer within the attempt's time or the whole budget. */
  | 'timeout'
  /** Nothing listens at the address (service down, wrong URL, firewall). */
  | 'refused'
  /** The connection failed or broke (DNS, reset, TLS…). */
  | 'network'
  /** The service answered something that is not what its interface describes. */
  | 'bad-response'
  /** The answer was far larger than any real one (a wrong address, a broken or hostile server): not read, not saved. */
  | 'answer-too-large'
  /** The caller cancelled. */
  | 'cancelled';

/** A failed call to an outside service as facts: the window words `kind` in its own language. */
export interface ServiceFailure {
  kind: ServiceFailureKind;
  status?: number;
  /** `X-Trace-ID` of the failing answer, for support. */
  traceId?: string;
  /** The service's own `message` (a 400 says why in its words; shown as it is). */
  serviceMessage?: string;
  /** For `bad-response`: which field was wrong, in English, for support. */
  detail?: string;
}
