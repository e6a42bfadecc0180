import type { TokenCheck } from '../intake/token-check';
import type WebSocket from 'ws';
import { ERROR_TEXT, PROTOCOL_VERSION } from '../../../shared/protocol';
import type { PrintService } from '../print-service';
import type { AddressThrottle } from './address-throttle';
import { handleClientText, type HandlerOptions, type Replies } from '../intake/intake';
import { wsDoor } from '../queue/door';
import { wsSourceOf } from './ws-source';
import { SlidingWindowLimiter } from '../intake/rate-limiter';
import type { ResultRouter } from '../intake/result-router';
import { send, sendWithin } from './send';

export interface GatewayOptions {
  /** When set, every `ticket` must carry it as `auth_token`. */
  token: TokenCheck | undefined;
  /** Accepted tickets per minute per connection; 0 lifts the limit. */
  ratePerMinute: number;
  /** Wrong tokens per remote address, shared with the dashboard login; without it only this connection counts. */
  throttle?: AddressThrottle;
  /** The peer's address, as the throttle counts it. */
  remoteAddress?: string;
  /** The page's Origin header, when a browser opened the connection: its site names the tickets' source. */
  origin?: string;
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
export { ALREADY_QUEUED_TEXT } from '../intake/intake';

/** Speaks protocol v1.0 on one WebSocket connection (the message handling itself is the intake's: services/intake). */
export function attachGateway(socket: WebSocket, service: PrintService, results: ResultRouter, options: GatewayOptions): void {
  const limiter = new SlidingWindowLimiter(options.ratePerMinute);
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

  // One sink per connection, so a resent ticket adds this connection once to the job's result.
  const replies: Replies = {
    send: (message) => void send(socket, message),
    results: { deliver: (message) => sendWithin(socket, message) },
  };
  const handler: HandlerOptions = {
    token: options.token,
    limiter,
    door: wsDoor(),
    source: wsSourceOf(options.origin, options.remoteAddress),
    wrongToken: (id) => wrongToken(id),
    rightToken: () => {
      proven = true;
    },
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

  const onFrame = (text: string): void => void handleClientText(text, service, results, replies, handler);

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
