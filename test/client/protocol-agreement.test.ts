import { describe, expect, it } from 'vitest';
import {
  ERROR_CATEGORIES,
  ERROR_TEXT,
  PRINTER_STATUSES,
  PRINTER_TYPES,
  SUCCESS_TEXT_PATTERN,
  confirmationOf,
  splitCategory,
  type ServerMessage,
} from '../../clients/js/src/protocol.mjs';
import { readServerMessage } from '../../clients/js/src/server-messages.mjs';
import * as printers from '../../src/shared/printers';
import * as service from '../../src/shared/protocol';

/** True only when both types accept the same values (checked by `npm run typecheck`). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameMessages: Same<ServerMessage, service.ServerMessage> = true;

// The client package has no dependencies, so it keeps its own copy of the protocol's texts: these must not drift.
describe('the client library reads the service’s texts as the service writes them', () => {
  it('knows the same categories and immediate error texts', () => {
    expect(ERROR_CATEGORIES).toEqual(service.ERROR_CATEGORIES);
    expect(ERROR_TEXT).toEqual({
      datosRequired: service.ERROR_TEXT.datosRequired,
      queueFull: service.ERROR_TEXT.queueFull,
      rateLimited: service.ERROR_TEXT.rateLimited,
      badToken: service.ERROR_TEXT.badToken,
    });
    expect(SUCCESS_TEXT_PATTERN.source).toBe(service.SUCCESS_TEXT_PATTERN.source);
  });

  it('reads what is known of the paper from every success text', () => {
    expect(confirmationOf(service.successText(42))).toBe('unknown');
    expect(confirmationOf(service.successText(42, 'printed'))).toBe('printed');
    expect(confirmationOf(service.successText(42, 'delivered'))).toBe('delivered');
  });

  it('splits a failure into its category and text', () => {
    expect(splitCategory(service.categorized('PRINTER', 'sin papel / out of paper: Caja 1'))).toEqual({
      category: 'PRINTER',
      text: 'sin papel / out of paper: Caja 1',
    });
    expect(splitCategory(service.ERROR_TEXT.queueFull)).toEqual({ text: service.ERROR_TEXT.queueFull });
  });

  it('reads every message the service writes, with the printer statuses and types it knows', () => {
    expect(sameMessages).toBe(true);
    expect(PRINTER_STATUSES).toEqual(printers.PRINTER_STATUSES);
    expect(PRINTER_TYPES).toEqual(printers.PRINTER_TYPES);
    const printer: printers.PrinterDetail = {
      name: 'Caja',
      port: 'USB001',
      driver: 'Generic / Text Only',
      status: 'ready',
      is_default: true,
      is_virtual: false,
      printer_type: 'thermal',
    };
    const written: service.ServerMessage[] = [
      { tipo: 'info', status: 'connected', mensaje: 'Conectado / Connected' },
      { tipo: 'ack', id: 'v-1', status: 'queued', current: 1, capacity: service.DEFAULT_QUEUE_CAPACITY, mensaje: service.queueText(1, 100) },
      { tipo: 'result', id: 'v-1', status: 'success', mensaje: service.successText(42, 'printed') },
      { tipo: 'result', id: 'v-1', status: 'error', mensaje: service.categorized('PRINTER', 'sin papel / out of paper: Caja') },
      // A finished job asked for again whose text was never stored is answered with an empty one.
      { tipo: 'result', id: 'v-1', status: 'success', mensaje: '' },
      { tipo: 'error', id: 'v-2', status: 'error', mensaje: service.ERROR_TEXT.queueFull },
      { tipo: 'error', status: 'error', mensaje: service.ERROR_TEXT.unknownType('x') },
      { tipo: 'pong', id: 'ping-1', status: 'ok' },
      { tipo: 'pong', status: 'ok' },
      { tipo: 'status', status: 'ok', current: 0, capacity: 100, mensaje: service.queueText(0, 100) },
      { tipo: 'printers', status: 'ok', printers: [printer], summary: { status: 'ok', detected_count: 1, thermal_count: 1, default_name: 'Caja' } },
      { tipo: 'printers', status: 'ok', printers: [], summary: { status: 'error', detected_count: 0, thermal_count: 0, default_name: '' } },
    ];
    for (const message of written) expect(readServerMessage(JSON.stringify(message))).toEqual({ ok: true, message });
  });
});
