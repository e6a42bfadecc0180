import fs from 'node:fs/promises';
import { constants, type Stats } from 'node:fs';
import path from 'node:path';

export type OutputProblem = 'exists' | 'is-input' | 'is-directory' | 'no-folder';

/**
 * Where a translation was to be saved cannot be used as it is. `beforeUpload`: found before anything was sent (nothing
 * billed); otherwise the translation waits on the service and the job can continue once the problem is solved.
 */
export class OutputPathError extends Error {
  constructor(
    readonly problem: OutputProblem,
    readonly outputPath: string,
    readonly beforeUpload: boolean,
  ) {
    super(`cannot save the translation to ${outputPath}: ${problem}`);
    this.name = 'OutputPathError';
  }
}

/** Less room than the download may need plus this reserve: refused, so the print journal beside it never runs out. */
export const ROOM_RESERVE_BYTES = 16 * 1024 * 1024;

/** The folder a download goes to lacks room for its largest allowed size plus the reserve. */
export class NoRoomError extends Error {
  constructor(
    readonly folder: string,
    readonly neededBytes: number,
    readonly freeBytes: number,
  ) {
    super(`not enough free space in ${folder}: ${neededBytes} bytes needed, ${freeBytes} free`);
    this.name = 'NoRoomError';
  }
}

/**
 * Checks the output before anything is sent or downloaded: a folder is refused (a file name is needed), an existing
 * file — the input itself included — only replaced when `overwrite`, and the nearest existing parent must be a folder.
 */
export async function checkOutput(outputPath: string, options: { inputPath?: string | undefined; overwrite: boolean; beforeUpload: boolean }): Promise<void> {
  const refuse = (problem: OutputProblem): OutputPathError => new OutputPathError(problem, outputPath, options.beforeUpload);
  const target = await statOf(outputPath);
  if (target?.isDirectory()) throw refuse('is-directory');
  if (target && !options.overwrite) {
    const input = options.inputPath ? await statOf(options.inputPath) : undefined;
    throw refuse(input && sameFile(input, target) ? 'is-input' : 'exists');
  }
  for (let folder = path.dirname(outputPath); ; folder = path.dirname(folder)) {
    const found = await statOf(folder);
    if (found) {
      if (!found.isDirectory()) throw refuse('no-folder');
      return;
    }
    if (path.dirname(folder) === folder) return;
  }
}

/** Refuses a download that could fill the folder's volume (statfs unavailable: not checked, the size limit still holds). */
export async function ensureRoom(folder: string, maxBytes: number): Promise<void> {
  let free: number;
  try {
    const stats = await fs.statfs(folder);
    free = stats.bavail * stats.bsize;
  } catch {
    return;
  }
  if (free < maxBytes + ROOM_RESERVE_BYTES) throw new NoRoomError(folder, maxBytes + ROOM_RESERVE_BYTES, free);
}

/**
 * Puts the complete download in place. Without `overwrite`, a hard link (or, where links are not supported, an
 * exclusive copy) creates the target only if it still does not exist: a file that appeared meanwhile is not replaced.
 */
export async function placeFile(partial: string, target: string, overwrite: boolean): Promise<void> {
  if (overwrite) return fs.rename(partial, target);
  try {
    await fs.link(partial, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new OutputPathError('exists', target, false);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS' && code !== 'EXDEV') throw error;
    await fs.copyFile(partial, target, constants.COPYFILE_EXCL).catch((copyError: NodeJS.ErrnoException) => {
      throw copyError.code === 'EEXIST' ? new OutputPathError('exists', target, false) : copyError;
    });
  }
  await fs.rm(partial, { force: true });
}

async function statOf(file: string): Promise<Stats | undefined> {
  try {
    return await fs.stat(file);
  } catch {
    return undefined;
  }
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}
