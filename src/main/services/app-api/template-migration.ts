import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Template } from '../../../shared/contract/types';
import { TEMPLATE_FILE_READ_MAX_BYTES, TemplateFiles, isTemplate } from './template-files';

/**
 * The most of the old single `templates.json` that is read: 283 MB of them were seen, and V8 cannot hold a string of
 * more than about 512 MB. A larger file is left where it is, with a warning, never deleted.
 */
export const LEGACY_READ_MAX_BYTES = 480 * 1024 * 1024;

/** A migrated template's id comes from its name, so running the migration again rewrites the same files. */
export const legacyIdOf = (name: string): string => createHash('sha256').update(name).digest('hex').slice(0, 16);

export interface MigrationLog {
  info(line: string): void;
  warn(line: string): void;
}

/**
 * Splits the `templates.json` of before (every template in one file, read and rewritten whole on each save) into one
 * file per template, once, then keeps it as `templates.json.migrated`. Never loses a template: an interrupted run is
 * run again at the next start (a file already there and at least as new is kept), and a file that cannot be read or
 * parsed is left or set aside, never removed. Parsing it is one synchronous JSON.parse, paid once.
 */
export async function migrateLegacyTemplates(legacyFile: string, files: TemplateFiles, log: MigrationLog): Promise<void> {
  let stats: fs.Stats;
  try {
    stats = await fs.promises.stat(legacyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`Templates: cannot look at ${legacyFile} (${(error as Error).message}); not migrated`);
    return;
  }
  if (!stats.isFile() || stats.size > LEGACY_READ_MAX_BYTES) {
    log.warn(`Templates: ${legacyFile} is not a regular file of at most ${LEGACY_READ_MAX_BYTES} bytes; left where it is, not read`);
    return;
  }
  const templates = parseLegacy(await fs.promises.readFile(legacyFile, 'utf8'));
  if (!templates) {
    const aside = await keepAside(legacyFile, 'damaged');
    log.warn(`Templates: ${legacyFile} is not a list of templates; kept as ${aside}, not read`);
    return;
  }
  for (const template of templates.values()) await migrateOne(template, files);
  const backup = await keepAside(legacyFile, 'migrated');
  log.info(`Templates: ${templates.size} moved from ${legacyFile} into ${files.dir}, one file each; the old file is kept as ${backup} (delete it once they look right)`);
}

/** As the old store read it: an array of templates by name, the last of a name winning; anything else is no list. */
function parseLegacy(text: string): Map<string, Template> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  return new Map(parsed.filter(isTemplate).map((template) => [template.name, template]));
}

async function migrateOne(template: Template, files: TemplateFiles): Promise<void> {
  const id = legacyIdOf(template.name);
  // Already written by an interrupted run, and maybe saved since: the newer one stays.
  const existing = await files.read(id).catch(() => undefined);
  if (existing && existing.template.updatedAt >= template.updatedAt) return;
  const text = JSON.stringify(template);
  await files.write(id, text);
  const bytes = Buffer.byteLength(text);
  if (bytes > TEMPLATE_FILE_READ_MAX_BYTES) await files.quarantine(id, `"${template.name}" takes ${bytes} bytes, more than a template may be read with`);
}

/** Renames `file` to `file.<suffix>` (or with the time, when that name is taken) and returns the new name. */
async function keepAside(file: string, suffix: string): Promise<string> {
  let target = `${file}.${suffix}`;
  const taken = await fs.promises.access(target).then(
    () => true,
    () => false,
  );
  if (taken) target = `${file}.${suffix}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await fs.promises.rename(file, target);
  return target;
}
