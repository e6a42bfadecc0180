import { TicketeraError } from './errors.mjs';
import { ERROR_TEXT, confirmationOf, splitCategory } from './protocol.mjs';
import type { WebSocketLike } from './socket.mjs';

export interface PrintResult {
  id: string;
  /** The service's result text, e.g. `Print completed in 42ms (printed: confirmed by the printer)`. */
  mensaje: string;
  /** `printed`: the printer confirmed paper; `delivered`: it took every byte but cannot confirm; `unknown`: a spooler said it has the job. */
  confirmation: 'printed' | 'delivered' | 'unknown';
}

export interface Ack {
  id: string;
  /** Jobs in the service's queue when it took this one. */
  current: number;
  capacity: number;
}

/** How long an ack may take before the connection is taken for dead (a cable pulled leaves a socket that looks open). */
export const ACK_TIMEOUT_MS = 10_000;

interface PendingTicket {
  id: string;
  frame: string;
  onAck?: (ack: Ack) => void;
  resolve(result: PrintResult): void;
  reject(error: TicketeraError): void;
  /** Went out at least once: no longer counted among the tickets waiting for a connection. */
  everSent: boolean;
  sentOn?: WebSocketLike;
  ackTimer?: ReturnType<typeof setTimeout>;
}

/**
 * Tickets from print() until their result. Kept in the order given: on every (re)connection all of them go out in
 * that order, the ones sent before a drop with the same id, so the service answers those from what it knows.
 */
export class TicketBook {
  private readonly tickets = new Map<string, PendingTicket>();

  constructor(private readonly report: (error: unknown) => void) {}

  has(id: string): boolean {
    return this.tickets.has(id);
  }

  /** Tickets that have never gone out (given while not connected). */
  get waiting(): number {
    let count = 0;
    for (const ticket of this.tickets.values()) if (!ticket.everSent) count += 1;
    return count;
  }

  add(ticket: Omit<PendingTicket, 'everSent'>): void {
    this.tickets.set(ticket.id, { ...ticket, everSent: false });
  }

  /** Sends every ticket not yet out on `socket`; `onSilence` runs when one gets no answer in time. */
  sendWaiting(socket: WebSocketLike, onSilence: (id: string) => void): void {
    for (const ticket of this.tickets.values()) {
      if (ticket.sentOn === socket) continue;
      ticket.sentOn = socket;
      ticket.everSent = true;
      ticket.ackTimer = setTimeout(() => onSilence(ticket.id), ACK_TIMEOUT_MS);
      socket.send(ticket.frame);
    }
  }

  acknowledged(ack: Ack): void {
    const ticket = this.tickets.get(ack.id);
    if (!ticket) return;
    clearTimeout(ticket.ackTimer);
    if (!ticket.onAck) return;
    try {
      ticket.onAck(ack);
    } catch (error) {
      this.report(error);
    }
  }

  finished(id: string, status: 'success' | 'error', mensaje: string): void {
    const ticket = this.take(id);
    if (!ticket) return;
    if (status === 'success') return ticket.resolve({ id, mensaje, confirmation: confirmationOf(mensaje) });
    const { category, text } = splitCategory(mensaje);
    ticket.reject(new TicketeraError('print-failed', text, { id, ...(category ? { category } : {}) }));
  }

  /** An immediate `error` for a ticket: refused before it was queued. */
  refused(id: string, mensaje: string): void {
    const ticket = this.take(id);
    if (!ticket) return;
    if (mensaje === ERROR_TEXT.badToken) return ticket.reject(new TicketeraError('auth', mensaje, { id }));
    const { category, text } = splitCategory(mensaje);
    ticket.reject(new TicketeraError('rejected', text, { id, ...(category ? { category } : {}) }));
  }

  /** The connection dropped: every unfinished ticket goes out again on the next one. */
  dropped(): void {
    for (const ticket of this.tickets.values()) {
      clearTimeout(ticket.ackTimer);
      delete ticket.sentOn;
    }
  }

  failAll(error: (id: string, everSent: boolean) => TicketeraError): void {
    for (const ticket of this.tickets.values()) {
      this.take(ticket.id);
      ticket.reject(error(ticket.id, ticket.everSent));
    }
  }

  private take(id: string): PendingTicket | undefined {
    const ticket = this.tickets.get(id);
    if (!ticket) return undefined;
    clearTimeout(ticket.ackTimer);
    this.tickets.delete(id);
    return ticket;
  }
}
