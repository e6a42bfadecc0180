import type { ErrorCategory } from './protocol.mjs';

/**
 * What went wrong, in a way a POS can act on:
 * - `rejected`: the service refused the ticket before queueing it (queue full, rate limit, no document, a ticket it
 *   could not store); nothing was printed and it is up to the POS to try again.
 * - `print-failed`: the ticket was queued and printing failed; `category` says why (PRINTER: out of paper…).
 * - `connection`: no answer (the service is not reachable, the client was closed, a request timed out).
 * - `local-network-blocked`: the browser's local network permission keeps the page from reaching the service.
 * - `insecure-page`: an https page cannot open a plain `ws://` connection to another computer.
 * - `auth`: the service wants a token and this one is missing or wrong.
 */
export type TicketeraErrorKind = 'rejected' | 'print-failed' | 'connection' | 'local-network-blocked' | 'insecure-page' | 'auth';

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
