import type { ErrorCategory } from './protocol.mjs';

/**
 * What went wrong, in a way a POS can act on:
 * - `rejected`: the service refused the ticket before queueing it (queue full, rate limit, no document, a ticket it
 *   could not store); nothing was printed and it is up to the POS to try again.
 * - `print-failed`: the ticket was queued and printing failed; `category` says why (PRINTER: out of paper…).
 * - `timeout`: the ticket went to the service and no answer came in time (`ackTimeoutMs`, `resultTimeoutMs`). It may
 *   still print: ask again with the same id, never print it under a new one.
 * - `protocol`: an answer from the service could not be read (a field missing or of the wrong type, too large). For a
 *   ticket, it may have printed: ask again with the same id.
 * - `connection`: no answer (the service is not reachable, the client was closed, a request timed out).
 * - `local-network-blocked`: the browser's local network permission keeps the page from reaching the service.
 * - `insecure-page`: an https page cannot open a plain `ws://` connection to another computer.
 * - `auth`: the service wants a token and this one is missing or wrong.
 * - `expired` (fleet only): the ticket's expiry passed before the shop took it; the broker drops it, or the shop
 *   refused it as too old. It was not printed.
 */
export type TicketeraErrorKind =
  | 'rejected'
  | 'print-failed'
  | 'timeout'
  | 'protocol'
  | 'connection'
  | 'local-network-blocked'
  | 'insecure-page'
  | 'auth'
  | 'expired';

export class TicketeraError extends Error {
  override readonly name = 'TicketeraError';
  readonly kind: TicketeraErrorKind;
  /** The protocol's category, for errors the service reported as `CATEGORY: text`. */
  readonly category?: ErrorCategory;
  /** What happened, readable: the service's text without its category, or the client's own explanation. */
  readonly text: string;
  /** The ticket this is about. */
  readonly id?: string;

  constructor(kind: TicketeraErrorKind, text: string, details: { category?: ErrorCategory; id?: string } = {}) {
    super(details.category ? `${details.category}: ${text}` : text);
    this.kind = kind;
    this.text = text;
    if (details.category !== undefined) this.category = details.category;
    if (details.id !== undefined) this.id = details.id;
  }
}

/**
 * What a POS must do with a ticket whose outcome is unknown. Printing it under a new id could print the sale twice;
 * the same id is safe: the service answers an id it knows from its journal (acknowledged while pending, its stored
 * result once finished) instead of printing it again.
 */
export function unknownOutcomeAdvice(id: string): string {
  return `It may still print: do not print it again under a new id. To learn what happened, print it again with the same id (${id}); Ticketera answers an id it already has from its journal and does not print it twice.`;
}
