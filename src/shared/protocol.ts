/**
 * Print service protocol v1.0 (../shared/spec/print-service-protocol.md): message shapes and the exact texts
 * clients match on. Pure types and constants, importable from main, renderer and tests alike.
 */
import type { PrinterDetail, PrinterSummary } from './printers';

export const PROTOCOL_VERSION = '1.0';
export const DEFAULT_PORT = 8766;
/** The optional secure listener (`wss://`, `https://`) beside the plain one, when a certificate is configured. */
export const DEFAULT_TLS_PORT = 8767;
export const DEFAULT_QUEUE_CAPACITY = 100;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 30;
export const RESULT_DELIVERY_TIMEOUT_MS = 5_000;
/** Large enough for a ticket carrying a base64 logo or two. */
export const DEFAULT_MAX_FRAME_BYTES = 5 * 1024 * 1024;

/** The texts of the protocol's immediate `error` messages, to the letter. */
export const ERROR_TEXT = {
  datosRequired: "Field 'datos' is required for type 'ticket'",
  queueFull: 'Queue full, please retry in a few seconds',
  rateLimited: 'Rate limit exceeded: please wait before submitting more jobs',
  badToken: 'Invalid or missing auth token',
  unknownType: (tipo: string): string => `Unknown message type: ${tipo}`,
  /**
   * A ticket id already used for a different document (an id is an idempotency key: the same document again is a
   * resend, answered from the journal). VALIDATION, not AUDIT: the request is inconsistent, not an attack, and the
   * POS fixes it by sending the ticket under a new id. `duplicate id` is the stable marker clients match.
   */
  duplicateId: (id: string): string =>
    `VALIDATION: id duplicado / duplicate id: ${JSON.stringify(id)} ya se usó para otro ticket / was already used for a different ticket; send this one with a new id`,
  /**
   * A `/ws` or fleet ticket whose id starts with a prefix a vendor door gives its own jobs (`epos:`, `cloudprnt:`…):
   * ids belong to their door, so a ticket here cannot take the id of a POS's or an online order's job there.
   * `reserved id` is the stable marker clients match.
   */
  reservedId: (id: string, prefix: string): string =>
    `VALIDATION: id reservado / reserved id: ${JSON.stringify(id)} empieza por / starts with ${JSON.stringify(prefix)}, reservado a otra puerta de Ticketera / reserved for another of Ticketera's doors; envíe el ticket con otro id / send this ticket with another id`,
} as const;

/**
 * How sure Ticketera is that a successful job is on paper: `printed` the printer itself confirmed it (Epson's process
 * ID response), `delivered` a printer that reads back took every byte and reported no problem but cannot confirm
 * paper. Spooler queues and the virtual printer add nothing: the seed's bare text.
 */
export type PrintConfirmation = 'printed' | 'delivered';

export const CONFIRMATION_SUFFIX: Record<PrintConfirmation, string> = {
  printed: ' (printed: confirmed by the printer)',
  delivered: ' (delivered: the printer took it but does not confirm paper)',
};

/** `Print completed in <n>ms`, the protocol's success text, followed by what is known of the paper where something is. */
export const successText = (elapsedMs: number, confirmation?: PrintConfirmation): string =>
  `Print completed in ${Math.max(0, Math.round(elapsedMs))}ms${confirmation ? CONFIRMATION_SUFFIX[confirmation] : ''}`;

/** Matches every success text: the elapsed time, and the confirmation when one was added. */
export const SUCCESS_TEXT_PATTERN = /^Print completed in (\d+)ms(?: \((printed|delivered): [^)]*\))?$/;
export const queueText = (current: number, capacity: number): string => `Queue: ${current}/${capacity}`;

/** Result categories: a failed `result` reads `CATEGORY: readable text`, so clients can split on the colon. */
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

export const categorized = (category: ErrorCategory, text: string): string => `${category}: ${text}`;

export const isErrorCategory = (value: string): value is ErrorCategory => (ERROR_CATEGORIES as readonly string[]).includes(value);

/** Categories whose cause is the document itself: printing it again fails the same way. */
export const DOCUMENT_CATEGORIES: ReadonlySet<ErrorCategory> = new Set(['VALIDATION', 'QR', 'BARCODE', 'TABLE', 'RAW', 'IMAGE', 'COMMAND', 'JSON']);

export interface InfoMessage {
  tipo: 'info';
  status: string;
  mensaje: string;
}
export interface AckMessage {
  tipo: 'ack';
  id: string;
  status: 'queued';
  current: number;
  capacity: number;
  mensaje: string;
}
export interface ResultMessage {
  tipo: 'result';
  id: string;
  status: 'success' | 'error';
  mensaje: string;
}
export interface ErrorMessage {
  tipo: 'error';
  id?: string;
  status: 'error';
  mensaje: string;
}
export interface PongMessage {
  tipo: 'pong';
  id?: string;
  status: 'ok';
}
export interface StatusMessage {
  tipo: 'status';
  status: 'ok';
  current: number;
  capacity: number;
  mensaje: string;
}
export interface PrintersMessage {
  tipo: 'printers';
  status: 'ok';
  printers: PrinterDetail[];
  summary: PrinterSummary;
}

export type ServerMessage =
  | InfoMessage
  | AckMessage
  | ResultMessage
  | ErrorMessage
  | PongMessage
  | StatusMessage
  | PrintersMessage;

/**
 * The journal's state on /health. `disk-full` and `unwritable`: new tickets are refused until it clears (printing
 * resumes by itself). `damaged_at_start`: the journal or its log was found damaged when the service started.
 */
export interface JournalHealth {
  status: 'ok' | 'disk-full' | 'unwritable';
  mensaje?: string;
  damaged_at_start?: { file: string; kept_at: string; lost: 'acknowledged' | 'unacknowledged' | 'maybe-acknowledged' | 'history'; mensaje: string };
}

export interface HealthResponse {
  /** `ok`; `error` while tickets cannot be taken (journal unwritable); `degraded` after damage was repaired at start. */
  status: 'ok' | 'degraded' | 'error';
  journal: JournalHealth;
  queue: { current: number; capacity: number; utilization: number };
  worker: { running: boolean; jobs_processed: number; jobs_failed: number };
  printers: PrinterSummary;
  build: { env: string; date: string; time: string };
  /** Seconds since the service started. */
  uptime: number;
  /** The secure listener, present only when a certificate and key are configured (`--tls-cert`/`--tls-key`). */
  tls?: TlsHealth;
  /**
   * Access protection: `set` (every ticket must carry `auth_token`), `none` (no token chosen), `lost` (a token was set
   * and could not be read back after a restart: nothing checks tickets until it is set again; `status` is `degraded`).
   */
  token?: { status: 'set' | 'none' | 'lost'; mensaje?: string };
}

/** Why the secure listener is not serving; plain `ws://` keeps working meanwhile. */
export const TLS_PROBLEMS = [
  'cert-not-set',
  'key-not-set',
  'cert-unreadable',
  'key-unreadable',
  'cert-invalid',
  'key-invalid',
  'key-encrypted',
  'mismatch',
  'cert-not-yet-valid',
  'port-in-use',
  'listen-failed',
] as const;
export type TlsProblem = (typeof TLS_PROBLEMS)[number];

/** Why a certificate or key file could not be read (`cert-unreadable`/`key-unreadable`), when it is one of these. */
export const TLS_FILE_REASONS = ['not-found', 'denied', 'not-a-file', 'too-large', 'timed-out'] as const;
export type TlsFileReason = (typeof TLS_FILE_REASONS)[number];

/** Days before its expiry from which the certificate is reported as expiring soon. */
export const TLS_EXPIRY_WARNING_DAYS = 30;

export type TlsHealth =
  | {
      status: 'on';
      port: number;
      /** The certificate's subject and issuer (`CN=caja-01, O=…`), and the names and addresses it is valid for. */
      subject: string;
      issuer: string;
      names: string[];
      /** ISO 8601. */
      valid_to: string;
      /** Whole days until it expires; negative once it has (browsers then refuse the connection). */
      days_left: number;
      expires_soon: boolean;
    }
  | {
      status: 'error';
      problem: TlsProblem;
      /** The file (or, for the port problems, the port) at fault. */
      at: string;
      /** For an unreadable file: why, when known (the window says it in its language). */
      reason?: TlsFileReason;
      /** For `cert-not-yet-valid`: when the certificate starts being valid (ISO 8601). */
      valid_from?: string;
      mensaje: string;
    };
