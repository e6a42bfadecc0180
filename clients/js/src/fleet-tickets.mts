import { shownDuration, startTimer, timeoutOption } from './deadlines.mjs';
import { TicketeraError, unknownOutcomeAdvice } from './errors.mjs';
import { EXPIRED_TEXT_START } from './fleet-topics.mjs';
import { AnsweredRequests, secretCorrelation, type ReplyVerdict } from './fleet-trust.mjs';
import { ERROR_TEXT, confirmationOf, splitCategory } from './protocol.mjs';
import type { PrintDocument } from './receipt-builder.mjs';
import type { Reading } from './server-messages.mjs';
import { newTicketId } from './ticket-id.mjs';
import type { Ack, PrintResult } from './tickets.mjs';

export interface FleetPrintOptions {
  id?: string;
  /** The shop; connectFleet's `site` when left out. */
  site?: string;
  printer?: string;
  onAck?: (ack: Ack) => void;
  ackTimeoutMs?: number;
  resultTimeoutMs?: number;
  /** MQTT Message Expiry: not taken by the shop within this many seconds, the ticket is never printed. */
  expiresInSeconds?: number;
}

/**
 * After the expiry, how long an ack that was already on its way may still arrive before the ticket is called
 * expired: the broker hands nothing out once it expired, so by then no shop can have taken it.
 */
export const EXPIRY_GRACE_MS = 3_000;

/**
 * A ticket without its result is asked about again this often, with its id and a Message Expiry of the same length:
 * the shop answers from its journal (an ack while pending, the stored result once done) or takes it if it never got
 * it. That finds results lost with a shop that was killed or a broker that restarted, and the copies expire at the
 * broker instead of piling up for a shop that is offline (the first copy, without that expiry, still waits there).
 */
export const ASK_AGAIN_MS = 10_000;

/**
 * Once the shop has taken a ticket (its ack), each further ask waits twice as long, up to this: a shop with a long
 * queue behind a slow printer is not sent every waiting document again every 10 s.
 */
export const ASK_AGAIN_MAX_MS = 60_000;

type Timer = ReturnType<typeof setTimeout>;

/** What a shop answers a ticket with; a reply of another kind is not about a ticket. */
const TICKET_ANSWERS: ReadonlySet<string> = new Set(['ack', 'result', 'error']);

interface Entry {
  id: string;
  site: string;
  /** The Correlation Data of every copy of this ticket (secretCorrelation): its replies must carry it. */
  correlation: string;
  payload: Record<string, unknown>;
  expiresAt: number | undefined;
  sent: boolean;
  acked: boolean;
  lastSentAt: number;
  /** The wait before this ticket is asked about again (doubles after its ack, see ASK_AGAIN_MAX_MS). */
  askEveryMs: number;
  /** When print() was called: every copy says so, so the shop's own expiry counts from the first. */
  sentAt: string;
  onAck: ((ack: Ack) => void) | undefined;
  resultTimeoutMs: number;
  timers: Array<Timer | undefined>;
  resolve(result: PrintResult): void;
  reject(error: TicketeraError): void;
}

export interface TicketsContext {
  publish(site: string, payload: Record<string, unknown>, correlation: string, expirySeconds?: number, sentAt?: string): Promise<boolean>;
  connected(): boolean;
  token: string | undefined;
  ackTimeoutMs: number;
  resultTimeoutMs: number;
  expiresInSeconds: number | undefined;
  askAgainMs?: number;
}

/** The fleet's tickets from print() until their result (the WebSocket client's TicketBook, for a broker). */
export class FleetTickets {
  private readonly entries = new Map<string, Entry>();
  private readonly byCorrelation = new Map<string, Entry>();
  private readonly answered = new AnsweredRequests();
  private readonly askAgain: Timer;
  private readonly every: number;

  constructor(private readonly context: TicketsContext) {
    const every = context.askAgainMs ?? ASK_AGAIN_MS;
    this.every = every;
    // Checked a few times per period, so a ticket is asked about within a fraction of its own wait.
    this.askAgain = setInterval(() => {
      const now = Date.now();
      for (const entry of this.entries.values()) {
        if (!entry.sent || now - entry.lastSentAt < entry.askEveryMs) continue;
        if (entry.acked) entry.askEveryMs = Math.min(entry.askEveryMs * 2, Math.max(ASK_AGAIN_MAX_MS, every));
        this.send(entry, Math.ceil(every / 1000));
      }
    }, Math.max(every / 4, 50));
    // A Node POS must still be able to exit with tickets waiting (they settle on close()).
    (this.askAgain as { unref?: () => void }).unref?.();
  }

  print(site: string, datos: PrintDocument, options: FleetPrintOptions): Promise<PrintResult> {
    const id = options.id ?? newTicketId();
    const ackTimeoutMs = timeoutOption(options.ackTimeoutMs, this.context.ackTimeoutMs, 'ackTimeoutMs');
    const resultTimeoutMs = timeoutOption(options.resultTimeoutMs, this.context.resultTimeoutMs, 'resultTimeoutMs');
    const expiresIn = options.expiresInSeconds ?? this.context.expiresInSeconds;
    if (this.entries.has(id)) return Promise.reject(new TicketeraError('rejected', `ticket ${id} is already being printed by this client`, { id }));
    return new Promise<PrintResult>((resolve, reject) => {
      const entry: Entry = {
        id,
        site,
        correlation: secretCorrelation('t'),
        payload: {
          tipo: 'ticket',
          id,
          datos: options.printer !== undefined ? { ...datos, printer: options.printer } : datos,
          ...(this.context.token !== undefined ? { auth_token: this.context.token } : {}),
        },
        expiresAt: expiresIn !== undefined ? Date.now() + expiresIn * 1000 : undefined,
        sent: false,
        acked: false,
        lastSentAt: 0,
        askEveryMs: this.every,
        sentAt: new Date().toISOString(),
        onAck: options.onAck,
        resultTimeoutMs,
        timers: [],
        resolve,
        reject,
      };
      this.entries.set(id, entry);
      this.byCorrelation.set(entry.correlation, entry);
      entry.timers.push(
        startTimer(ackTimeoutMs, () => {
          if (entry.acked) return;
          this.settle(entry, new TicketeraError(entry.sent ? 'timeout' : 'connection', entry.sent
            ? `site ${site} did not take ticket ${id} within ${shownDuration(ackTimeoutMs)}. ${unknownOutcomeAdvice(id)}`
            : `ticket ${id} was never sent (no connection to the broker within ${shownDuration(ackTimeoutMs)}), so it will not print`, { id }));
        }),
      );
      if (entry.expiresAt !== undefined) {
        entry.timers.push(
          startTimer(entry.expiresAt - Date.now() + EXPIRY_GRACE_MS, () => {
            if (entry.acked) return;
            this.settle(entry, new TicketeraError('expired', `ticket ${id} expired before site ${site} took it: it was not printed and will not be`, { id }));
          }),
        );
      }
      this.send(entry);
    });
  }

  /** On (re)connection: what was never sent goes out; after a drop, every ticket without a result goes out again. */
  sendAll(reconnected: boolean): void {
    for (const entry of this.entries.values()) if (reconnected || !entry.sent) this.send(entry);
  }

  /**
   * A reply on this client's topic from `site` (the topic's), with its Correlation Data. Believed only for the ticket
   * that correlation was made for, from the site that ticket went to, and about that ticket's id (fleet-trust.mts):
   * the ticket id in a reply is no proof, every site can name any id.
   */
  answer(reading: Reading, correlation: string, site: string | undefined): ReplyVerdict {
    const entry = this.byCorrelation.get(correlation);
    if (!entry || entry.site !== site) return this.answered.isLateCopy(correlation, site) ? 'late' : 'dropped';
    if (!reading.ok) {
      if (reading.id !== undefined && reading.id !== entry.id) return 'dropped';
      if (reading.tipo !== undefined && !TICKET_ANSWERS.has(reading.tipo)) return 'dropped';
      this.settle(entry, new TicketeraError('protocol', `an answer about ticket ${entry.id} could not be read (${reading.problem}). ${unknownOutcomeAdvice(entry.id)}`, { id: entry.id }));
      return 'taken';
    }
    const { message } = reading;
    if ('id' in message && typeof message.id === 'string' && message.id !== entry.id) return 'dropped';
    if (message.tipo === 'ack') {
      if (!entry.acked) entry.timers.push(startTimer(entry.resultTimeoutMs, () => this.settle(entry, new TicketeraError('timeout', `no result for ticket ${entry.id} within ${shownDuration(entry.resultTimeoutMs)} of its ack. ${unknownOutcomeAdvice(entry.id)}`, { id: entry.id }))));
      entry.acked = true;
      entry.onAck?.({ id: entry.id, current: message.current, capacity: message.capacity });
    } else if (message.tipo === 'result') {
      if (message.status === 'success') this.settle(entry, { id: entry.id, mensaje: message.mensaje, confirmation: confirmationOf(message.mensaje) });
      else this.settle(entry, new TicketeraError('print-failed', splitCategory(message.mensaje).text, { ...splitCategory(message.mensaje), id: entry.id }));
    } else if (message.tipo === 'error') {
      const kind = message.mensaje === ERROR_TEXT.badToken ? 'auth' : message.mensaje.startsWith(EXPIRED_TEXT_START) ? 'expired' : 'rejected';
      this.settle(entry, new TicketeraError(kind, splitCategory(message.mensaje).text, { ...splitCategory(message.mensaje), id: entry.id }));
    } else {
      return 'dropped';
    }
    return 'taken';
  }

  closeAll(): void {
    clearInterval(this.askAgain);
    for (const entry of this.entries.values()) {
      this.settle(entry, new TicketeraError(entry.acked || entry.sent ? 'timeout' : 'connection', `the client was closed before ticket ${entry.id} printed. ${unknownOutcomeAdvice(entry.id)}`, { id: entry.id }));
    }
  }

  /** `askExpirySeconds`: a copy that only asks again, expiring at the broker after that long. */
  private send(entry: Entry, askExpirySeconds?: number): void {
    const remaining = entry.expiresAt === undefined ? undefined : Math.ceil((entry.expiresAt - Date.now()) / 1000);
    // Past its expiry it is not sent again: the expiry timer tells the caller.
    if (remaining !== undefined && remaining <= 0) return;
    if (!this.context.connected()) return;
    // Handed over on an open connection: it may reach the shop even if its PUBACK never comes back.
    entry.sent = true;
    entry.lastSentAt = Date.now();
    const expiry = askExpirySeconds === undefined ? remaining : Math.min(askExpirySeconds, remaining ?? askExpirySeconds);
    void this.context.publish(entry.site, entry.payload, entry.correlation, expiry, entry.sentAt);
  }

  private settle(entry: Entry, outcome: PrintResult | TicketeraError): void {
    if (this.entries.get(entry.id) !== entry) return;
    this.entries.delete(entry.id);
    this.byCorrelation.delete(entry.correlation);
    this.answered.add(entry.correlation, entry.site);
    for (const timer of entry.timers) if (timer !== undefined) clearTimeout(timer);
    if (outcome instanceof TicketeraError) entry.reject(outcome);
    else entry.resolve(outcome);
  }
}
