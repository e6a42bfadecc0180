import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TemplateStore } from '../../src/main/services/app-api/template-store';
import { TEMPLATE_MAX_BYTES } from '../../src/shared/contract/template-limits';
import type { Template } from '../../src/shared/contract/types';
import { tempDir } from '../support/service-harness';

/** A store on a fresh data folder (or `dataDir`), with what it warned about. */
function storeIn(dataDir = tempDir('ticketera-templates-')): { store: TemplateStore; dataDir: string; warnings: string[] } {
  const warnings: string[] = [];
  return { store: new TemplateStore(path.join(dataDir, 'templates.json'), { log: (line) => warnings.push(line) }), dataDir, warnings };
}

const doc = (text: string, extra = ''): Record<string, unknown> => ({ version: '1.0', commands: [{ type: 'text', data: { text } }, ...(extra ? [{ type: 'image', data: { image: extra } }] : [])] });
const template = (name: string, updatedAt: number, extra = ''): Template => ({ name, document: doc(name, extra), samples: [], updatedAt });
const filesIn = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
const byName = (templates: Template[]): Record<string, Template> => Object.fromEntries(templates.map((one) => [one.name, one]));
/** Sizes instead of documents in assertion messages: a failing comparison would otherwise print megabytes. */
const summary = (templates: Template[]): string[] => templates.map((one) => `${one.name}:${JSON.stringify(one).length}`);

describe('moving the old single templates.json to one file per template', () => {
  it('keeps every template, byte for byte, and the old file as a backup', async () => {
    const { store, dataDir, warnings } = storeIn();
    const translated: Template = {
      ...template('Cena', 3),
      samples: [{ name: 'mesa', value: '4' }],
      variants: { EN: { document: doc('Dinner'), billedCharacters: 6, updatedAt: 4 } },
      protectedTerms: ['Ticketera'],
    };
    // Saved before the limits: 4.5 MB (issue 20 saw 60 of these), and one too big even to be read back.
    const grandfathered = template('Logo antiguo', 5, 'A'.repeat(4_500_000));
    const huge = template('Enorme', 6, 'B'.repeat(9 * 1024 * 1024));
    const legacy = [template('Barra', 1), template('Café', 2), translated, grandfathered, huge, 42, { name: 'sin fecha' }];
    const legacyText = JSON.stringify(legacy, null, 2);
    fs.writeFileSync(path.join(dataDir, 'templates.json'), legacyText);

    const listed = await store.list();
    expect(summary(listed)).toEqual(summary([template('Barra', 1), template('Café', 2), translated, grandfathered]));
    expect(byName(listed)['Cena']).toEqual(translated);
    expect(byName(listed)['Logo antiguo']).toEqual(grandfathered);

    expect(fs.existsSync(path.join(dataDir, 'templates.json'))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'templates.json.migrated'), 'utf8')).toBe(legacyText);
    expect(filesIn(path.join(dataDir, 'templates')).filter((name) => name.endsWith('.json'))).toHaveLength(4);
    // The one too big to read is set aside whole, never dropped.
    const aside = filesIn(path.join(dataDir, 'templates', 'quarantine'));
    expect(aside).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'templates', 'quarantine', aside[0] ?? ''), 'utf8'))).toEqual(huge);
    expect(warnings.join('\n')).toMatch(/"Enorme" takes \d+ bytes, more than a template may be read with; moved to/);
    expect(warnings.join('\n')).toContain('Templates: 5 moved from');

    // Started again: nothing more to move, the same templates.
    const again = storeIn(dataDir);
    expect(summary(await again.store.list())).toEqual(summary(listed));
    expect(again.warnings).toEqual([]);
  });

  it('run again after being cut off, keeps what was saved since over the old copy', async () => {
    const { store, dataDir } = storeIn();
    fs.writeFileSync(path.join(dataDir, 'templates.json'), JSON.stringify([template('Barra', 1), template('Café', 2)]));
    // A first run moved them, then "Café" was saved again, then the process died before the old file was renamed.
    await store.list();
    await store.save('Café', doc('Café nuevo'), [], 50);
    fs.renameSync(path.join(dataDir, 'templates.json.migrated'), path.join(dataDir, 'templates.json'));

    const listed = byName(await storeIn(dataDir).store.list());
    expect(Object.keys(listed).sort()).toEqual(['Barra', 'Café']);
    expect(listed['Café']?.document).toEqual(doc('Café nuevo'));
  });

  it('sets a damaged old file aside instead of treating it as empty (which lost it at the next save)', async () => {
    const { store, dataDir, warnings } = storeIn();
    fs.writeFileSync(path.join(dataDir, 'templates.json'), '[{"name": "Barra", "docu');
    expect(await store.list()).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, 'templates.json.damaged'), 'utf8')).toBe('[{"name": "Barra", "docu');
    expect(warnings.join('\n')).toContain('is not a list of templates; kept as');
    await store.save('Nueva', doc('nueva'));
    expect((await store.list()).map((one) => one.name)).toEqual(['Nueva']);
  });
});

describe('reading the templates folder', () => {
  it('lists the good files and sets aside, with a warning, whatever is not one: never a crash, never a huge read', async () => {
    const { store, dataDir, warnings } = storeIn();
    await store.save('Buena', doc('buena'));
    const dir = path.join(dataDir, 'templates');
    fs.writeFileSync(path.join(dir, '0000000000000001.json'), '{"name": "Rota", "updat');
    fs.writeFileSync(path.join(dir, '0000000000000002.json'), JSON.stringify({ hola: 'mundo' }));
    fs.writeFileSync(path.join(dir, '0000000000000003.json'), JSON.stringify(template('Gigante', 1, 'C'.repeat(9 * 1024 * 1024))));
    fs.writeFileSync(path.join(dir, '0000000000000004.json.1a2b3c4d.tmp'), 'a write cut off');
    execFileSync('mkfifo', [path.join(dir, '0000000000000005.json')]);

    const { store: reopened, warnings: seen } = storeIn(dataDir);
    expect((await reopened.list()).map((one) => one.name)).toEqual(['Buena']);
    const all = seen.join('\n');
    expect(all).toMatch(/0000000000000001\.json is not JSON/);
    expect(all).toMatch(/0000000000000002\.json does not hold a template/);
    expect(all).toMatch(/0000000000000003\.json is \d+ bytes, over the 8388608 a template may be read with/);
    expect(all).toMatch(/0000000000000005\.json is not a regular file/);
    expect(filesIn(path.join(dir, 'quarantine'))).toHaveLength(3);
    expect(filesIn(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('keeps the newer of two files with one name (copied in by hand) and sets the other aside', async () => {
    const { dataDir } = storeIn();
    const dir = path.join(dataDir, 'templates');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'aaaaaaaaaaaaaaaa.json'), JSON.stringify(template('Barra', 10)));
    fs.writeFileSync(path.join(dir, 'bbbbbbbbbbbbbbbb.json'), JSON.stringify({ ...template('Barra', 20), document: doc('la nueva') }));
    const { store, warnings } = storeIn(dataDir);
    const listed = await store.list();
    expect(listed).toHaveLength(1);
    expect(listed[0]?.document).toEqual(doc('la nueva'));
    expect(warnings.join('\n')).toContain('a second template named "Barra"');
    expect(filesIn(path.join(dir, 'quarantine'))).toHaveLength(1);
  });
});

describe('changes', () => {
  it('a save writes its own file only, never the others', async () => {
    const { store, dataDir } = storeIn();
    for (const name of ['Uno', 'Dos', 'Tres']) await store.save(name, doc(name));
    const dir = path.join(dataDir, 'templates');
    const before = new Map(filesIn(dir).map((name) => [name, fs.statSync(path.join(dir, name)).mtimeMs]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.save('Dos', doc('dos otra vez'));
    const changed = filesIn(dir).filter((name) => fs.statSync(path.join(dir, name)).mtimeMs !== before.get(name));
    expect(changed).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, changed[0] ?? ''), 'utf8'))).toMatchObject({ name: 'Dos', document: doc('dos otra vez') });
  });

  it('two renames to one name at once: one wins, the other is told the name exists, nothing is overwritten', async () => {
    const { store } = storeIn();
    await store.save('Barra', doc('barra'));
    await store.save('Mesa', doc('mesa'));
    const results = await Promise.all([store.rename('Barra', 'Terraza'), store.rename('Mesa', 'Terraza')]);
    expect(results.map((result) => result.renamed)).toEqual([true, false]);
    expect(results[1]).toEqual({ renamed: false, reason: 'exists' });
    const listed = byName(await store.list());
    expect(Object.keys(listed).sort()).toEqual(['Mesa', 'Terraza']);
    expect(listed['Terraza']?.document).toEqual(doc('barra'));
  });

  it('a template saved before the size limit can still be renamed, lose a language version and be deleted, but not grow', async () => {
    const { store, dataDir } = storeIn();
    const old: Template = { ...template('Logo antiguo', 1, 'A'.repeat(3_000_000)), variants: { EN: { document: doc('en'), billedCharacters: 2, updatedAt: 1 } } };
    fs.writeFileSync(path.join(dataDir, 'templates.json'), JSON.stringify([old]));
    expect(await store.rename('Logo antiguo', 'Logo')).toMatchObject({ renamed: true });
    expect(await store.deleteVariant('Logo', 'EN')).toBe(true);
    await expect(store.save('Logo', old.document)).rejects.toThrow(/^template-too-large: "Logo" would take 2\.9 MiB/);
    await expect(store.saveVariant('Logo', 'DE', { document: doc('de'), billedCharacters: 2 })).rejects.toThrow(/^template-too-large/);
    expect(await store.delete('Logo')).toBe(true);
    expect(await store.list()).toEqual([]);
    expect(TEMPLATE_MAX_BYTES).toBeLessThan(3_000_000);
  });
});
