import fs from 'node:fs';

/** Why a file named by a person (a certificate, a document to translate) was not read. */
export type FileReadRefusal = 'not-found' | 'denied' | 'not-a-file' | 'too-large' | 'timed-out';

export interface FileReadLimits {
  maxBytes: number;
  timeoutMs: number;
}

export class FileReadError extends Error {
  constructor(
    readonly reason: FileReadRefusal | undefined,
    /** What the path is when it is not a regular file ("a device"), the limit passed, or the operating system's code. */
    readonly detail: string,
    /** Set when the operating system refused (`ENOENT`, `EACCES`…). */
    readonly systemCode?: string,
  ) {
    super(`${reason ?? 'unreadable'}: ${detail}`);
    this.name = 'FileReadError';
  }
}

/**
 * Reads a file only if it is a regular file of at most `maxBytes`, within `timeoutMs`, all asynchronously: `/dev/zero`
 * (endless), a FIFO (blocks until someone writes) or a folder is refused by its kind before a byte is read, and a
 * file that grows while it is read is refused one byte past the limit, so memory stays bounded whatever path was typed.
 */
export async function readRegularFile(file: string, limits: FileReadLimits): Promise<Buffer> {
  const work = readChecked(file, limits.maxBytes);
  // A read still running when the time is up ends (and closes its file) on its own; its outcome no longer matters.
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new FileReadError('timed-out', `more than ${Math.round(limits.timeoutMs / 1000)} s`)), limits.timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, holding one of libuv's few threads. */
const OPEN_FLAGS = fs.constants.O_RDONLY | (process.platform === 'win32' ? 0 : fs.constants.O_NONBLOCK);

async function readChecked(file: string, maxBytes: number): Promise<Buffer> {
  // stat never blocks on a FIFO or a device: the kind is known before opening it.
  checkKind(await fs.promises.stat(file).catch(failedCall), maxBytes);
  const handle = await fs.promises.open(file, OPEN_FLAGS).catch(failedCall);
  try {
    // Again on what was opened: the path may have been replaced between the two.
    checkKind(await handle.stat(), maxBytes);
    // The size may lie (files under /proc say 0) or grow meanwhile: one byte over the limit is enough to refuse.
    const buffer = Buffer.alloc(maxBytes + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > maxBytes) throw new FileReadError('too-large', `more than ${maxBytes} bytes`);
    return Buffer.from(buffer.subarray(0, filled));
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function checkKind(stats: fs.Stats, maxBytes: number): void {
  if (!stats.isFile()) throw new FileReadError('not-a-file', kindOf(stats));
  if (stats.size > maxBytes) throw new FileReadError('too-large', `${stats.size} bytes`);
}

function kindOf(stats: fs.Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a file';
}

const REASON_OF_CODE: Record<string, FileReadRefusal> = { ENOENT: 'not-found', ENOTDIR: 'not-found', EACCES: 'denied', EPERM: 'denied', EISDIR: 'not-a-file', ENXIO: 'not-a-file' };

/** An operating-system error (a missing file, no permission, a socket that cannot be opened) as a FileReadError. */
function failedCall(error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  throw new FileReadError(REASON_OF_CODE[code], code, code);
}
