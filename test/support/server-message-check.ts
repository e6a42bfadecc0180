import { SUCCESS_TEXT_PATTERN } from '../../src/shared/protocol';
import { PRINTER_STATUSES, PRINTER_TYPES } from '../../src/shared/printers';

type Shape = Record<string, (value: unknown) => boolean>;

const isString = (value: unknown): boolean => typeof value === 'string';
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const is = (...allowed: unknown[]) => (value: unknown): boolean => allowed.includes(value);
const optional = (check: (value: unknown) => boolean) => (value: unknown): boolean => value === undefined || check(value);
const isCategorised = (value: unknown): boolean =>
  typeof value === 'string' && /^(VALIDATION|PRINTER|QR|BARCODE|TABLE|RAW|IMAGE|COMMAND|JSON|AUDIT|EXECUTION|ERROR): ./.test(value);
const printerDetail: Shape = {
  name: isString,
  port: isString,
  driver: isString,
  status: is(...PRINTER_STATUSES),
  is_default: is(true, false),
  is_virtual: is(true, false),
  printer_type: is(...PRINTER_TYPES),
};
const summary: Shape = { status: is('ok', 'warning', 'error'), detected_count: isCount, thermal_count: isCount, default_name: isString };

const SHAPES: Record<string, Shape> = {
  info: { tipo: isString, status: isString, mensaje: isString },
  ack: { tipo: isString, id: isString, status: is('queued'), current: isCount, capacity: isCount, mensaje: isString },
  result: {
    tipo: isString,
    id: isString,
    status: is('success', 'error'),
    mensaje: (value) => isCategorised(value) || (typeof value === 'string' && SUCCESS_TEXT_PATTERN.test(value)),
  },
  error: { tipo: isString, id: optional(isString), status: is('error'), mensaje: isString },
  pong: { tipo: isString, id: optional(isString), status: is('ok') },
  status: { tipo: isString, status: is('ok'), current: isCount, capacity: isCount, mensaje: (value) => typeof value === 'string' && /^Queue: \d+\/\d+$/.test(value) },
  printers: {
    tipo: isString,
    status: is('ok'),
    printers: (value) => Array.isArray(value) && value.every((entry) => matches(entry, printerDetail)),
    summary: (value) => matches(value, summary),
  },
};

function matches(value: unknown, shape: Shape): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return Object.keys(record).every((key) => key in shape) && Object.entries(shape).every(([key, check]) => check(record[key]));
}

/** Why a decoded frame is not a well-formed protocol v1.0 server message, or undefined when it is. */
export function serverMessageProblem(value: unknown): string | undefined {
  const tipo = (value as { tipo?: unknown } | null)?.tipo;
  const shape = typeof tipo === 'string' ? SHAPES[tipo] : undefined;
  if (!shape) return `unknown tipo in ${JSON.stringify(value)}`;
  return matches(value, shape) ? undefined : `malformed ${tipo}: ${JSON.stringify(value)}`;
}
