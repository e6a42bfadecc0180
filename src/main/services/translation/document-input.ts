import { MAX_DOCUMENT_BYTES } from '../../../shared/contract/translation-types';
import { FileReadError, readRegularFile } from '../files/read-regular-file';
import { TranslationRuleError } from './translation-rule-error';

/** A local disk answers in milliseconds; a network drive that went silent must not hold the command forever. */
const DOCUMENT_READ_TIMEOUT_MS = 30_000;

/**
 * The document to upload, read only if it is a regular file within the window's limit (the same for the CLI):
 * `/dev/zero`, a pipe or a 5 GB video is refused before memory is spent on it, and nothing is sent or paid for.
 */
export async function readDocumentInput(filePath: string, fileName: string): Promise<Buffer> {
  try {
    return await readRegularFile(filePath, { maxBytes: MAX_DOCUMENT_BYTES, timeoutMs: DOCUMENT_READ_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof FileReadError)) throw error;
    if (error.reason === 'too-large') throw new TranslationRuleError({ rule: 'document-too-large', fileName, maxBytes: MAX_DOCUMENT_BYTES });
    if (error.reason === 'not-a-file' && !error.systemCode) throw new TranslationRuleError({ rule: 'document-not-a-file', fileName, kind: error.detail });
    // Missing, denied, silent: an operating-system error naming the file, as the CLI reports any file problem.
    throw Object.assign(new Error(`${filePath}: ${error.message}`), { code: error.systemCode ?? 'ETIMEDOUT', syscall: 'open', path: filePath });
  }
}
