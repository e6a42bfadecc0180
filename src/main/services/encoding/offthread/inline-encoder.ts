import { JobError } from '../../../../shared/job-error';
import type { EncodeOptions } from '../encode-document';
import type { EncoderOutcome } from './encoder-thread';

type EncodeDocument = (datos: unknown, options: EncodeOptions, blockStarts: number[]) => Uint8Array;

let encodeDocument: EncodeDocument | undefined;

/**
 * Encodes a small plain receipt (see isInlineJob) on the calling thread. The encoder's code is loaded on the first
 * such receipt, not at start, so an idle service does not hold it. Errors are the encoder thread's: a JobError as it
 * is, anything else as `EXECUTION`.
 */
export async function encodeInline(datos: unknown, options: EncodeOptions): Promise<EncoderOutcome> {
  const blockStarts: number[] = [];
  try {
    // Required, not imported: every loader the service runs under (the build's chunks, tsx, the test runners) takes it.
    encodeDocument ??= (require('../encode-document') as typeof import('../encode-document')).encodeDocument;
    return { bytes: encodeDocument(datos, options, blockStarts), blockStarts, heapBytes: 0 };
  } catch (error) {
    if (error instanceof JobError) throw error;
    throw new JobError('EXECUTION', error instanceof Error ? error.message : String(error));
  }
}
