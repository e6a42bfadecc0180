import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { JobError, NothingSentError } from '../../../shared/job-error';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';

import { VIRTUAL_PRINTER_LISTED_NAME } from '../../../shared/printers';

export const VIRTUAL_PRINTER_NAME = VIRTUAL_PRINTER_LISTED_NAME;

/** The virtual printer's paper when a job does not say: 80 mm, the usual roll. */
const VIRTUAL_PAPER_DOTS = 576;

/**
 * The built-in printer: keeps each job's bytes as `<job>.bin` and what they would print as `<job>.png` under its
 * folder (a reprint as `<job>~p2.*`, see writeNew), so the service works anywhere and every print can be looked at.
 */
export type PngRenderer = (bytes: Uint8Array, width: number, model?: string) => Uint8Array | Promise<Uint8Array>;

/**
 * `model` (the job's profile id) picks the language the bytes are read in: Star's for Star profiles. The renderer is
 * loaded on first use: the service passes its encoder threads' renderer instead, and its main thread never loads it.
 */
const renderHere: PngRenderer = async (bytes, width, model) => {
  const [{ renderPrinterBytes }, { rasterToPng }] = await Promise.all([import('../../services/encoding/preview-document'), import('../../services/encoding/raster-png')]);
  return rasterToPng(renderPrinterBytes(bytes, { width, ...(model ? { model } : {}) }));
};

/** `renderPng` lets the service render previews off its event loop (see EncoderThread). */
export function createVirtualTransport(folder: string, renderPng: PngRenderer = renderHere): PrinterTransport {
  return {
    uri: 'virtual',
    async send(job: PrintJobBytes) {
      const base = await saved(async () => {
        await fs.mkdir(folder, { recursive: true });
        return writeNew(path.join(folder, safeFileName(job.id)), job.bytes);
      }, 'the job');
      const png = await renderPng(job.bytes, job.paperDots ?? VIRTUAL_PAPER_DOTS, job.model);
      await saved(() => fs.writeFile(`${base}.png`, png), 'its picture');
    },
  };
}

/** Prints of one job the folder keeps apart; past it the last name is written over (a loop reprinting forever). */
const MAX_PRINTS_KEPT = 1000;

/**
 * Each print gets its own files (issue 24: a reprint never replaces an earlier print's image): `<job>.bin`, then
 * `<job>~p2.bin`, `<job>~p3.bin`… The `wx` flag makes the name choice atomic. `~p` cannot occur in a name from
 * safeFileName (a kept id has no `~`; a hashed one ends in 16 hex digits), so no two jobs' prints share a name.
 */
async function writeNew(first: string, bytes: Uint8Array): Promise<string> {
  for (let print = 1; print <= MAX_PRINTS_KEPT; print += 1) {
    const base = print === 1 ? first : `${first}~p${print}`;
    try {
      await fs.writeFile(`${base}.bin`, bytes, { flag: print === MAX_PRINTS_KEPT ? 'w' : 'wx' });
      return base;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return first;
}

/**
 * Errors a folder or a file's open gives before anything is written to it (no permission, a read-only disk, a path
 * that cannot be made, no file descriptors left): the job's own file failing with one of them holds none of it.
 * Any other (disk full, an I/O error) may come mid-write, after part of the job is in the file.
 */
const OPEN_ERRORS = new Set(['EMFILE', 'ENFILE', 'EACCES', 'EPERM', 'EROFS', 'ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * A file the virtual printer cannot write (disk full, no file descriptors left) fails the job as a printer would.
 * The job's bytes not written at all is a NothingSentError (its id is not final); once they are, its picture failing
 * still counts as printed something.
 */
async function saved<T>(write: () => Promise<T>, what: 'the job' | 'its picture'): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const text = `${VIRTUAL_PRINTER_NAME} could not save the job (${code ? `${code}: ` : ''}${message.replace(/^[A-Z]+: /, '')})`;
    throw what === 'the job' && OPEN_ERRORS.has(code ?? '') ? new NothingSentError('PRINTER', text) : new JobError('PRINTER', text);
  }
}

/** Longest id kept as its own file name; longer ones are cut to a prefix and get the hash. */
const MAX_READABLE = 120;
const READABLE_PREFIX = 100;
/** Windows device names: `con.bin` would write to the console, not a file (any case, any extension). */
const WINDOWS_DEVICES = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * Job ids come from clients: the file name must stay inside the folder, and two ids must never share a file (a
 * later job would overwrite an earlier one's bytes and preview). Ids made only of lowercase letters, digits, `.`,
 * `_` and `-` (not starting with `.`, at most 120 characters, not a Windows device name) are their own file name.
 * Any other id gets a readable, cleaned-up prefix plus `~` and 16 hex digits of the SHA-256 of the exact id: `~`
 * never occurs in a kept id, so the two kinds cannot meet, and lowercase-only kept names cannot collide on a
 * case-insensitive disk (Windows, macOS).
 */
export function safeFileName(id: string): string {
  const readable = /^[a-z0-9_-][a-z0-9._-]*$/.test(id) && id.length <= MAX_READABLE && !WINDOWS_DEVICES.test(id.split('.')[0] ?? '');
  if (readable) return id;
  let prefix = id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, READABLE_PREFIX) || 'job';
  if (WINDOWS_DEVICES.test(prefix.split('.')[0] ?? '')) prefix = `_${prefix}`;
  return `${prefix}~${createHash('sha256').update(id, 'utf8').digest('hex').slice(0, 16)}`;
}
