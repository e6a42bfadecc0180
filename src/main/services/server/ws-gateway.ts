import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { requestedPrinterOf } from '../../../shared/document/requested-printer';
import { resultTextOf } from '../../../shared/job-error';
import { ERROR_TEXT, PROTOCOL_VERSION, categorized, queueText } from '../../../shared/protocol';
import type { PrintService } from '../print-service';
import { QueueFullError } from '../queue/print-queue';
import type { AddressThrottle } from './address-throttle';
import { parseClientFrame } from './client-message';
import { SlidingWindowLimiter } from './rate-limiter';
import type { ResultRouter } from './result-router';
import { send } from './send';
import { tokenMatches } from './token-check';

export interface GatewayOptions {
  /** When set, every `ticket` must carry it as `auth_token`. */
  token: string | undefined;
  /** Accepted tickets per minute per connection; 0 lifts the limit. */
  ratePerMinute: number;
  /** Wrong tokens per remote address, shared with the dashboard login; without it only this connection counts. */
  throttle?: AddressThrottle;
  /** The peer's address, as the throttle counts it. */
  remoteAddress?: string;
}

/**
 * Token guessing, per connection: the first wrong tokens are answered at once (a misconfigured POS learns why
 * straight away); from then on each answer comes a second later, and nothing else is read from the connection in the
 * meantime, so a flood waits in the kernel's buffers, not in timers or memory here; after the last one the
 * connection is closed. While the peer's address waits (see AddressThrottle) a wrong token is answered when the wait
 * is over (at most a few seconds later) and closes the connection. Right tokens are never delayed, and a connection
 * that has presented the right token is never held back or closed for a later wrong one.
 */
export const TOKEN_GUESSING = {
  /** Wrong tokens answered at once on one connection. */
  freePerConnection: 3,
  /** The delay of each further answer. */
  delayMs: 1_000,
  /** The wrong token that closes the connection. */
  closeAfter: 10,
  /** The longest an answer is held while the address waits. */
  maxAddressDelayMs: 5_000,
  /** Frames already read when a connection is held wait in order; more than this many close it. */
  maxWaitingFrames: 64,
} as const;

/** Close code 1008 (policy violation) with this reason ends a connection that guessed too often. */
export const GUESSING_CLOSE_CODE = 1008;
export const GUESSING_CLOSE_REASON = 'Demasiados tokens incorrectos / Too many wrong auth tokens';

export const CONNECTED_TEXT = `Conectado a Ticketera, protocolo ${PROTOCOL_VERSION} / Connected to Ticketera, protocol ${PROTOCOL_VERSION}`;
export const ALREADY_QUEUED_TEXT = 'Ticket ya recibido, en cola / Ticket already received, queued';

/** Speaks protocol v1.0 on one WebSocket connection. */
export function attachGateway(socket: WebSocket, service: PrintService, results: ResultRouter, options: GatewayOptions): void {
  const limiter = new SlidingWindowLimiter(options.ratePerMinute);
  const { queue } = service;
  /** Presented the right token at least once: never held back or closed for guessing. */
  let proven = false;
  let wrongTokens = 0;
  /** While set, an answer is being held: frames already read wait in `waiting`, nothing more is read. */
  let held: NodeJS.Timeout | undefined;
  const waiting: string[] = [];
  /** Closed for guessing: nothing more it sends is looked at. */
  let closing = false;

  const reject = (mensaje: string, id?: string): void => {
    send(socket, id === undefined ? { tipo: 'error', status: 'error', mensaje } : { tipo: 'error', id, status: 'error', mensaje });
  };

  const ack = (id: string, current: number, mensaje: string): void => {
    send(socket, { tipo: 'ack', id, status: 'queued', current, capacity: queue.capacity, mensaje });
  };

  const onTicket = (message: Record<string, unknown>, givenId: string | undefined): void => {
    const datos = message['datos'];
    if (datos === undefined || datos === null) return reject(ERROR_TEXT.datosRequired, givenId);
    if (options.token !== undefined) {
      if (!tokenMatches(options.token, message['auth_token'])) return wrongToken(givenId);
      proven = true;
    }
    if (givenId !== undefined && resendOfKnownJob(givenId)) return;
    if (!limiter.allows()) return reject(ERROR_TEXT.rateLimited, givenId);
    if (queue.current >= queue.capacity) return reject(ERROR_TEXT.queueFull, givenId);

    const id = givenId ?? randomUUID();
    limiter.record();
    results.expect(id, socket);
    queue.accept({ id, datos, requestedPrinter: requestedPrinterOf(datos) }).then(
      (current) => ack(id, current, queueText(current, queue.capacity)),
      (error: unknown) => {
        results.drop(id);
        reject(error instanceof QueueFullError ? ERROR_TEXT.queueFull : resultTextOf(error), id);
      },
    );
  };

  const wrongToken = (id: string | undefined): void => {
    if (proven) return reject(ERROR_TEXT.badToken, id);
    wrongTokens += 1;
    const addressWaitMs = options.throttle && options.remoteAddress !== undefined ? options.throttle.fail(options.remoteAddress) : 0;
    if (addressWaitMs > 0 || wrongTokens >= TOKEN_GUESSING.closeAfter) {
      return hold(Math.min(Math.max(addressWaitMs, TOKEN_GUESSING.delayMs), TOKEN_GUESSING.maxAddressDelayMs), id, true);
    }
    if (wrongTokens > TOKEN_GUESSING.freePerConnection) return hold(TOKEN_GUESSING.delayMs, id, false);
    reject(ERROR_TEXT.badToken, id);
  };

  /** Answers a wrong token after `delayMs`, reading nothing meanwhile; then closes, or goes on with what waited. */
  const hold = (delayMs: number, id: string | undefined, close: boolean): void => {
    socket.pause();
    held = setTimeout(() => {
      held = undefined;
      reject(ERROR_TEXT.badToken, id);
      if (close) return closeForGuessing();
      socket.resume();
      while (held === undefined && waiting.length > 0 && socket.readyState === socket.OPEN) onFrame(waiting.shift() as string);
    }, delayMs);
  };

  const closeForGuessing = (): void => {
    if (held !== undefined) clearTimeout(held);
    held = undefined;
    closing = true;
    waiting.length = 0;
    socket.close(GUESSING_CLOSE_CODE, GUESSING_CLOSE_REASON);
    // Read again so the peer's closing handshake is seen; whatever else it sent is ignored (`closing`).
    socket.resume();
  };

  /**
   * A POS that lost its connection may send the same ticket again: it is answered from what is known about it
   * (acknowledged again while pending, its stored result once finished) and never printed twice.
   */
  const resendOfKnownJob = (id: string): boolean => {
    if (queue.isPending(id)) {
      results.expect(id, socket);
      ack(id, queue.current, ALREADY_QUEUED_TEXT);
      return true;
    }
    const record = service.job(id);
    if (!record || (record.state !== 'success' && record.state !== 'error')) return false;
    send(socket, { tipo: 'result', id, status: record.state, mensaje: record.resultText ?? '' });
    return true;
  };

  const onStatus = (): void => {
    send(socket, {
      tipo: 'status',
      status: 'ok',
      current: queue.current,
      capacity: queue.capacity,
      mensaje: queueText(queue.current, queue.capacity),
    });
  };

  const onGetPrinters = (): void => {
    service.printers().then(
      ({ printers, summary }) => send(socket, { tipo: 'printers', status: 'ok', printers, summary }),
      (error: unknown) => reject(categorized('PRINTER', `cannot list printers (${(error as Error).message})`)),
    );
  };

  const onFrame = (text: string): void => {
    const frame = parseClientFrame(text);
    if (!frame.ok) return reject(frame.mensaje, frame.id);
    switch (frame.tipo) {
      case 'ticket':
        return onTicket(frame.message, frame.id);
      case 'status':
        return onStatus();
      case 'ping':
        return void send(socket, frame.id === undefined ? { tipo: 'pong', status: 'ok' } : { tipo: 'pong', id: frame.id, status: 'ok' });
      case 'get_printers':
        return onGetPrinters();
      default:
        return reject(ERROR_TEXT.unknownType(frame.tipo), frame.id);
    }
  };

  socket.on('message', (data, isBinary) => {
    if (closing) return;
    const text = isBinary || !Buffer.isBuffer(data) ? Buffer.concat(toBuffers(data)).toString('utf8') : data.toString('utf8');
    // Pausing stops reading, but frames of the chunk already read still arrive: they wait their turn, boundedly.
    if (held !== undefined) {
      if (waiting.length >= TOKEN_GUESSING.maxWaitingFrames) return closeForGuessing();
      waiting.push(text);
      return;
    }
    onFrame(text);
  });

  socket.on('close', () => {
    if (held !== undefined) clearTimeout(held);
    held = undefined;
    waiting.length = 0;
  });

  send(socket, { tipo: 'info', status: 'connected', mensaje: CONNECTED_TEXT });
}

function toBuffers(data: WebSocket.RawData): Buffer[] {
  if (Array.isArray(data)) return data;
  return [Buffer.isBuffer(data) ? data : Buffer.from(data)];
}
