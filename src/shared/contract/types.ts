import type { JobSource } from './job-source';
import type { TemplateVariant } from './translation-types';
import type { JournalHealth, TlsHealth } from '../protocol';
import type { PrinterDetail, PrinterStatus, PrinterSummary } from '../printers';
import type { PrinterLiveStatus } from '../printer-status/live-status';

export interface QueueStatus {
  current: number;
  capacity: number;
  paused: boolean;
  running: boolean;
  jobsProcessed: number;
  jobsFailed: number;
}

export interface ServiceStatus {
  queue: QueueStatus;
  /** `Queue: 3/100`, the protocol's own text. */
  queueText: string;
  printers: PrinterSummary;
  /** Where POS web apps connect, e.g. `ws://localhost:8766/ws`. */
  wsUrl: string;
  env: 'production' | 'development';
  tokenRequired: boolean;
  /** A token was set and could not be read back after a restart: nothing checks tickets until it is set again. */
  tokenLost?: boolean;
  uptimeSeconds: number;
  build: { date: string; time: string };
  /** Whether tickets can be stored (a full disk refuses them) and any damage found at start-up. */
  journal: JournalHealth;
  /** What the Home page answers at a glance. Always sent by the service (optional only for status literals written before it). */
  overview?: StatusOverview;
  /** What each printer that reads back (TCP, USB) last said about itself: the tray turns red or amber by it. */
  printerStatuses: PrinterLiveStatus[];
  /** The secure listener (`wss://`), present only when a certificate is configured (in the settings or by `--tls-cert`). */
  tls?: SecureStatus;
}

export interface SecureStatus {
  /** Serving, with the certificate's names and expiry, or why not (plain `ws://` serves either way). */
  health: TlsHealth;
  /** `wss://NAME:PORT/ws` for each name the certificate is valid for that reaches this service; empty while it does not serve. */
  wssUrls: string[];
}

export interface StatusOverview {
  /** Where a ticket that names no printer goes now; null until the printers were listed once (ask again shortly). */
  route: PrintRoute | null;
  /** The folder where the virtual printer keeps each job as `<id>.bin` and `<id>.png`. */
  virtualPrinterDir: string;
  /** True when the service listens beyond this computer (the shop's network). */
  listensOnNetwork: boolean;
  /** When it listens on the network: the WebSocket address through each of this computer's network addresses. */
  networkWsUrls: string[];
}

/**
 * The printer a ticket without `datos.printer` is sent to, chosen as the catalog's `resolve()` does: the configured
 * default printer (settings or `--printer`), else the system's default thermal printer, else the first thermal
 * printer, else the virtual printer.
 */
export interface PrintRoute {
  reason: 'configured' | 'system-default' | 'first-thermal' | 'virtual';
  /** The listed printer's name, or the configured value as given (a name or a URI: `tcp://…`, `cups:…`, `windows:…`). */
  target: string;
  /** Jobs go to the virtual printer (nothing on paper), whether chosen or by default. */
  virtual: boolean;
  /** Its listed status; `unknown` for an address the system does not list (tcp://, usb:); `missing` for a configured name not installed. */
  status: PrinterStatus | 'missing';
}

export interface PrinterList {
  printers: PrinterDetail[];
  summary: PrinterSummary;
  /** Why a status may be stale (USB printers without bidirectional support); shown next to the list. */
  caveat: string;
}

export type JobState = 'queued' | 'printing' | 'success' | 'error';
export const JOB_STATES: readonly JobState[] = ['queued', 'printing', 'success', 'error'];

/**
 * How a finished job ended, finer than its state: `printed` the printer confirmed it on paper, `delivered` it took
 * the bytes (no confirmation), `held` stopped by the printer (paper, cover) and kept for the owner to print or
 * discard, never printed by itself; `discarded`/`expired` a held job the owner or the expiry dropped; `failed` any
 * other failure. Null while queued or printing (and for jobs finished before outcomes were recorded).
 */
export const JOB_OUTCOMES = ['printed', 'delivered', 'held', 'discarded', 'expired', 'failed'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** The `result` of a job cancelled in the window before it printed; the POS that sent it receives it (status error). */
export const CANCELLED_TEXT = 'EXECUTION: cancelled in the Ticketera window before printing';

/**
 * The `result` of a job a crash (or a power cut) caught mid-print, set when the service starts again. Part or all of it
 * may be on paper, so it is never printed again by itself, and whoever reads the text (a POS shows `mensaje` as it is)
 * must check before printing it again. It still starts with `EXECUTION: interrupted`, the whole text it used to be, for
 * clients that match on that.
 */
export const INTERRUPTED_TEXT = 'EXECUTION: interrupted: the service stopped while this ticket was printing; it may be on paper already, so check before printing it again';

/** Whether a result is INTERRUPTED_TEXT, or the bare `EXECUTION: interrupted` that journals kept before it. */
export const isInterruptedText = (text: string): boolean => text === INTERRUPTED_TEXT || text === 'EXECUTION: interrupted';

export interface JobSummary {
  id: string;
  state: JobState;
  resultText: string | null;
  requestedPrinter: string | null;
  printerUri: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  reprints: number;
  outcome: JobOutcome | null;
  /** The ticket's first printed lines, so a held card and a Jobs row say which sale it is (issue 32). */
  preview?: string[];
  /** Where it came from (which POS, the chain, the window); null for jobs journaled before sources were kept. */
  source: JobSource | null;
}

/** One page of the history and how many jobs match the filter in all. */
export interface JobPage {
  jobs: JobSummary[];
  total: number;
}

/** Jobs created since a given time, by state; cancelled ones (state error) are counted apart, not in `error`. */
export interface JobCounts {
  queued: number;
  printing: number;
  success: number;
  error: number;
  cancelled: number;
}

export type CancelResult = { cancelled: true } | { cancelled: false; reason: 'already-printing' | 'finished' | 'unknown' };

/** One earlier print of a reprinted job (issue 24): each print keeps its own times and result. */
export interface JobPrintView {
  queuedAt: number;
  printerUri: string | null;
  state: JobState;
  resultText: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  outcome: JobOutcome | null;
  /** The printer profile (model id) it was laid out for; absent when not recorded (printed before models were kept). */
  model?: string;
}

export interface JobDetail extends JobSummary {
  datos: unknown;
  /** When the latest reprint was asked for; null before any (`createdAt` is always when the ticket arrived). */
  reprintedAt: number | null;
  /** The prints before the latest one, oldest first; empty for a job printed once. */
  earlierPrints: JobPrintView[];
  /** The printer profile (model id) the latest print was laid out for; null when not recorded. */
  printedModel?: string | null;
  /**
   * The printer profile a reprint would be laid out for now (the printer it would go to, with the model set for it
   * today); null when that printer cannot be told. The window compares it with the last recorded one before reprinting.
   */
  reprintModel?: string | null;
}

export interface SubmitResult {
  id: string;
  current: number;
  capacity: number;
  mensaje: string;
}

/**
 * `queued`: it prints again; `unknown`: no such job; `not-finished`: it is still waiting or printing;
 * `printer-blocked`: a held job whose printer still cannot print (out of paper…): it stays held.
 */
export interface ReprintResult {
  ok: boolean;
  reason: 'queued' | 'unknown' | 'not-finished' | 'printer-blocked';
}

/** How many times each printer's cash drawer was opened on one day (local date `yyyy-mm-dd`). */
export interface DrawerOpeningsDay {
  day: string;
  printer: string;
  openings: number;
}

export interface Template {
  name: string;
  /** Keeps its `{{placeholders}}`: the POS fills them in. */
  document: unknown;
  /** What the designer's preview shows for each placeholder (absent in templates saved before samples existed). */
  samples?: TemplateSample[];
  /** Translated versions by target language code (`ZH`, `EN-GB`); absent in templates never translated. */
  variants?: Record<string, TemplateVariant>;
  /** Brand and product names translation leaves as they are. */
  protectedTerms?: string[];
  updatedAt: number;
}

export interface TemplateSample {
  name: string;
  value: string;
}

/** `exists`: another template has the new name (it is never overwritten); `missing`: no template has the old one. */
export type RenameResult = { renamed: true; template: Template } | { renamed: false; reason: 'exists' | 'missing' };

export interface PreviewMark {
  /** cut, partial-cut, beep, drawer, unknown…: what paper alone cannot show. */
  kind: string;
  /** Dot row on the image. */
  y: number;
  detail: string;
}

export interface PreviewImage {
  mime: 'image/png';
  base64: string;
  width: number;
  height: number;
  marks: PreviewMark[];
  /** The dot rows each command of the document printed (`index` in `commands`), top to bottom. */
  blocks: { index: number; top: number; bottom: number }[];
}

export interface Preview {
  /** The exact bytes the printer would receive. */
  bytesBase64: string;
  /** A raster of those bytes when a preview renderer is available; the window falls back to a text view. */
  image: PreviewImage | null;
  /** `CATEGORY: text` when the document cannot be printed (nothing else is set then). */
  error: string | null;
}
