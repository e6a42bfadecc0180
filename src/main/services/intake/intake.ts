import { randomUUID } from 'node:crypto';
import { requestedPrinterOf } from '../../../shared/document/requested-printer';
import { resultTextOf } from '../../../shared/job-error';
import { ERROR_TEXT, categorized, queueText, type ServerMessage } from '../../../shared/protocol';
import type { JobSource } from '../../../shared/contract/job-source';
import type { PrintService } from '../print-service';
import type { Door } from '../queue/door';
import { QueueFullError } from '../queue/print-queue';
import { parseClientFrame } from './client-message';
import { forgetStored, rememberWhileStoring, sameDocument } from './duplicate-id';
import { knownId } from './known-id';
import type { SlidingWindowLimiter } from './rate-limiter';
import { reservedPrefixOf } from './reserved-ids';
import type { ResultRouter, ResultSink } from './result-router';
import { tokenMatches, type TokenCheck } from './token-check';

export const ALREADY_QUEUED_TEXT = 'Ticket ya recibido, en cola / Ticket already received, queued';

/** Where the answers to one message go: the WebSocket connection, or an MQTT requester's response topic. */
export interface Replies {
  /** An answer to the message itself (ack, error, status, printers, pong, a stored result). */
  send(message: ServerMessage): void;
  /** Where the ticket's `result` goes once it has printed. */
  results: ResultSink;
}

export interface HandlerOptions {
  /** When set, every `ticket` must carry it as `auth_token`. */
  token: TokenCheck | undefined;
  /** The requester's sliding window of accepted tickets (per connection on the WebSocket). */
  limiter: SlidingWindowLimiter;
  /** Who asks (one WebSocket connection, one fleet requester): its share of the queue and its turns at the printer. */
  door: Door;
  /** Where its tickets come from, as the door tells it (a POS's site, a fleet requester): kept with each job. */
  source: JobSource;
  /** A wrong or missing token: the transport answers it (the WebSocket throttles guessing, see ws-gateway). */
  wrongToken(id: string | undefined, replies: Replies): void;
  /** The right token was presented. */
  rightToken?(): void;
}

/**
 * Protocol v1.0's message handling, shared by every transport (the WebSocket gateway and the fleet's MQTT
 * connection), so validation, limits, the token, resends and texts are the same wherever a ticket comes from.
 * The promise resolves once a ticket has been stored and acknowledged, or refused (other messages at once), never
 * rejects: the fleet acknowledges an MQTT message to the broker only then, so a crash before it means redelivery.
 */
export function handleClientText(text: string, service: PrintService, router: ResultRouter, replies: Replies, options: HandlerOptions): Promise<void> {
  const frame = parseClientFrame(text);
  const reject = (mensaje: string, id?: string): void =>
    replies.send(id === undefined ? { tipo: 'error', status: 'error', mensaje } : { tipo: 'error', id, status: 'error', mensaje });
  if (!frame.ok) {
    reject(frame.mensaje, frame.id);
    return Promise.resolve();
  }
  switch (frame.tipo) {
    case 'ticket':
      return onTicket(frame.message, frame.id, service, router, replies, options, reject);
    case 'status': {
      const { queue } = service;
      replies.send({ tipo: 'status', status: 'ok', current: queue.current, capacity: queue.capacity, mensaje: queueText(queue.current, queue.capacity) });
      return Promise.resolve();
    }
    case 'ping':
      replies.send(frame.id === undefined ? { tipo: 'pong', status: 'ok' } : { tipo: 'pong', id: frame.id, status: 'ok' });
      return Promise.resolve();
    case 'get_printers':
      // Answered when the list is ready, but not waited for: a slow printer discovery must not hold up the tickets
      // behind it on the fleet's one-at-a-time connection.
      void service.printers().then(
        ({ printers, summary }) => replies.send({ tipo: 'printers', status: 'ok', printers, summary }),
        (error: unknown) => reject(categorized('PRINTER', `cannot list printers (${(error as Error).message})`)),
      );
      return Promise.resolve();
    default:
      reject(ERROR_TEXT.unknownType(frame.tipo), frame.id);
      return Promise.resolve();
  }
}

function onTicket(
  message: Record<string, unknown>,
  givenId: string | undefined,
  service: PrintService,
  router: ResultRouter,
  replies: Replies,
  options: HandlerOptions,
  reject: (mensaje: string, id?: string) => void,
): Promise<void> {
  const { queue } = service;
  const ack = (id: string, current: number, mensaje: string): void =>
    replies.send({ tipo: 'ack', id, status: 'queued', current, capacity: queue.capacity, mensaje });
  const datos = message['datos'];
  if (datos === undefined || datos === null) return done(reject(ERROR_TEXT.datosRequired, givenId));
  if (options.token !== undefined) {
    if (!tokenMatches(options.token, message['auth_token'])) return done(options.wrongToken(givenId, replies));
    options.rightToken?.();
  }
  // A POS that lost its connection (or a broker redelivering) sends the same ticket again: it is answered from what
  // is known about it (acknowledged again while pending, its stored result once it printed) and never printed twice;
  // one that printed nothing (refused while the paper was out…) is printed now, as a new attempt (known-id.ts).
  // The id is an idempotency key: a known id with another document (a till and a chain both numbering sales) is
  // refused, never answered with the other ticket's result (duplicate-id.ts).
  let again = false;
  if (givenId !== undefined) {
    const reserved = reservedPrefixOf(givenId);
    if (reserved !== undefined) return done(reject(ERROR_TEXT.reservedId(givenId, reserved), givenId));
    const known = knownId(service, givenId);
    if (known.kind !== 'new') {
      let same: boolean;
      try {
        same = sameDocument(service, givenId, datos);
      } catch (error) {
        return done(reject(resultTextOf(error), givenId));
      }
      if (!same) return done(reject(ERROR_TEXT.duplicateId(givenId), givenId));
    }
    if (known.kind === 'pending') {
      router.expect(givenId, replies.results);
      return done(ack(givenId, queue.current, ALREADY_QUEUED_TEXT));
    }
    if (known.kind === 'final') {
      const { record } = known;
      return done(replies.send({ tipo: 'result', id: givenId, status: record.state === 'success' ? 'success' : 'error', mensaje: record.resultText ?? '' }));
    }
    again = known.kind === 'again';
  }
  if (!options.limiter.allows()) return done(reject(ERROR_TEXT.rateLimited, givenId));
  if (!queue.hasRoomFor(options.door)) return done(reject(ERROR_TEXT.queueFull, givenId));

  const id = givenId ?? randomUUID();
  options.limiter.record();
  router.expect(id, replies.results);
  rememberWhileStoring(service, id, datos);
  return queue.accept({ id, datos, requestedPrinter: requestedPrinterOf(datos), door: options.door, source: options.source, again }).then(
    (current) => ack(id, current, queueText(current, queue.capacity)),
    (error: unknown) => {
      router.drop(id);
      reject(error instanceof QueueFullError ? ERROR_TEXT.queueFull : resultTextOf(error), id);
    },
  ).finally(() => forgetStored(service, id));
}

const done = (_answered: void): Promise<void> => Promise.resolve();
