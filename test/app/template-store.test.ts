import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../src/shared/contract/types';
import { sampleDocument, startTestAppHost, type TestAppHost } from './app-harness';

describe('saved ticket designs, through the window’s HTTP API', () => {
  let host: TestAppHost;
  beforeAll(async () => {
    host = await startTestAppHost();
  });
  afterAll(() => host.stop());

  const call = async (method: string, input?: unknown): Promise<unknown> => {
    const { status, body } = await host.post(method, input);
    expect(status, `${method}: ${JSON.stringify(body)}`).toBe(200);
    return (body as { value: unknown }).value;
  };
  const list = async (): Promise<Template[]> => (await call('listTemplates')) as Template[];
  const onDisk = (): Template[] => JSON.parse(fs.readFileSync(path.join(host.dataDir, 'templates.json'), 'utf8')) as Template[];

  it('keeps the placeholders in the document and the sample values beside it', async () => {
    const document = sampleDocument('TOTAL {{total}}');
    const samples = [{ name: 'total', value: '12,50 €' }, { name: 'fecha', value: '1/2/2025' }];
    await call('saveTemplate', { name: 'Café', document, samples });
    const saved = (await list()).find((template) => template.name === 'Café');
    expect(saved?.document).toEqual(document);
    expect(saved?.samples).toEqual(samples);
    expect(onDisk().find((template) => template.name === 'Café')?.samples).toEqual(samples);
  });

  it('refuses sample values that are not name and text', async () => {
    const { status, body } = await host.post('saveTemplate', { name: 'Malo', document: sampleDocument(), samples: [{ name: 'total', value: 12.5 }] });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('input.samples[0].value must be a string');
    expect((await list()).map((template) => template.name)).not.toContain('Malo');
  });

  it('renames a template: the new name holds its document and samples, the old name is gone, on disk too', async () => {
    await call('saveTemplate', { name: 'Borrador', document: sampleDocument('borrador'), samples: [{ name: 'mesa', value: '5' }] });
    const result = await call('renameTemplate', { from: 'Borrador', to: 'Terraza' });
    expect(result).toMatchObject({ renamed: true, template: { name: 'Terraza', document: sampleDocument('borrador') } });
    const names = (await list()).map((template) => template.name);
    expect(names).toContain('Terraza');
    expect(names).not.toContain('Borrador');
    expect(onDisk().find((template) => template.name === 'Terraza')?.samples).toEqual([{ name: 'mesa', value: '5' }]);
  });

  it('never renames over another template, and leaves both as they were', async () => {
    await call('saveTemplate', { name: 'Barra', document: sampleDocument('barra') });
    await call('saveTemplate', { name: 'Mesa', document: sampleDocument('mesa') });
    expect(await call('renameTemplate', { from: 'Barra', to: 'Mesa' })).toEqual({ renamed: false, reason: 'exists' });
    const templates = await list();
    expect(templates.find((template) => template.name === 'Barra')?.document).toEqual(sampleDocument('barra'));
    expect(templates.find((template) => template.name === 'Mesa')?.document).toEqual(sampleDocument('mesa'));
  });

  it('says so when the template to rename does not exist', async () => {
    expect(await call('renameTemplate', { from: 'Nadie', to: 'Alguien' })).toEqual({ renamed: false, reason: 'missing' });
    expect((await list()).map((template) => template.name)).not.toContain('Alguien');
  });
});
