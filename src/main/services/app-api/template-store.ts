import path from 'node:path';
import { TEMPLATE_MAX_BYTES, TEMPLATE_MAX_COUNT, TEMPLATE_REFUSAL_TEXT, TEMPLATES_TOTAL_MAX_BYTES } from '../../../shared/contract/template-limits';
import type { TemplateVariant, VariantSaveResult } from '../../../shared/contract/translation-types';
import type { RenameResult, Template, TemplateSample } from '../../../shared/contract/types';
import { TemplateFiles, type TemplateFile } from './template-files';
import { migrateLegacyTemplates } from './template-migration';

interface Entry {
  id: string;
  bytes: number;
}

export interface TemplateStoreOptions {
  log?: (line: string) => void;
}

/**
 * Saved ticket designs: one file per template in `templates/` beside the old `templates.json` (split from it once,
 * see template-migration), so a save writes that template only, asynchronously, instead of reading and rewriting
 * all of them on the event loop (60 logos made that 2.6 s per save). Sizes and names are kept in memory; documents
 * are read from disk when asked. Changes run one at a time, so the count and size limits and "never over another
 * name" hold between concurrent calls.
 */
export class TemplateStore {
  private readonly files: TemplateFiles;
  private readonly log: (line: string) => void;
  private index: Promise<Map<string, Entry>> | undefined;
  private changes: Promise<unknown> = Promise.resolve();

  /** `legacyFile`: the old single file (`<data>/templates.json`); the folder is `templates/` beside it. */
  constructor(
    private readonly legacyFile: string,
    options: TemplateStoreOptions = {},
  ) {
    this.log = options.log ?? ((line) => console.warn(line));
    this.files = new TemplateFiles(path.join(path.dirname(legacyFile), 'templates'), this.log);
  }

  async list(): Promise<Template[]> {
    const entries = [...(await this.loaded()).values()];
    const templates: Template[] = [];
    // One at a time: each file is parsed between other requests, never all of them in one go.
    for (const entry of entries) {
      const file = await this.files.read(entry.id).catch((error: unknown) => {
        // Deleted by a change meanwhile, or damaged by hand since the start: the others are still listed.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.log(`Templates: ${(error as Error).message}; not listed`);
        return undefined;
      });
      if (file) templates.push(file.template);
    }
    return templates.sort((a, b) => a.name.localeCompare(b.name));
  }

  save(name: string, document: unknown, samples: TemplateSample[] = [], now = Date.now()): Promise<Template> {
    return this.change(async (index) => {
      const { entry, template: current } = await this.current(index, name);
      // Its language versions and protected names stay: saving the original is not translating it again.
      const { variants, protectedTerms } = current ?? {};
      const template: Template = { name, document, samples, ...(variants ? { variants } : {}), ...(protectedTerms ? { protectedTerms } : {}), updatedAt: now };
      await this.put(index, template, entry);
      return template;
    });
  }

  /** A translated version of a saved template, under its target language (a second one replaces the first). */
  saveVariant(name: string, language: string, variant: Omit<TemplateVariant, 'updatedAt'>, protectedTerms?: string[], now = Date.now()): Promise<VariantSaveResult> {
    return this.change(async (index) => {
      const { entry, template } = await this.current(index, name);
      if (!entry || !template) return { saved: false, reason: 'missing' };
      const saved: TemplateVariant = { ...variant, updatedAt: now };
      await this.put(index, { ...template, variants: { ...template.variants, [language]: saved }, ...(protectedTerms ? { protectedTerms } : {}) }, entry);
      return { saved: true, variant: saved };
    });
  }

  deleteVariant(name: string, language: string): Promise<boolean> {
    return this.change(async (index) => {
      const { entry, template } = await this.current(index, name);
      if (!entry || !template?.variants?.[language]) return false;
      const { [language]: _removed, ...variants } = template.variants;
      // Smaller than before: never refused, even for a template saved before the limits.
      await this.put(index, { ...template, variants }, entry, { shrinking: true });
      return true;
    });
  }

  /**
   * The template's own file is rewritten under the new name (one rename over it): the old name and the new one
   * never both exist, or neither, and another template's file is never touched.
   */
  rename(from: string, to: string, now = Date.now()): Promise<RenameResult> {
    return this.change(async (index): Promise<RenameResult> => {
      const { entry, template } = await this.current(index, from);
      if (!entry || !template) return { renamed: false, reason: 'missing' };
      if (from === to) return { renamed: true, template };
      if (index.has(to)) return { renamed: false, reason: 'exists' };
      const renamed: Template = { ...template, name: to, updatedAt: now };
      const text = JSON.stringify(renamed);
      await this.files.write(entry.id, text);
      index.delete(from);
      index.set(to, { id: entry.id, bytes: Buffer.byteLength(text) });
      return { renamed: true, template: renamed };
    });
  }

  delete(name: string): Promise<boolean> {
    return this.change(async (index) => {
      const entry = index.get(name);
      if (!entry) return false;
      await this.files.remove(entry.id);
      index.delete(name);
      return true;
    });
  }

  /** Saves `template` over `entry` (or as a new file), refused with the limit's text when it would go over one. */
  private async put(index: Map<string, Entry>, template: Template, entry: Entry | undefined, { shrinking = false } = {}): Promise<void> {
    const text = JSON.stringify(template);
    const bytes = Buffer.byteLength(text);
    if (!shrinking) {
      if (bytes > TEMPLATE_MAX_BYTES) throw new Error(TEMPLATE_REFUSAL_TEXT.tooLarge(template.name, bytes));
      if (!entry && index.size >= TEMPLATE_MAX_COUNT) throw new Error(TEMPLATE_REFUSAL_TEXT.tooMany(index.size));
      const total = totalOf(index) - (entry?.bytes ?? 0) + bytes;
      if (total > TEMPLATES_TOTAL_MAX_BYTES) throw new Error(TEMPLATE_REFUSAL_TEXT.spaceFull(total));
    }
    const id = entry?.id ?? TemplateFiles.newId();
    await this.files.write(id, text);
    index.set(template.name, { id, bytes });
  }

  /** The saved template of that name; one removed or damaged since the start (then set aside) is no longer there. */
  private async current(index: Map<string, Entry>, name: string): Promise<{ entry?: Entry; template?: Template }> {
    const entry = index.get(name);
    if (!entry) return {};
    try {
      return { entry, template: (await this.files.read(entry.id)).template };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') await this.files.quarantine(entry.id, (error as Error).message);
      index.delete(name);
      return {};
    }
  }

  /** Runs `work` after every change before it, on the index as they left it. */
  private change<T>(work: (index: Map<string, Entry>) => Promise<T>): Promise<T> {
    const run = this.changes.then(async () => work(await this.loaded()));
    this.changes = run.catch(() => undefined);
    return run;
  }

  /** The folder read once (after the old file is split): names, ids and sizes. A failed read is tried again next time. */
  private loaded(): Promise<Map<string, Entry>> {
    if (!this.index) {
      const loading = this.load();
      this.index = loading;
      loading.catch(() => {
        if (this.index === loading) this.index = undefined;
      });
    }
    return this.index;
  }

  private async load(): Promise<Map<string, Entry>> {
    await migrateLegacyTemplates(this.legacyFile, this.files, { info: this.log, warn: this.log });
    const byName = new Map<string, TemplateFile>();
    for (const file of await this.files.readAll()) {
      const other = byName.get(file.template.name);
      if (!other) {
        byName.set(file.template.name, file);
        continue;
      }
      // Two files of one name (copied in by hand): the newer one is the template, the other is set aside.
      const [kept, aside] = other.template.updatedAt >= file.template.updatedAt ? [other, file] : [file, other];
      await this.files.quarantine(aside.id, `a second template named "${aside.template.name}", older than ${this.files.fileOf(kept.id)}`);
      byName.set(kept.template.name, kept);
    }
    return new Map([...byName].map(([name, file]) => [name, { id: file.id, bytes: file.bytes }]));
  }
}

const totalOf = (index: Map<string, Entry>): number => [...index.values()].reduce((sum, entry) => sum + entry.bytes, 0);
