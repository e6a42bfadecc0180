import fs from 'node:fs';
import path from 'node:path';
import type { Template } from '../../../shared/contract/types';

/** Saved ticket designs, one JSON file under the data dir (few, small, edited by hand at the counter). */
export class TemplateStore {
  constructor(private readonly file: string) {}

  list(): Template[] {
    return [...this.read().values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  save(name: string, document: unknown, now = Date.now()): Template {
    const templates = this.read();
    const template: Template = { name, document, updatedAt: now };
    templates.set(name, template);
    this.write(templates);
    return template;
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

  private write(templates: Map<string, Template>): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify([...templates.values()], null, 2));
    fs.renameSync(temporary, this.file);
  }
}
