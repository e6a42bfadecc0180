import type { TlsFileReason } from '../../../shared/protocol';
import { FileReadError, readRegularFile, type FileReadLimits } from '../files/read-regular-file';

/** A PEM certificate chain is a few KB; a key less. Anything near this is not the file meant. */
export const TLS_FILE_MAX_BYTES = 1024 * 1024;
/** A local file reads in microseconds; a network drive that stopped answering must not hold the start-up forever. */
export const TLS_FILE_TIMEOUT_MS = 5_000;

export type TlsFileLimits = FileReadLimits;

/** Why a file was not read, with the words for the start-up line and /health (the window has its own). */
export class TlsFileError extends Error {
  constructor(
    readonly reason: TlsFileReason | undefined,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_LIMITS: TlsFileLimits = { maxBytes: TLS_FILE_MAX_BYTES, timeoutMs: TLS_FILE_TIMEOUT_MS };

/**
 * A certificate or key file, read only if it is a regular file within the limits (see readRegularFile), so plain
 * `ws://` keeps answering whatever path was typed in the window or on the command line.
 */
export async function readTlsFile(file: string, limits: TlsFileLimits = DEFAULT_LIMITS): Promise<Buffer> {
  try {
    return await readRegularFile(file, limits);
  } catch (error) {
    if (!(error instanceof FileReadError)) throw error;
    throw new TlsFileError(error.reason, tlsMessage(error, limits));
  }
}

function tlsMessage(error: FileReadError, limits: TlsFileLimits): string {
  if (error.systemCode) return `cannot be read (${error.systemCode})`;
  switch (error.reason) {
    case 'not-a-file':
      return `is not a regular file but ${error.detail}: give the PEM file itself`;
    case 'too-large':
      return `is larger than ${Math.round(limits.maxBytes / 1024)} KiB: a PEM certificate or key is a few KB, so it is not one`;
    case 'timed-out':
      return `took ${error.detail} to read`;
    default:
      return `cannot be read (${error.detail})`;
  }
}
