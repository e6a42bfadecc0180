import { createRequire } from 'node:module';
import { JobError } from '../../../../shared/job-error';
import type { EncodeOptions } from '../encode-document';
import type { EncoderOutcome } from './encoder-runner';

type EncodeDocument = (datos: unknown, options: EncodeOptions, blockStarts: number[]) => Uint8Array;
type EncoderModule = typeof import('../encode-document');

let loading: Promise<EncodeDocument> | undefined;

/**
 * Built, the encoder is a chunk of its own loaded on the first receipt (a static require would put it in the code
 * parsed at start: ~3.5 MB more idle RSS). Run from source, loaders differ: Playwright's (Node 20) takes TypeScript
 * only through its require hook, vitest's only through import(); tsx takes both.
 */
function loadEncoder(): Promise<EncodeDocument> {
  loading ??= (__filename.endsWith('.ts') ? requireFromSource() : import('../encode-document')).then((module) => module.encodeDocument);
  return loading;
}

function requireFromSource(): Promise<EncoderModule> {
  try {
    return Promise.resolve(createRequire(__filename)('../encode-document') as EncoderModule);
  } catch {
    return import('../encode-document');
  }
}

/**
 * Encodes a small plain receipt (see isInlineJob) on the calling thread. The encoder's code is loaded on the first
 * such receipt, not at start, so an idle service does not hold it. Errors are the encoder thread's: a JobError as it
 * is, anything else as `EXECUTION`.
 */
export async function encodeInline(datos: unknown, options: EncodeOptions): Promise<EncoderOutcome> {
  const blockStarts: number[] = [];
  try {
    const encodeDocument = await loadEncoder();
    return { bytes: encodeDocument(datos, options, blockStarts), blockStarts, heapBytes: 0 };
  } catch (error) {
    if (error instanceof JobError) throw error;
    throw new JobError('EXECUTION', error instanceof Error ? error.message : String(error));
  }
}
