import { categorized, type ErrorCategory } from './protocol';

/** A job failure that already knows its protocol category; its message is the exact `result` text. */
export class JobError extends Error {
  constructor(
    readonly category: ErrorCategory,
    readonly detail: string,
  ) {
    super(categorized(category, detail));
    this.name = 'JobError';
  }
}

/**
 * A job failure from before any byte of the job left this computer: the printer could not be reached (connection
 * refused, host unreachable, no connection within the bound), the USB device could not be opened or claimed, the
 * spooler refused the job before it existed, or the printer's answer just before the job stopped it. Nothing of it can
 * come out later, so the ticket's id is not final: the same id offered again prints (see the queue's `finish`).
 *
 * Thrown only where that is certain. Anything where a byte may have left (a write started, a connection reset after it
 * connected, a deadline that fired mid-transfer, a spooler that may hold the job) stays a plain JobError and counts as
 * sent: printing a ticket twice is worse than not printing it. Same category, text and name (`JobError`) as the
 * failure it stands for: only the queue's rule for the id tells them apart.
 */
export class NothingSentError extends JobError {}

/** The same failure, marked as one that sent nothing; anything that is not a JobError is left as it is (counts as sent). */
export function nothingSent(error: unknown): unknown {
  if (error instanceof NothingSentError || !(error instanceof JobError)) return error;
  return new NothingSentError(error.category, error.detail);
}

/** The `result` text for anything a job throws: categorized errors keep their text, the rest become EXECUTION. */
export function resultTextOf(error: unknown): string {
  if (error instanceof JobError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return categorized('EXECUTION', detail || 'unexpected failure');
}
