import type { ServiceFailureKind } from '../../../shared/contract/service-failure';
import { redactOutsideText } from './redact-secrets';
/** What went wrong talking to an outside service (the list and each kind's meaning: shared/contract/service-failure). */
export type ServiceErrorKind = ServiceFailureKind;

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

  constructor(given: ServiceErrorData) {
    // Every error of every outside service passes here before anyone shows, logs or keeps it: what the server sent
    // (trace ID, message, a field value in `cause`) is redacted and capped once, here.
    const data = withOutsideTextRedacted(given);
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

function withOutsideTextRedacted(data: ServiceErrorData): ServiceErrorData {
  const clean = { ...data };
  if (clean.traceId !== undefined) clean.traceId = redactOutsideText(clean.traceId);
  if (clean.serviceMessage !== undefined) clean.serviceMessage = redactOutsideText(clean.serviceMessage);
  if (clean.cause !== undefined) clean.cause = redactOutsideText(clean.cause);
  return clean;
}

/** For logs and stack traces only: people get text chosen by `kind`. */
function technicalSummary(data: ServiceErrorData): string {
  const parts = [`${data.service} service: ${data.kind}`];
  if (data.status !== undefined) parts.push(`HTTP ${data.status}`);
  if (data.traceId !== undefined) parts.push(`trace ${data.traceId}`);
  if (data.cause !== undefined) parts.push(data.cause);
  return parts.join(', ');
}
