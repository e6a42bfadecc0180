import type { ErrorCategory } from '../../../../shared/protocol';
import type { EncodeOptions } from '../encode-document';
import type { PreviewPicture } from '../preview-document';
import type { MarkTexts } from '../../../../shared/escpos/mark-texts';

/** One piece of work for an encoder thread. */
export type EncoderJob =
  | { op: 'encode'; datos: unknown; options: EncodeOptions }
  /** The virtual printer's PNG of a job's bytes, read in the language of `model` (a profile id). */
  | { op: 'preview-png'; bytes: Uint8Array; width: number; maxHeight: number; maxBytes: number; model?: string; marks?: MarkTexts }
  /** The designer's preview: the PNG in `bytes`, its size and marks in `picture`. */
  | { op: 'preview-image'; bytes: Uint8Array; width: number; maxHeight: number; maxBytes: number; blockStarts?: number[]; model?: string; marks?: MarkTexts };

/** What the service asks of the encoder thread. */
export type EncoderRequest = EncoderJob & { id: number };

/**
 * Its answers: `ready` once, when it has loaded and warmed up (the job clock starts only after it), then one
 * reply per request. A JobError crosses the thread boundary as its category and detail. `heapBytes` is what the
 * thread holds after the job (V8 heap and buffers), for the pool to decide whether to retire it.
 */
export type EncoderReply =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; ok: true; bytes: Uint8Array; picture?: Omit<PreviewPicture, 'png'>; blockStarts?: number[]; heapBytes: number }
  | { kind: 'done'; id: number; ok: false; category: ErrorCategory | null; detail: string; heapBytes: number };
