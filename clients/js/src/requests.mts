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
  /** The socket it went out on; undefined while it waits for a connection. */
  sentOn?: WebSocketLike;
  sentAt: number;
  /** Timed out after it was sent: kept to swallow a late answer, so later answers still meet their own request. */
  abandoned: boolean;
  resolve(answer: Answer): void;
  reject(error: TicketeraError): void;
  timer: ReturnType<typeof setTimeout>;
}

const now = (): number => (typeof performance === 'undefined' ? Date.now() : performance.now());

/**
 * status/get_printers/ping requests and their answers. The protocol gives status and printers answers no id: on
 * one connection they come in the order asked, so they are matched first come, first served; pongs carry the ping's id.
 */
export class RequestBook {
  private pending: PendingRequest[] = [];
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
      this.pending.push(request);
    });
  }

  /** Sends whatever has not gone out on `socket` yet, in the order asked. */
  sendWaiting(socket: WebSocketLike): void {
    for (const request of this.pending) {
      if (request.sentOn !== undefined) continue;
      request.sentOn = socket;
      request.sentAt = now();
      socket.send(request.frame);
    }
  }

  /** Settles the request a message answers; false when the message answers none of them. */
  answer(message: ServerMessage): boolean {
    const request = this.pending.find((candidate) => candidate.sentOn !== undefined && answers(candidate, message));
    if (!request) return false;
    this.settle(request);
    if (request.abandoned) return true;
    if (message.tipo === 'error') request.reject(new TicketeraError('connection', message.mensaje));
    else request.resolve({ message, roundTripMs: now() - request.sentAt });
    return true;
  }

  /** The connection dropped: its answers will never come, so everything is asked again on the next one. */
  dropped(): void {
    this.pending = this.pending.filter((request) => !request.abandoned);
    for (const request of this.pending) delete request.sentOn;
  }

  failAll(error: TicketeraError): void {
    for (const request of this.pending.splice(0)) {
      clearTimeout(request.timer);
      if (!request.abandoned) request.reject(error);
    }
  }

  private timeOut(request: PendingRequest): void {
    request.reject(new TicketeraError('connection', `no answer to ${request.kind} within ${REQUEST_TIMEOUT_MS / 1000} s`));
    if (request.sentOn === undefined) this.pending = this.pending.filter((other) => other !== request);
    else request.abandoned = true;
  }

  private settle(request: PendingRequest): void {
    clearTimeout(request.timer);
    this.pending = this.pending.filter((other) => other !== request);
  }
}

function answers(request: PendingRequest, message: ServerMessage): boolean {
  switch (message.tipo) {
    case 'pong':
      return request.kind === 'ping' && request.pingId === message.id;
    case 'status':
      return request.kind === 'status';
    case 'printers':
      return request.kind === 'printers';
    case 'error':
      // The only id-less error a request can get: the service could not list its printers.
      return request.kind === 'printers' && message.id === undefined;
    default:
      return false;
  }
}
