/**
 * How long print() waits for the service to take a ticket (its `ack`), counted from print(): waiting for a
 * connection and resends after drops included. A 30 s budget spans the first three reconnection attempts (3, 6 and
 * 12 s apart), enough for a service that restarts, and tells the cashier well before a queue of customers forms.
 */
export const DEFAULT_ACK_TIMEOUT_MS = 30_000;

/**
 * How long print() waits for the `result` once the service has taken the ticket. The service itself ends every job in
 * bounded time (a TCP printer in 10 s, CUPS in 20 s, the Windows spooler in 15 s; a held job is answered within
 * 5 s), so 60 s covers a job and a few queued before it on the same printer. A POS that sends bursts to one slow
 * printer raises it.
 */
export const DEFAULT_RESULT_TIMEOUT_MS = 60_000;

/** The longest delay setTimeout keeps (longer ones fire at once); anything beyond counts as no bound. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A timeout option: a positive number of ms, or Infinity for no bound. Throws a RangeError for anything else. */
export function timeoutOption(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new RangeError(`${name} must be a number of milliseconds above 0, or Infinity for no limit (got ${String(value)})`);
  }
  return value;
}

/** setTimeout for `ms`, or nothing when there is no bound. */
export function startTimer(ms: number, callback: () => void): ReturnType<typeof setTimeout> | undefined {
  return ms > LONGEST_TIMER_MS ? undefined : setTimeout(callback, ms);
}

/** `1.5 s`, `60 s`, `300 ms`: a bound as the error texts name it. */
export function shownDuration(ms: number): string {
  return ms < 1_000 ? `${ms} ms` : `${Number((ms / 1_000).toFixed(1))} s`;
}
