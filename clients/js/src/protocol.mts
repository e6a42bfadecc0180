/**
 * The parts of Ticketera's protocol v1.0 this client speaks (the service's own copy is src/shared/protocol.ts; this
 * package has no dependencies, so the shapes are repeated here and a test checks the texts still agree).
 */

/** The failure categories of a `result` (`CATEGORY: readable text`). */
export const ERROR_CATEGORIES = [
  'VALIDATION',
  'PRINTER',
  'QR',
  'BARCODE',
  'TABLE',
  'RAW',
  'IMAGE',
  'COMMAND',
  'JSON',
  'AUDIT',
  'EXECUTION',
  'ERROR',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** The immediate `error` texts the client tells apart, to the letter. */
export const ERROR_TEXT = {
  datosRequired: "Field 'datos' is required for type 'ticket'",
  queueFull: 'Queue full, please retry in a few seconds',
  rateLimited: 'Rate limit exceeded: please wait before submitting more jobs',
  badToken: 'Invalid or missing auth token',
} as const;

/** `Print completed in <n>ms`, optionally followed by what is known of the paper. */
export const SUCCESS_TEXT_PATTERN = /^Print completed in (\d+)ms(?: \((printed|delivered): [^)]*\))?$/;

/** The service closes a connection that guessed the token too often with this code. */
export const POLICY_CLOSE_CODE = 1008;

export const PRINTER_STATUSES = ['ready', 'offline', 'paused', 'error', 'unknown'] as const;
export type PrinterStatus = (typeof PRINTER_STATUSES)[number];
export const PRINTER_TYPES = ['thermal', 'virtual', 'network', 'unknown'] as const;
export type PrinterType = (typeof PRINTER_TYPES)[number];
export const SUMMARY_STATUSES = ['ok', 'warning', 'error'] as const;

export interface PrinterDetail {
  name: string;
  port: string;
  driver: string;
  status: PrinterStatus;
  is_default: boolean;
  is_virtual: boolean;
  printer_type: PrinterType;
}

export interface PrinterSummary {
  status: (typeof SUMMARY_STATUSES)[number];
  detected_count: number;
  thermal_count: number;
  default_name: string;
}

export type ServerMessage =
  | { tipo: 'info'; status: string; mensaje: string }
  | { tipo: 'ack'; id: string; status: 'queued'; current: number; capacity: number; mensaje: string }
  | { tipo: 'result'; id: string; status: 'success' | 'error'; mensaje: string }
  | { tipo: 'error'; id?: string; status: 'error'; mensaje: string }
  | { tipo: 'pong'; id?: string; status: 'ok' }
  | { tipo: 'status'; status: 'ok'; current: number; capacity: number; mensaje: string }
  | { tipo: 'printers'; status: 'ok'; printers: PrinterDetail[]; summary: PrinterSummary };

export const SERVER_TYPES = ['info', 'ack', 'result', 'error', 'pong', 'status', 'printers'] as const;
export type ServerType = (typeof SERVER_TYPES)[number];

/** Splits `CATEGORY: text`; texts without a known category come back whole. */
export function splitCategory(mensaje: string): { category?: ErrorCategory; text: string } {
  const colon = mensaje.indexOf(':');
  const head = colon > 0 ? mensaje.slice(0, colon) : '';
  if (!(ERROR_CATEGORIES as readonly string[]).includes(head)) return { text: mensaje };
  return { category: head as ErrorCategory, text: mensaje.slice(colon + 1).trim() };
}

/** How sure the service is that a successful job is on paper, read from its result text. */
export function confirmationOf(mensaje: string): 'printed' | 'delivered' | 'unknown' {
  const match = SUCCESS_TEXT_PATTERN.exec(mensaje);
  return match?.[2] === 'printed' || match?.[2] === 'delivered' ? match[2] : 'unknown';
}
