import type { ServiceFailure } from '../../../shared/contract/service-failure';
import { redactOutsideText } from '../http/redact-secrets';
import { ServiceError } from '../http/service-error';

/** A failed call to an outside service as the facts the window words in its own language; undefined for other errors. */
export function serviceFailureOf(error: unknown): ServiceFailure | undefined {
  if (!(error instanceof ServiceError)) return undefined;
  // What the server sent is redacted where the error is made; again here, as this answer is all the window gets.
  return {
    kind: error.kind,
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.traceId !== undefined ? { traceId: redactOutsideText(error.traceId) } : {}),
    ...(error.serviceMessage !== undefined ? { serviceMessage: redactOutsideText(error.serviceMessage) } : {}),
    // A bad answer's field at fault (see admin-client); for other kinds the cause is a network code, for logs only.
    ...(error.kind === 'bad-response' && error.causeCode !== undefined ? { detail: redactOutsideText(error.causeCode) } : {}),
  };
}

/**
 * Runs an outside service's calls for the window: a failure `failureOf` recognises comes back as data in the answer
 * (an error thrown across Electron's context bridge keeps only its message), anything else — a bug — propagates as a
 * failed call.
 */
export function answering<F>(failureOf: (error: unknown) => F | undefined) {
  return async <T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; failure: F }> => {
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      const failure = failureOf(error);
      if (failure === undefined) throw error;
      return { ok: false, failure };
    }
  };
}
