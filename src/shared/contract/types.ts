import type { JournalHealth } from '../protocol';
import type { PrinterDetail, PrinterSummary } from '../printers';

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
  uptimeSeconds: number;
  build: { date: string; time: string };
  /** Whether tickets can be stored (a full disk refuses them) and any damage found at start-up. */
  journal: JournalHealth;
}

export interface PrinterList {
  printers: PrinterDetail[];
  summary: PrinterSummary;
  /** Why a status may be stale (USB printers without bidirectional support); shown next to the list. */
  caveat: string;
}

export type JobState = 'queued' | 'printing' | 'success' | 'error';

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
}

export interface JobDetail extends JobSummary {
  datos: unknown;
}

export interface SubmitResult {
  id: string;
  current: number;
  capacity: number;
  mensaje: string;
}

export interface ReprintResult {
  ok: boolean;
  mensaje: string;
}

export interface Template {
  name: string;
  document: unknown;
  updatedAt: number;
}

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
}

export interface Preview {
  /** The exact bytes the printer would receive. */
  bytesBase64: string;
  byteCount: number;
  /** A raster of those bytes when a preview renderer is available; the window falls back to a text view. */
  image: PreviewImage | null;
  /** `CATEGORY: text` when the document cannot be printed (nothing else is set then). */
  error: string | null;
}
