import { shownDuration, startTimer } from './deadlines.mjs';
import { TicketeraError, unknownOutcomeAdvice } from './errors.mjs';
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
export const ACK_SILENCE_MS = 10_000;

type Timer = ReturnType<typeof setTimeout>;

export interface NewTicket {
  id: string;
  frame: string;
  onAck?: (ack: Ack) => void;
  resolve(result: PrintResult): void;
  reject(error: TicketeraError): void;
  /** From print() to the first ack. */
  ackTimeoutMs: number;
  /** From the first ack to the result. */
  resultTimeoutMs: number;
}

interface PendingTicket extends NewTicket {
  /** Went out at least once: no longer counted among the tickets waiting for a connection, and it may print. */
  everSent: boolean;
  acked: boolean;
  /** Armed on each send until the service answers: no answer in time and the connection is taken for dead. */
  silence?: Timer;
  /** print()'s bound: the ack's until the first ack, then the result's. It runs on across reconnections. */
  deadline?: Timer;
}

/**
 * Tickets from print() until their result. Kept in the order given: on every (re)connection all of them go out in
 * that order, the ones sent before a drop with the same id, so the service answers those from what it knows.
 * Every operation costs the same however many tickets wait: sending takes from `unsent`, never scans them all.
 */
export class TicketBook {
  private readonly tickets = new Map<string, PendingTicket>();
  /** Not yet sent on the current connection, in the order given. */
  private unsent = new Set<PendingTicket>();
  private neverSent = 0;
  /**
   * Silence watches of tickets given up on (ack bound) before their ack came on the connection they went out on:
   * that connection may still be dead, so it is still watched, until any answer for the id.
   */
  private readonly orphanSilences = new Map<string, Timer>();

  constructor(private readonly report: (error: unknown) => void) {}

  has(id: string): boolean {
    return this.tickets.has(id);
  }

  /** Tickets that have never gone out (given while not connected). */
  get waiting(): number {
    return this.neverSent;
  }

  add(given: NewTicket): void {
    const ticket: PendingTicket = { ...given, everSent: false, acked: false };
    this.heard(ticket.id); // its own sends watch the connection from now on
    this.tickets.set(ticket.id, ticket);
    this.unsent.add(ticket);
    this.neverSent += 1;
    ticket.deadline = startTimer(ticket.ackTimeoutMs, () => this.ackTimedOut(ticket));
  }

  /** Sends every ticket not yet out on `socket`; `onSilence` runs when one gets no answer in time. */
  sendWaiting(socket: WebSocketLike, onSilence: (id: string) => void): void {
    for (const ticket of this.unsent) {
      this.unsent.delete(ticket);
      if (!ticket.everSent) this.neverSent -= 1;
      ticket.everSent = true;
      unwatch(ticket);
      const silence: Timer = setTimeout(() => {
        if (this.orphanSilences.get(ticket.id) === silence) this.orphanSilences.delete(ticket.id);
        onSilence(ticket.id);
      }, ACK_SILENCE_MS);
      ticket.silence = silence;
      socket.send(ticket.frame);
    }
  }

  acknowledged(ack: Ack): void {
    this.heard(ack.id);
    const ticket = this.tickets.get(ack.id);
    if (!ticket) return;
    unwatch(ticket);
    if (!ticket.acked) {
      // The result's bound counts from the first ack: a resend after a drop does not give the job more time.
      ticket.acked = true;
      clearTimeout(ticket.deadline);
      ticket.deadline = startTimer(ticket.resultTimeoutMs, () => this.resultTimedOut(ticket));
    }
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

  /** An answer about a ticket that could not be read: what it said is unknown, so the ticket may have printed. */
  unreadable(id: string, tipo: string, problem: string): void {
    const ticket = this.take(id);
    if (!ticket) return;
    ticket.reject(new TicketeraError('protocol', `Ticketera's ${tipo} for ticket ${id} could not be read (${problem}). ${unknownOutcomeAdvice(id)}`, { id }));
  }

  /** The connection dropped: every unfinished ticket goes out again on the next one, in the order given. */
  dropped(): void {
    for (const ticket of this.tickets.values()) unwatch(ticket);
    for (const silence of this.orphanSilences.values()) clearTimeout(silence);
    this.orphanSilences.clear();
    this.unsent = new Set(this.tickets.values());
  }

  failAll(error: (id: string, everSent: boolean) => TicketeraError): void {
    for (const ticket of this.tickets.values()) {
      this.take(ticket.id);
      ticket.reject(error(ticket.id, ticket.everSent));
    }
  }

  private ackTimedOut(ticket: PendingTicket): void {
    if (this.tickets.get(ticket.id) !== ticket) return;
    const bound = shownDuration(ticket.ackTimeoutMs);
    if (!ticket.everSent) {
      this.take(ticket.id);
      return ticket.reject(
        new TicketeraError('connection', `Ticketera could not be reached within ${bound}: ticket ${ticket.id} was never sent, so it will not print.`, { id: ticket.id }),
      );
    }
    // Sent and not acknowledged: the connection it went out on is still watched for silence without it.
    const silence = ticket.silence;
    delete ticket.silence;
    this.take(ticket.id);
    if (silence !== undefined) this.orphanSilences.set(ticket.id, silence);
    ticket.reject(new TicketeraError('timeout', `Ticketera did not confirm ticket ${ticket.id} within ${bound}. ${unknownOutcomeAdvice(ticket.id)}`, { id: ticket.id }));
  }

  private resultTimedOut(ticket: PendingTicket): void {
    if (this.tickets.get(ticket.id) !== ticket) return;
    this.take(ticket.id);
    const bound = shownDuration(ticket.resultTimeoutMs);
    ticket.reject(
      new TicketeraError('timeout', `No result for ticket ${ticket.id} within ${bound} of Ticketera taking it. ${unknownOutcomeAdvice(ticket.id)}`, { id: ticket.id }),
    );
  }

  /** Any answer about `id` shows the connection it came on is alive. */
  private heard(id: string): void {
    const silence = this.orphanSilences.get(id);
    if (silence === undefined) return;
    clearTimeout(silence);
    this.orphanSilences.delete(id);
  }

  private take(id: string): PendingTicket | undefined {
    this.heard(id);
    const ticket = this.tickets.get(id);
    if (!ticket) return undefined;
    unwatch(ticket);
    clearTimeout(ticket.deadline);
    this.tickets.delete(id);
    this.unsent.delete(ticket);
    if (!ticket.everSent) this.neverSent -= 1;
    return ticket;
  }
}

function unwatch(ticket: PendingTicket): void {
  clearTimeout(ticket.silence);
  delete ticket.silence;
}
