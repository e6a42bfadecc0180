import { PRINTER_STATUSES, PRINTER_TYPES, SERVER_TYPES, SUMMARY_STATUSES, type PrinterDetail, type PrinterSummary, type ServerMessage, type ServerType } from './protocol.mjs';

/**
 * The largest frame the client reads. The service's largest answer is a `printers` list, a few hundred bytes per
 * printer; a frame beyond this is not something it sends, and parsing it would only hold up the page or the POS.
 */
export const MAX_FRAME_CHARS = 1_048_576;

/**
 * A frame that is not a message the client can use, with what could still be read of it (its `tipo`, its `id`) so
 * the ticket or request it was meant for can be told, instead of waiting for an answer that will never be readable.
 */
export interface Unreadable {
  ok: false;
  problem: string;
  tipo?: ServerType;
  id?: string;
  /** The frame has no `id` field at all (an id-less `error` answers get_printers). */
  withoutId: boolean;
}

export type Reading = { ok: true; message: ServerMessage } | Unreadable;

/** Says what is wrong with `value` at `path`, or undefined when it fits. */
type Check = (value: unknown, path: string) => string | undefined;
/** A check for every field of T but `tipo`: a field added to a message type and not checked here does not compile. */
type FieldChecks<T> = { [K in Exclude<keyof T, 'tipo'>]-?: Check };

const text: Check = (value, path) => (typeof value === 'string' ? undefined : wrong(path, value, 'a text'));
const count: Check = (value, path) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? undefined : wrong(path, value, 'a whole number ≥ 0');
const flag: Check = (value, path) => (typeof value === 'boolean' ? undefined : wrong(path, value, 'true or false'));
const oneOf =
  (values: readonly string[]): Check =>
  (value, path) =>
    typeof value === 'string' && values.includes(value) ? undefined : wrong(path, value, values.map((one) => `"${one}"`).join(' or '));
const optional =
  (check: Check): Check =>
  (value, path) =>
    value === undefined ? undefined : check(value, path);
const record =
  <T,>(fields: FieldChecks<T>): Check =>
  (value, path) =>
    isRecord(value) ? fieldsProblem(value, fields, `${path}.`) : wrong(path, value, 'an object');
const list =
  (check: Check): Check =>
  (value, path) => {
    if (!Array.isArray(value)) return wrong(path, value, 'a list');
    for (let index = 0; index < value.length; index += 1) {
      const problem = check(value[index], `${path}[${index}]`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };

const PRINTER_DETAIL: FieldChecks<PrinterDetail> = {
  name: text,
  port: text,
  driver: text,
  status: oneOf(PRINTER_STATUSES),
  is_default: flag,
  is_virtual: flag,
  printer_type: oneOf(PRINTER_TYPES),
};

const PRINTER_SUMMARY: FieldChecks<PrinterSummary> = {
  status: oneOf(SUMMARY_STATUSES),
  detected_count: count,
  thermal_count: count,
  default_name: text,
};

/** Every field of every message the protocol (v1.0) describes, with its type; unknown extra fields are let through. */
const SHAPES: { [T in ServerType]: FieldChecks<Extract<ServerMessage, { tipo: T }>> } = {
  info: { status: text, mensaje: text },
  ack: { id: text, status: oneOf(['queued']), current: count, capacity: count, mensaje: text },
  result: { id: text, status: oneOf(['success', 'error']), mensaje: text },
  error: { id: optional(text), status: oneOf(['error']), mensaje: text },
  pong: { id: optional(text), status: oneOf(['ok']) },
  status: { status: oneOf(['ok']), current: count, capacity: count, mensaje: text },
  printers: { status: oneOf(['ok']), printers: list(record(PRINTER_DETAIL)), summary: record(PRINTER_SUMMARY) },
};

/** Reads one frame from the service. Never throws: whatever the frame holds, the answer is a Reading. */
export function readServerMessage(frame: string): Reading {
  if (frame.length > MAX_FRAME_CHARS) {
    return { ok: false, problem: `a frame of ${frame.length} characters, more than the ${MAX_FRAME_CHARS} the client reads`, ...headOf(frame) };
  }
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return { ok: false, problem: 'a frame that is not JSON', withoutId: false };
  }
  if (!isRecord(value)) return { ok: false, problem: 'a frame that is not a JSON object', withoutId: false };
  const tipo = own(value, 'tipo');
  // Unknown types are left alone rather than failing anything: a later version of the service may add messages.
  if (!isServerType(tipo)) return { ok: false, problem: `a message of unknown tipo ${shown(tipo)}`, withoutId: false };
  const id = own(value, 'id');
  const problem = fieldsProblem(value, SHAPES[tipo], '');
  if (problem === undefined) return { ok: true, message: value as ServerMessage }; // every field checked against its type above
  return { ok: false, problem, tipo, ...(typeof id === 'string' ? { id } : {}), withoutId: id === undefined };
}

function fieldsProblem(value: Record<string, unknown>, fields: Record<string, Check>, prefix: string): string | undefined {
  for (const [name, check] of Object.entries(fields)) {
    const problem = check(own(value, name), `${prefix}${name}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * What a frame too large to parse is about, from its first characters. The service writes `tipo` first and `id`
 * right after it, so a frame whose head has no `id` is taken for one without.
 */
function headOf(frame: string): Omit<Unreadable, 'ok' | 'problem'> {
  const head = /^\s*\{\s*"tipo"\s*:\s*"([a-z_]{1,20})"\s*(?:,\s*"id"\s*:\s*("(?:[^"\\]|\\.){0,1024}"))?/.exec(frame.slice(0, 2_200));
  const tipo = head?.[1];
  if (!isServerType(tipo)) return { withoutId: false };
  let id: unknown;
  try {
    id = head?.[2] === undefined ? undefined : JSON.parse(head[2]);
  } catch {
    return { tipo, withoutId: false };
  }
  return { tipo, ...(typeof id === 'string' ? { id } : {}), withoutId: head?.[2] === undefined };
}

function isServerType(value: unknown): value is ServerType {
  return typeof value === 'string' && (SERVER_TYPES as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own fields only: `"toString"` or `"constructor"` missing from a frame must read as missing, not as Object's. */
function own(value: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(value, name) ? value[name] : undefined;
}

function wrong(path: string, value: unknown, expected: string): string {
  return value === undefined ? `${path} is missing` : `${path} is ${shown(value)}, not ${expected}`;
}

/** A value as a problem names it, short whatever its size. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (value === null || typeof value !== 'object') return String(value);
  return 'an object';
}
