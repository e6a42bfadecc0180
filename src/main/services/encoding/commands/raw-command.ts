import type { RawData } from '../../../../shared/document/types';
import { JobError } from '../../../../shared/job-error';
import { decodeBase64 } from '../base64';
import { safeModeProblem } from '../safe-mode';
import type { EncodeContext } from './encode-context';

/**
 * Bytes passed through as given. With safe mode on they must pass its allow-list first (every command known, every
 * parameter in range, all data there); the first command that does not fails the job with RAW.
 */
export function encodeRaw(context: EncodeContext, data: RawData): void {
  if (data.language === 'star') {
    throw new JobError('RAW', `${context.path}.data: these bytes are Star commands and the ${context.writer.profile.name} prints ESC/POS; nothing was sent`);
  }
  const bytes = rawBytes(context.path, data);
  if (context.safeMode) {
    const problem = safeModeProblem(bytes);
    if (problem) throw new JobError('RAW', `${context.path}.data: ${problem}`);
  }
  context.writer.push(bytes);
  context.writer.forgetState();
}

export function rawBytes(path: string, data: RawData): Uint8Array {
  if (data.hex !== undefined) {
    const digits = data.hex.replace(/[\s:]/g, '');
    return Uint8Array.from(digits.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  }
  const bytes = decodeBase64(data.base64 ?? '');
  if (!bytes) throw new JobError('RAW', `${path}.data.base64 is not valid base64`);
  return bytes;
}
