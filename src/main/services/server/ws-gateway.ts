import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';
import { requestedPrinterOf } from '../../../shared/document/requested-printer';
import { ERROR_TEXT, PROTOCOL_VERSION, categorized, queueText } from '../../../shared/protocol';
import type { PrintService } from '../print-service';
import { QueueFullError } from '../queue/print-queue';
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
}

export const CONNECTED_TEXT = `Conectado a Ticketera, protocolo ${PROTOCOL_VERSION} / Connected to Ticketera, protocol ${PROTOCOL_VERSION}`;
export const ALREADY_QUEUED_TEXT = 'Ticket ya recibido, en cola / Ticket already received, queued';

/** Speaks protocol v1.0 on one WebSocket connection. */
export function attachGateway(socket: WebSocket, service: PrintService, results: ResultRouter, options: GatewayOptions): void {
  const limiter = new SlidingWindowLimiter(options.ratePerMinute);
  const { queue } = service;

  const reject = (mensaje: string, id?: string): void => {
    send(socket, id === undefined ? { tipo: 'error', status: 'error', mensaje } : { tipo: 'error', id, status: 'error', mensaje });
  };

  const ack = (id: string, current: number, mensaje: string): void => {
    send(socket, { tipo: 'ack', id, status: 'queued', current, capacity: queue.capacity, mensaje });
  };

  const onTicket = (message: Record<string, unknown>, givenId: string | undefined): void => {
    const datos = message['datos'];
    if (datos === undefined || datos === null) return reject(ERROR_TEXT.datosRequired, givenId);
    if (options.token !== undefined && !tokenMatches(options.token, message['auth_token'])) {
      return reject(ERROR_TEXT.badToken, givenId);
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
        reject(
          error instanceof QueueFullError
            ? ERROR_TEXT.queueFull
            : categorized('EXECUTION', `the job could not be saved (${(error as Error).message})`),
          id,
        );
      },
    );
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

  socket.on('message', (data, isBinary) => {
    const text = isBinary || !Buffer.isBuffer(data) ? Buffer.concat(toBuffers(data)).toString('utf8') : data.toString('utf8');
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
  });

  send(socket, { tipo: 'info', status: 'connected', mensaje: CONNECTED_TEXT });
}

function toBuffers(data: WebSocket.RawData): Buffer[] {
  if (Array.isArray(data)) return data;
  return [Buffer.isBuffer(data) ? data : Buffer.from(data)];
}
