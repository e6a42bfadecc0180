import fs from 'node:fs';
import path from 'node:path';
import type { TemplateVariant, VariantSaveResult } from '../../../shared/contract/translation-types';
import type { RenameResult, Template, TemplateSample } from '../../../shared/contract/types';

/** Saved ticket designs, one JSON file under the data dir (few, small, edited by hand at the counter). */
export class TemplateStore {
  constructor(private readonly file: string) {}

  list(): Template[] {
    return [...this.read().values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  save(name: string, document: unknown, samples: TemplateSample[] = [], now = Date.now()): Template {
    const templates = this.read();
    // Its language versions and protected names stay: saving the original is not translating it again.
    const { variants, protectedTerms } = templates.get(name) ?? {};
    const template: Template = { name, document, samples, ...(variants ? { variants } : {}), ...(protectedTerms ? { protectedTerms } : {}), updatedAt: now };
    templates.set(name, template);
    this.write(templates);
    return template;
  }

  /** A translated version of a saved template, under its target language (a second one replaces the first). */
  saveVariant(name: string, language: string, variant: Omit<TemplateVariant, 'updatedAt'>, protectedTerms?: string[], now = Date.now()): VariantSaveResult {
    const templates = this.read();
    const template = templates.get(name);
    if (!template) return { saved: false, reason: 'missing' };
    const saved: TemplateVariant = { ...variant, updatedAt: now };
    templates.set(name, { ...template, variants: { ...template.variants, [language]: saved }, ...(protectedTerms ? { protectedTerms } : {}) });
    this.write(templates);
    return { saved: true, variant: saved };
  }

  deleteVariant(name: string, language: string): boolean {
    const templates = this.read();
    const template = templates.get(name);
    if (!template?.variants?.[language]) return false;
    const { [language]: _removed, ...variants } = template.variants;
    templates.set(name, { ...template, variants });
    this.write(templates);
    return true;
  }

  /** One write of the whole file (see `write`): the old name and the new one never both exist, or neither. */
  rename(from: string, to: string, now = Date.now()): RenameResult {
    const templates = this.read();
    const template = templates.get(from);
    if (!template) return { renamed: false, reason: 'missing' };
    if (from === to) return { renamed: true, template };
    if (templates.has(to)) return { renamed: false, reason: 'exists' };
    const renamed: Template = { ...template, name: to, updatedAt: now };
    templates.delete(from);
    templates.set(to, renamed);
    this.write(templates);
    return { renamed: true, template: renamed };
  }

  delete(name: string): boolean {
    const templates = this.read();
    const deleted = templates.delete(name);
    if (deleted) this.write(templates);
    return deleted;
  }

  private read(): Map<string, Template> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      return new Map();
    }
    const list = Array.isArray(parsed) ? parsed : [];
    const templates = list.filter(
      (entry): entry is Template =>
        typeof entry === 'object' && entry !== null && typeof (entry as Template).name === 'string' && typeof (entry as Template).updatedAt === 'number',
    );
    return new Map(templates.map((template) => [template.name, template]));
  }

  /** Written beside and renamed over the file: a crash leaves the old file or the new one, never half of one. */
  private write(templates: Map<string, Template>): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify([...templates.values()], null, 2));
    fs.renameSync(temporary, this.file);
  }
}
