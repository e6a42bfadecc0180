/**
 * What went wrong talking to an outside service, as data: the window turns `kind` into Spanish or English text and
 * the CLI has its own small table, so this error never carries prose for people — only facts for support.
 */
export type ServiceErrorKind =
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
  /** The caller cancelled. */
  | 'cancelled';

export interface ServiceErrorData {
  kind: ServiceErrorKind;
  /** Which outside service: `translation`, `admin`, `campus`… */
  service: string;
  /** HTTP status when the service answered. */
  status?: number;
  /** The service's `X-Trace-ID` of the failing answer: support asks for it. */
  traceId?: string;
  /** The wait the service asked for with `Retry-After`, in milliseconds. */
  retryAfterMs?: number;
  /** The service's own description (`message` of its error body), secrets removed; shown as-is only where useful. */
  serviceMessage?: string;
  /** Whether trying again later may work; the retry policy uses it. */
  retryable: boolean;
  /** Attempts made before giving up. */
  attempts: number;
  /** Low-level cause for logs (an error code such as ECONNRESET), never shown as the message. */
  cause?: string;
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly service: string;
  readonly status: number | undefined;
  readonly traceId: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly serviceMessage: string | undefined;
  readonly retryable: boolean;
  readonly attempts: number;
  readonly causeCode: string | undefined;

  constructor(data: ServiceErrorData) {
    super(technicalSummary(data));
    this.name = 'ServiceError';
    this.kind = data.kind;
    this.service = data.service;
    this.status = data.status;
    this.traceId = data.traceId;
    this.retryAfterMs = data.retryAfterMs;
    this.serviceMessage = data.serviceMessage;
    this.retryable = data.retryable;
    this.attempts = data.attempts;
    this.causeCode = data.cause;
  }

  data(): ServiceErrorData {
    return {
      kind: this.kind,
      service: this.service,
      retryable: this.retryable,
      attempts: this.attempts,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.traceId !== undefined ? { traceId: this.traceId } : {}),
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
      ...(this.serviceMessage !== undefined ? { serviceMessage: this.serviceMessage } : {}),
      ...(this.causeCode !== undefined ? { cause: this.causeCode } : {}),
    };
  }

  /** The same failure after more attempts (the retry loop reports how many it made). */
  withAttempts(attempts: number): ServiceError {
    return new ServiceError({ ...this.data(), attempts });
  }

  toJSON(): ServiceErrorData {
    return this.data();
  }
}

/** For logs and stack traces only: people get text chosen by `kind`. */
function technicalSummary(data: ServiceErrorData): string {
  const parts = [`${data.service} service: ${data.kind}`];
  if (data.status !== undefined) parts.push(`HTTP ${data.status}`);
  if (data.traceId !== undefined) parts.push(`trace ${data.traceId}`);
  if (data.cause !== undefined) parts.push(data.cause);
  return parts.join(', ');
}
