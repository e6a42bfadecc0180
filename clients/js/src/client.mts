import { DEFAULT_RECONNECT, retryDelay, type ReconnectOptions } from './backoff.mjs';
import { DEFAULT_ACK_TIMEOUT_MS, DEFAULT_RESULT_TIMEOUT_MS, timeoutOption } from './deadlines.mjs';
import { TicketeraError, unknownOutcomeAdvice } from './errors.mjs';
import { blockedProblem, insecurePageProblem, localNetworkPermission, promptProblem, type PermissionWatch } from './page-checks.mjs';
import { POLICY_CLOSE_CODE, type PrinterDetail, type PrinterSummary, type ServerMessage } from './protocol.mjs';
import { isReceiptBuilder, type PrintDocument, type ReceiptBuilder } from './receipt-builder.mjs';
import { RequestBook, type Answer } from './requests.mjs';
import { readServerMessage, type Unreadable } from './server-messages.mjs';
import { OPEN, frameText, type CloseEventLike, type MessageEventLike, type WebSocketConstructor, type WebSocketLike } from './socket.mjs';
import { newTicketId } from './ticket-id.mjs';
import { ACK_SILENCE_MS, TicketBook, type Ack, type PrintResult } from './tickets.mjs';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface ConnectOptions {
  /** The service's token (`--token`), sent with every ticket. */
  token?: string;
  /** A WebSocket class where there is no global one (Node 20: `import WebSocket from 'ws'`). */
  WebSocket?: WebSocketConstructor;
  /** 3000 ms suggested by the protocol; backoff ×2 up to maxDelayMs (30000) with ±20 % jitter; reset on open. */
  reconnect?: ReconnectOptions | false;
  /** Tickets given while disconnected wait for the connection, at most this many (default 100 = queue capacity); more are rejected. */
  maxWaiting?: number;
  /** Default for print(): how long a ticket may wait for the service to take it (its ack), from print() on. 30000; Infinity for no limit. */
  ackTimeoutMs?: number;
  /** Default for print(): how long a ticket may wait for its result once the service has taken it. 60000; Infinity for no limit. */
  resultTimeoutMs?: number;
}

export interface PrintOptions {
  /** The ticket's id; a new UUID when absent. Give the sale's own id to make a retry after a page reload safe too. */
  id?: string;
  /** Queue name or printer URI (`datos.printer`); default: the service's printer. */
  printer?: string;
  /** The service has the ticket (written to its journal); called again if it is resent after a reconnection. */
  onAck?: (ack: Ack) => void;
  /** This ticket's ack bound (see ConnectOptions); rejected with kind `timeout` (sent) or `connection` (never sent). */
  ackTimeoutMs?: number;
  /** This ticket's result bound (see ConnectOptions); rejected with kind `timeout`: it may still print. */
  resultTimeoutMs?: number;
}

export type StateListener = (state: ConnectionState, problem?: TicketeraError) => void;

export interface TicketeraClient {
  readonly state: ConnectionState;
  /** Called on every change of state, and when a problem appears while connecting; returns the unsubscribe. */
  onState(listener: StateListener): () => void;
  print(document: PrintDocument | ReceiptBuilder, options?: PrintOptions): Promise<PrintResult>;
  status(): Promise<{ current: number; capacity: number }>;
  /** The round trip in ms. */
  ping(): Promise<number>;
  printers(): Promise<{ printers: PrinterDetail[]; summary: PrinterSummary }>;
  close(): void;
}

export const DEFAULT_MAX_WAITING = 100;
/** The opening handshake's limit: a computer that drops packets would otherwise keep an attempt for minutes. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** Opens a connection to the service at `url` (`ws://localhost:8766/ws`) and keeps it open until close(). */
export function connect(url: string, options: ConnectOptions = {}): TicketeraClient {
  return new Client(url, options);
}

class Client implements TicketeraClient {
  private current: ConnectionState = 'connecting';
  private readonly target: URL;
  private readonly WebSocketClass: WebSocketConstructor;
  private readonly reconnect: Required<ReconnectOptions> | false;
  private readonly maxWaiting: number;
  private readonly ackTimeoutMs: number;
  private readonly resultTimeoutMs: number;
  private readonly listeners = new Set<StateListener>();
  private readonly tickets = new TicketBook(reportLater);
  private readonly requests = new RequestBook();
  private socket: WebSocketLike | undefined;
  private failedAttempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private handshakeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Why the client stopped by itself (`closed` without close()): prints are refused with it. */
  private stopped: TicketeraError | undefined;
  private closedByUser = false;
  private readonly permission: Promise<PermissionWatch | undefined>;

  constructor(url: string, private readonly options: ConnectOptions) {
    this.target = parseTarget(url);
    const insecure = insecurePageProblem(this.target);
    if (insecure) throw insecure;
    const WebSocketClass = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!WebSocketClass) {
      throw new TicketeraError('connection', 'There is no WebSocket here (Node 20): pass one, connect(url, { WebSocket }) with `import WebSocket from "ws"`.');
    }
    this.WebSocketClass = WebSocketClass;
    this.reconnect = options.reconnect === false ? false : { ...DEFAULT_RECONNECT, ...options.reconnect };
    this.maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING;
    this.ackTimeoutMs = timeoutOption(options.ackTimeoutMs, DEFAULT_ACK_TIMEOUT_MS, 'ackTimeoutMs');
    this.resultTimeoutMs = timeoutOption(options.resultTimeoutMs, DEFAULT_RESULT_TIMEOUT_MS, 'resultTimeoutMs');
    this.permission = localNetworkPermission(this.target).catch(() => undefined);
    void this.permission.then((watch) => this.watchPermission(watch));
    this.open();
  }

  get state(): ConnectionState {
    return this.current;
  }

  onState(listener: StateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  print(document: PrintDocument | ReceiptBuilder, options: PrintOptions = {}): Promise<PrintResult> {
    const id = options.id ?? newTicketId();
    let ackTimeoutMs: number;
    let resultTimeoutMs: number;
    try {
      ackTimeoutMs = timeoutOption(options.ackTimeoutMs, this.ackTimeoutMs, 'ackTimeoutMs');
      resultTimeoutMs = timeoutOption(options.resultTimeoutMs, this.resultTimeoutMs, 'resultTimeoutMs');
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.current === 'closed') return Promise.reject(this.refusal(id));
    if (this.tickets.has(id)) {
      return Promise.reject(new TicketeraError('rejected', `ticket ${id} is already being printed by this client: wait for its result`, { id }));
    }
    if (this.current !== 'open' && this.tickets.waiting >= this.maxWaiting) {
      return Promise.reject(
        new TicketeraError('rejected', `${this.maxWaiting} tickets are already waiting for the connection to Ticketera; this one was not taken`, { id }),
      );
    }
    const built = isReceiptBuilder(document) ? document.build() : document;
    const datos = options.printer === undefined ? built : { ...built, printer: options.printer };
    const frame = JSON.stringify({ tipo: 'ticket', id, ...(this.options.token !== undefined ? { auth_token: this.options.token } : {}), datos });
    return new Promise<PrintResult>((resolve, reject) => {
      this.tickets.add({ id, frame, resolve, reject, ackTimeoutMs, resultTimeoutMs, ...(options.onAck ? { onAck: options.onAck } : {}) });
      this.flush();
    });
  }

  async status(): Promise<{ current: number; capacity: number }> {
    const { message } = await this.ask('status');
    return message.tipo === 'status' ? { current: message.current, capacity: message.capacity } : unexpected(message);
  }

  async ping(): Promise<number> {
    return (await this.ask('ping')).roundTripMs;
  }

  async printers(): Promise<{ printers: PrinterDetail[]; summary: PrinterSummary }> {
    const { message } = await this.ask('printers');
    return message.tipo === 'printers' ? { printers: message.printers, summary: message.summary } : unexpected(message);
  }

  close(): void {
    if (this.closedByUser) return;
    this.closedByUser = true;
    this.stopWith(new TicketeraError('connection', 'The client was closed.'));
  }

  private ask(kind: 'status' | 'ping' | 'printers'): Promise<Answer> {
    if (this.current === 'closed') return Promise.reject(this.refusal());
    const answer = this.requests.ask(kind);
    this.flush();
    return answer;
  }

  private refusal(id?: string): TicketeraError {
    const reason = this.stopped ?? new TicketeraError('connection', 'The client was closed.');
    return new TicketeraError(reason.kind, reason.text, { ...(reason.category ? { category: reason.category } : {}), ...(id !== undefined ? { id } : {}) });
  }

  private open(): void {
    let socket: WebSocketLike;
    try {
      socket = new this.WebSocketClass(this.target.href);
    } catch (error) {
      // Browsers throw at once for what they will never allow (a blocked port, mixed content they detect themselves).
      void this.dropped(new TicketeraError('connection', `Cannot open ${this.target.href}: ${(error as Error).message}`));
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.opened(socket);
    socket.onmessage = (event: MessageEventLike) => {
      if (socket !== this.socket) return;
      try {
        this.received(frameText(event.data));
      } catch (error) {
        // Never out of the socket's handler: in Node that ends the POS. Messages are read without throwing, so this is
        // a fault of the client itself; starting over on a new connection is safe, tickets are resent with their ids.
        this.abandon(socket, `a message could not be handled: ${(error as Error)?.message ?? String(error)}`);
      }
    };
    socket.onclose = (event: CloseEventLike) => this.socketEnded(socket, event);
    // An error is always followed by a close, which carries more (the code).
    socket.onerror = () => undefined;
    void this.permission.then((watch) => {
      // The browser waits for the person to answer its prompt: no time limit on this handshake then.
      if (watch?.state === 'prompt' || socket !== this.socket || this.current === 'open') return;
      this.handshakeTimer = setTimeout(() => {
        if (socket === this.socket && this.current !== 'open') this.abandon(socket, `no answer from ${this.target.host} within ${HANDSHAKE_TIMEOUT_MS / 1000} s`);
      }, HANDSHAKE_TIMEOUT_MS);
    });
  }

  private opened(socket: WebSocketLike): void {
    if (socket !== this.socket) return;
    clearTimeout(this.handshakeTimer);
    this.failedAttempts = 0;
    this.setState('open');
    this.flush();
  }

  /** Sends what waits, when there is an open connection to send it on. */
  private flush(): void {
    const socket = this.socket;
    if (this.current !== 'open' || socket?.readyState !== OPEN) return;
    this.tickets.sendWaiting(socket, (id) => this.abandon(socket, `no answer to ticket ${id} within ${ACK_SILENCE_MS / 1000} s`));
    this.requests.sendWaiting(socket);
  }

  private received(text: string): void {
    const reading = readServerMessage(text);
    if (!reading.ok) return this.unreadable(reading);
    const message = reading.message;
    switch (message.tipo) {
      case 'ack':
        return this.tickets.acknowledged({ id: message.id, current: message.current, capacity: message.capacity });
      case 'result':
        return this.tickets.finished(message.id, message.status, message.mensaje);
      case 'error':
        if (message.id !== undefined && this.tickets.has(message.id)) return this.tickets.refused(message.id, message.mensaje);
        this.requests.answer(message);
        return;
      case 'info':
        return;
      default:
        this.requests.answer(message);
    }
  }

  /** Fails what an unreadable message was meant for; other tickets and requests are not affected. */
  private unreadable({ tipo, id, withoutId, problem }: Unreadable): void {
    if (tipo === undefined) return; // not JSON, not an object, an unknown type: nothing to tell it apart by
    if (id !== undefined && (tipo === 'ack' || tipo === 'result' || tipo === 'error') && this.tickets.has(id)) {
      return this.tickets.unreadable(id, tipo, problem);
    }
    if (tipo === 'error' && !withoutId) return;
    this.requests.unreadable(tipo, id, problem);
  }

  private socketEnded(socket: WebSocketLike, event: CloseEventLike): void {
    if (socket !== this.socket) return;
    const code = event.code ?? 1006;
    const reason = event.reason ? `: ${event.reason}` : '';
    if (code === POLICY_CLOSE_CODE && /token/i.test(event.reason ?? '')) {
      // Trying again with the same wrong token only makes the service wait longer before it listens.
      this.stopWith(new TicketeraError('auth', `Ticketera closed the connection (code ${code}${reason}): check the token.`));
      return;
    }
    void this.dropped(new TicketeraError('connection', `The connection to ${this.target.host} ended (code ${code}${reason}).`));
  }

  /** Gives up on a socket that stopped answering, without waiting for a close that may take minutes. */
  private abandon(socket: WebSocketLike, why: string): void {
    if (socket !== this.socket) return;
    detach(socket);
    try {
      socket.close(4000, 'no answer');
    } catch {
      // Already closing.
    }
    void this.dropped(new TicketeraError('connection', `The connection to ${this.target.host} stopped answering (${why}).`));
  }

  private async dropped(problem: TicketeraError): Promise<void> {
    if (this.socket) detach(this.socket);
    this.socket = undefined;
    clearTimeout(this.handshakeTimer);
    this.tickets.dropped();
    this.requests.dropped();
    if (this.closedByUser || this.current === 'closed') return;
    if (this.reconnect === false) return this.stopWith(problem);
    this.setState('reconnecting', problem);
    const watch = await this.permission;
    if (this.current !== 'reconnecting' || this.socket) return;
    if (watch?.state === 'denied') return this.stopWith(blockedProblem(watch.name, this.target));
    const delay = retryDelay(this.failedAttempts, this.reconnect);
    this.failedAttempts += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  /** `closed` for good (close(), a wrong token, reconnect: false) or until the permission changes (blocked). */
  private stopWith(problem: TicketeraError): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.handshakeTimer);
    if (this.socket) {
      const socket = this.socket;
      detach(socket);
      this.socket = undefined;
      try {
        socket.close(1000, 'closed by the client');
      } catch {
        // Not open yet: closing a connecting socket is allowed in browsers, but some implementations throw.
      }
    }
    this.stopped = problem;
    this.tickets.dropped();
    this.tickets.failAll((id, everSent) =>
      new TicketeraError(problem.kind, everSent ? `${problem.text} Ticket ${id} had been sent to Ticketera. ${unknownOutcomeAdvice(id)}` : problem.text, { id }),
    );
    this.requests.failAll(problem);
    this.setState('closed', problem);
  }

  private watchPermission(watch: PermissionWatch | undefined): void {
    if (!watch) return;
    if (watch.state === 'prompt' && (this.current === 'connecting' || this.current === 'reconnecting')) this.emit(promptProblem(this.target));
    watch.addEventListener('change', () => {
      // Allowed (or back to "ask") in the site settings: connect again without waiting for a reload.
      if (watch.state === 'denied' || this.closedByUser || this.current !== 'closed' || this.stopped?.kind !== 'local-network-blocked') return;
      this.stopped = undefined;
      this.failedAttempts = 0;
      this.setState('connecting');
      this.open();
    });
  }

  private setState(state: ConnectionState, problem?: TicketeraError): void {
    this.current = state;
    this.emit(problem);
  }

  private emit(problem?: TicketeraError): void {
    for (const listener of this.listeners) {
      try {
        listener(this.current, problem);
      } catch (error) {
        reportLater(error);
      }
    }
  }
}

function parseTarget(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new TicketeraError('connection', `"${url}" is not a URL: Ticketera listens on ws://HOST:8766/ws (wss://HOST:8767/ws with TLS).`);
  }
  if (target.protocol !== 'ws:' && target.protocol !== 'wss:') {
    throw new TicketeraError('connection', `"${url}" is not a ws:// or wss:// URL: Ticketera listens on ws://HOST:8766/ws.`);
  }
  return target;
}

function detach(socket: WebSocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  // Keep swallowing errors: an unhandled 'error' on a Node `ws` socket would end the process.
  socket.onerror = () => undefined;
}

function unexpected(message: ServerMessage): never {
  throw new TicketeraError('connection', `unexpected answer from Ticketera: ${message.tipo}`);
}

/** A listener or onAck that throws must not break the client: its error is raised on its own, as an event's would be. */
function reportLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  });
}
