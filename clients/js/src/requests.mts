import { TicketeraError } from './errors.mjs';
import type { ServerMessage } from './protocol.mjs';
import type { WebSocketLike } from './socket.mjs';

/** How long status(), ping() and printers() wait for their answer, connecting included. */
export const REQUEST_TIMEOUT_MS = 10_000;

export type RequestKind = 'status' | 'printers' | 'ping';

export interface Answer {
  message: ServerMessage;
  roundTripMs: number;
}

interface PendingRequest {
  kind: RequestKind;
  frame: string;
  pingId?: string;
  sentAt: number;
  /** Timed out after it was sent: kept to swallow a late answer, so later answers still meet their own request. */
  abandoned: boolean;
  resolve(answer: Answer): void;
  reject(error: TicketeraError): void;
  timer: ReturnType<typeof setTimeout>;
}

const now = (): number => (typeof performance === 'undefined' ? Date.now() : performance.now());

/** The first of a set (sets keep insertion order): a queue whose removals anywhere cost O(1). */
const first = <T,>(set: Set<T>): T | undefined => set.values().next().value;

/**
 * status/get_printers/ping requests and their answers. The protocol gives status and printers answers no id: on
 * one connection they come in the order asked, so they are matched first come, first served; pongs carry the ping's id.
 * Each request sits in the queue its answer is looked up in, so no answer scans the others.
 */
export class RequestBook {
  /** Every request not settled, in the order asked. */
  private all = new Set<PendingRequest>();
  /** Not sent on the current connection yet, in the order asked. */
  private unsent = new Set<PendingRequest>();
  private readonly sentStatus = new Set<PendingRequest>();
  private readonly sentPrinters = new Set<PendingRequest>();
  private readonly sentPings = new Map<string, PendingRequest>();
  private pings = 0;

  ask(kind: RequestKind): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const pingId = kind === 'ping' ? `ping-${(this.pings += 1)}-${Math.random().toString(36).slice(2, 10)}` : undefined;
      const tipo = kind === 'printers' ? 'get_printers' : kind;
      const request: PendingRequest = {
        kind,
        frame: JSON.stringify(pingId === undefined ? { tipo } : { tipo, id: pingId }),
        ...(pingId !== undefined ? { pingId } : {}),
        sentAt: 0,
        abandoned: false,
        resolve,
        reject,
        timer: setTimeout(() => this.timeOut(request), REQUEST_TIMEOUT_MS),
      };
      this.all.add(request);
      this.unsent.add(request);
    });
  }

  /** Sends whatever has not gone out on `socket` yet, in the order asked. */
  sendWaiting(socket: WebSocketLike): void {
    for (const request of this.unsent) {
      this.unsent.delete(request);
      if (request.pingId !== undefined) this.sentPings.set(request.pingId, request);
      else this.sentQueue(request.kind).add(request);
      request.sentAt = now();
      socket.send(request.frame);
    }
  }

  /** Settles the request a message answers; false when the message answers none of them. */
  answer(message: ServerMessage): boolean {
    const request = this.answered(message.tipo, 'id' in message ? message.id : undefined);
    if (!request) return false;
    this.settle(request);
    if (request.abandoned) return true;
    if (message.tipo === 'error') request.reject(new TicketeraError('connection', message.mensaje));
    else request.resolve({ message, roundTripMs: now() - request.sentAt });
    return true;
  }

  /** An answer that could not be read: the request it was for is told so instead of waiting for its timeout. */
  unreadable(tipo: ServerMessage['tipo'], id: string | undefined, problem: string): void {
    const request = this.answered(tipo, id);
    if (!request) return;
    this.settle(request);
    if (!request.abandoned) request.reject(new TicketeraError('protocol', `Ticketera's answer to ${request.kind} could not be read (${problem}).`));
  }

  /** The connection dropped: its answers will never come, so everything is asked again on the next one. */
  dropped(): void {
    this.sentStatus.clear();
    this.sentPrinters.clear();
    this.sentPings.clear();
    for (const request of this.all) if (request.abandoned) this.all.delete(request);
    this.unsent = new Set(this.all);
  }

  failAll(error: TicketeraError): void {
    const everything = this.all;
    this.all = new Set();
    this.dropped();
    for (const request of everything) {
      clearTimeout(request.timer);
      if (!request.abandoned) request.reject(error);
    }
  }

  /** The sent request a message of `tipo` (with `id`) answers. */
  private answered(tipo: ServerMessage['tipo'], id: string | undefined): PendingRequest | undefined {
    switch (tipo) {
      case 'pong':
        return id === undefined ? undefined : this.sentPings.get(id);
      case 'status':
        return first(this.sentStatus);
      case 'printers':
        return first(this.sentPrinters);
      case 'error':
        // The only id-less error a request can get: the service could not list its printers.
        return id === undefined ? first(this.sentPrinters) : undefined;
      default:
        return undefined;
    }
  }

  private sentQueue(kind: RequestKind): Set<PendingRequest> {
    return kind === 'printers' ? this.sentPrinters : this.sentStatus;
  }

  private timeOut(request: PendingRequest): void {
    request.reject(new TicketeraError('connection', `no answer to ${request.kind} within ${REQUEST_TIMEOUT_MS / 1000} s`));
    if (this.unsent.delete(request)) this.all.delete(request);
    else request.abandoned = true;
  }

  private settle(request: PendingRequest): void {
    clearTimeout(request.timer);
    this.all.delete(request);
    this.unsent.delete(request);
    if (request.pingId !== undefined) this.sentPings.delete(request.pingId);
    else this.sentQueue(request.kind).delete(request);
  }
}
