import fs from 'node:fs';
import type { TlsFileReason } from '../../../shared/protocol';

/** A PEM certificate chain is a few KB; a key less. Anything near this is not the file meant. */
export const TLS_FILE_MAX_BYTES = 1024 * 1024;
/** A local file reads in microseconds; a network drive that stopped answering must not hold the start-up forever. */
export const TLS_FILE_TIMEOUT_MS = 5_000;

export interface TlsFileLimits {
  maxBytes: number;
  timeoutMs: number;
}

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
 * Reads a certificate or key file only if it is a regular file of at most `maxBytes`, within `timeoutMs`, all
 * asynchronously: `/dev/zero` (endless), a FIFO (blocks until someone writes) or a folder is refused by its kind
 * before a byte is read, so plain `ws://` keeps answering whatever path was typed in the window or on the command line.
 */
export async function readTlsFile(file: string, limits: TlsFileLimits = DEFAULT_LIMITS): Promise<Buffer> {
  const work = readChecked(file, limits);
  // A read still running when the time is up ends (and closes its file) on its own; its outcome no longer matters.
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TlsFileError('timed-out', `took more than ${Math.round(limits.timeoutMs / 1000)} s to read`)), limits.timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, holding one of libuv's few threads. */
const OPEN_FLAGS = fs.constants.O_RDONLY | (process.platform === 'win32' ? 0 : fs.constants.O_NONBLOCK);

async function readChecked(file: string, limits: TlsFileLimits): Promise<Buffer> {
  // stat never blocks on a FIFO or a device: the kind is known before opening it.
  checkKind(await fs.promises.stat(file).catch(failedCall), limits);
  const handle = await fs.promises.open(file, OPEN_FLAGS).catch(failedCall);
  try {
    // Again on what was opened: the path may have been replaced between the two.
    checkKind(await handle.stat(), limits);
    // The size may lie (files under /proc say 0) or grow meanwhile: one byte over the limit is enough to refuse.
    const buffer = Buffer.alloc(limits.maxBytes + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > limits.maxBytes) throw tooLarge(limits);
    return Buffer.from(buffer.subarray(0, filled));
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function checkKind(stats: fs.Stats, limits: TlsFileLimits): void {
  if (!stats.isFile()) throw new TlsFileError('not-a-file', `is not a regular file but ${kindOf(stats)}: give the PEM file itself`);
  if (stats.size > limits.maxBytes) throw tooLarge(limits);
}

const tooLarge = (limits: TlsFileLimits): TlsFileError =>
  new TlsFileError('too-large', `is larger than ${Math.round(limits.maxBytes / 1024)} KiB: a PEM certificate or key is a few KB, so it is not one`);

function kindOf(stats: fs.Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a file';
}

const REASON_OF_CODE: Record<string, TlsFileReason> = { ENOENT: 'not-found', ENOTDIR: 'not-found', EACCES: 'denied', EPERM: 'denied', EISDIR: 'not-a-file', ENXIO: 'not-a-file' };

/** An operating-system error (a missing file, no permission, a socket that cannot be opened) as a TlsFileError. */
function failedCall(error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  throw new TlsFileError(REASON_OF_CODE[code], `cannot be read (${code})`);
}
