import type { ErrorCategory } from '../../../../shared/protocol';
import type { EncodeOptions } from '../encode-document';

/** What the service asks of the encoder thread. */
export type EncoderRequest =
  | { id: number; op: 'encode'; datos: unknown; options: EncodeOptions }
  | { id: number; op: 'preview-png'; bytes: Uint8Array; width: number };

/** Its answer; a JobError crosses the thread boundary as its category and detail. */
export type EncoderReply =
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; category: ErrorCategory | null; detail: string };
