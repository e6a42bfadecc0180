import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Template } from '../../../shared/contract/types';

/**
 * The most one template file may hold to be read at all: above the save limit (TEMPLATE_MAX_BYTES), so a template
 * saved before that limit existed (4.5 MB ones were seen) still opens, yet a damaged or foreign file never fills
 * the memory. A larger file is set aside, not read.
 */
export const TEMPLATE_FILE_READ_MAX_BYTES = 8 * 1024 * 1024;

/** One template on disk: `<id>.json` in the templates folder, holding the template with its name. */
export interface TemplateFile {
  id: string;
  bytes: number;
  template: Template;
}

/** A file that could not be used as a template, and why (for the warning). */
export class TemplateFileError extends Error {}

const ID_PATTERN = /^[0-9a-f]{16}$/;
/** O_NONBLOCK: a FIFO put where a template was must not hold a libuv thread waiting for a writer. */
const READ_FLAGS = fs.constants.O_RDONLY | (process.platform === 'win32' ? 0 : fs.constants.O_NONBLOCK);

/**
 * The templates folder: one file per template, each written beside itself and renamed over (a crash leaves the old
 * file or the new one, never half of one), all asynchronous. Files it cannot use are moved to `quarantine/`, never
 * deleted.
 */
export class TemplateFiles {
  constructor(
    readonly dir: string,
    private readonly warn: (line: string) => void,
  ) {}

  static newId(): string {
    return randomBytes(8).toString('hex');
  }

  fileOf(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  /** Every template file that can be read; the rest are set aside with a warning. Leftovers of interrupted writes go. */
  async readAll(): Promise<TemplateFile[]> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const found: TemplateFile[] = [];
    for (const entry of await fs.promises.readdir(this.dir, { withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.tmp')) {
        await fs.promises.rm(path.join(this.dir, entry.name), { force: true });
        continue;
      }
      const id = entry.name.endsWith('.json') ? entry.name.slice(0, -'.json'.length) : '';
      if (!ID_PATTERN.test(id)) continue;
      if (!entry.isFile()) {
        this.warn(`Templates: ${this.fileOf(id)} is not a regular file; skipped / plantilla ignorada`);
        continue;
      }
      try {
        found.push(await this.read(id));
      } catch (error) {
        await this.quarantine(id, (error as Error).message);
      }
    }
    return found;
  }

  /** One template, read only if it is a regular file within the read limit and holds a template. */
  async read(id: string): Promise<TemplateFile> {
    const file = this.fileOf(id);
    const handle = await fs.promises.open(file, READ_FLAGS);
    let text: string;
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new TemplateFileError(`${file} is not a regular file`);
      if (stats.size > TEMPLATE_FILE_READ_MAX_BYTES) throw new TemplateFileError(`${file} is ${stats.size} bytes, over the ${TEMPLATE_FILE_READ_MAX_BYTES} a template may be read with`);
      text = (await handle.readFile()).toString('utf8');
    } finally {
      await handle.close();
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new TemplateFileError(`${file} is not JSON (${(error as Error).message})`);
    }
    if (!isTemplate(parsed)) throw new TemplateFileError(`${file} does not hold a template (a name and updatedAt)`);
    return { id, bytes: Buffer.byteLength(text), template: parsed };
  }

  /** Writes `text` (a template's JSON) as the file `id`, replacing it at once; resolves once it is on disk. */
  async write(id: string, text: string): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const file = this.fileOf(id);
    const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      const handle = await fs.promises.open(temporary, 'w');
      try {
        await handle.writeFile(text);
        // A till loses power: the rename must not land before the bytes it names.
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await renameOver(temporary, file);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await fs.promises.rm(this.fileOf(id), { force: true });
  }

  /** Moves a file the store cannot use out of its way, keeping it for whoever wants to look at it. */
  async quarantine(id: string, why: string): Promise<void> {
    const aside = path.join(this.dir, 'quarantine');
    const target = path.join(aside, `${id}-${Date.now()}.json`);
    try {
      await fs.promises.mkdir(aside, { recursive: true });
      await fs.promises.rename(this.fileOf(id), target);
      this.warn(`Templates: ${why}; moved to ${target} / plantilla apartada`);
    } catch (error) {
      this.warn(`Templates: ${why}; could not move it aside (${(error as Error).message}), skipped / plantilla ignorada`);
    }
  }
}

/** Windows: a virus scanner or indexer holding the old file refuses the rename for a moment; try a few times. */
const RENAME_RETRY_MS = [50, 150, 400];
const RETRIED_CODES = new Set(['EPERM', 'EACCES', 'EBUSY']);

async function renameOver(from: string, to: string): Promise<void> {
  for (const wait of [...RENAME_RETRY_MS, undefined]) {
    try {
      await fs.promises.rename(from, to);
      return;
    } catch (error) {
      if (wait === undefined || !RETRIED_CODES.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export function isTemplate(value: unknown): value is Template {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { name, updatedAt } = value as Partial<Template>;
  return typeof name === 'string' && name !== '' && typeof updatedAt === 'number';
}
