import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_MAX_BYTES, TEMPLATE_MAX_COUNT, TEMPLATES_TOTAL_MAX_BYTES } from '../../src/shared/contract/template-limits';
import type { Template } from '../../src/shared/contract/types';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { tempDir } from '../support/service-harness';
import { sampleDocument, startTestAppHost, type TestAppHost } from './app-harness';

/** POST /api/<method> on `host`, expecting it to succeed, and its value. */
async function callOn(host: TestAppHost, method: string, input?: unknown): Promise<unknown> {
  const { status, body } = await host.post(method, input);
  expect(status, `${method}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  return (body as { value: unknown }).value;
}

/** The call's refusal as the window gets it: `failed` with the service's text. */
async function refusalOn(host: TestAppHost, method: string, input: unknown): Promise<string> {
  const { status, body } = await host.post(method, input);
  expect(status).toBe(500);
  const { error } = body as { error: { code: string; message: string } };
  expect(error.code).toBe('failed');
  return error.message;
}

/** Every template file in the data folder's `templates/`, as saved. */
function onDiskIn(dataDir: string): Template[] {
  const dir = path.join(dataDir, 'templates');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Template);
}

/** A receipt with a logo: `bytes` of base64 picture (not a real PNG: saving does not decode it), and a line of text. */
function logoDocument(bytes: number, seed: number): Record<string, unknown> {
  const picture = randomBytes(Math.floor((bytes * 3) / 4)).toString('base64');
  return { ...sampleDocument(`Logo ${seed}`), commands: [{ type: 'image', data: { image: picture } }, { type: 'text', data: { text: `Ticket ${seed}` } }] };
}

describe('saved ticket designs, through the window’s HTTP API', () => {
  let host: TestAppHost;
  beforeAll(async () => {
    host = await startTestAppHost();
  });
  afterAll(() => host.stop());

  const call = (method: string, input?: unknown): Promise<unknown> => callOn(host, method, input);
  const list = async (): Promise<Template[]> => (await call('listTemplates')) as Template[];
  const onDisk = (): Template[] => onDiskIn(host.dataDir);

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
    expect(onDisk().map((template) => template.name)).not.toContain('Borrador');
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

  it('deletes one template and its file, and only that one', async () => {
    await call('saveTemplate', { name: 'Efímera', document: sampleDocument('efímera') });
    expect(await call('deleteTemplate', { name: 'Efímera' })).toEqual({ deleted: true });
    expect(await call('deleteTemplate', { name: 'Efímera' })).toEqual({ deleted: false });
    expect(onDisk().map((template) => template.name)).not.toContain('Efímera');
    expect(onDisk().map((template) => template.name)).toContain('Mesa');
  });

  it('refuses a template over the size limit with a text the window recognises, and keeps the one saved before', async () => {
    await call('saveTemplate', { name: 'Logo grande', document: logoDocument(TEMPLATE_MAX_BYTES - 64 * 1024, 1) });
    const message = await refusalOn(host, 'saveTemplate', { name: 'Logo grande', document: logoDocument(TEMPLATE_MAX_BYTES + 1024, 2) });
    expect(message).toMatch(/^template-too-large: "Logo grande" would take 2\.0 MiB \(\d+ bytes\) .*at most 2\.0 MiB: use a smaller picture$/);
    const kept = (await list()).find((template) => template.name === 'Logo grande');
    // (A boolean: a failing match would print two megabytes of base64.)
    expect(JSON.stringify(kept?.document).includes('"Ticket 1"')).toBe(true);
    // A new name over the limit is not created at all.
    await refusalOn(host, 'saveTemplate', { name: 'Otro logo', document: logoDocument(TEMPLATE_MAX_BYTES + 1024, 3) });
    expect((await list()).map((template) => template.name)).not.toContain('Otro logo');
  });
});

describe('how many templates are kept', () => {
  let host: TestAppHost;
  beforeAll(async () => {
    host = await startTestAppHost();
  });
  afterAll(() => host.stop());

  it(`refuses a new one past ${TEMPLATE_MAX_COUNT}, while saving, renaming and deleting the ones there still work`, { timeout: 120_000 }, async () => {
    for (let i = 0; i < TEMPLATE_MAX_COUNT; i += 1) await callOn(host, 'saveTemplate', { name: `Caja ${i}`, document: sampleDocument(`caja ${i}`) });
    const message = await refusalOn(host, 'saveTemplate', { name: 'Una más', document: sampleDocument() });
    expect(message).toBe(`template-too-many: there are already ${TEMPLATE_MAX_COUNT} templates and at most ${TEMPLATE_MAX_COUNT} are kept: delete one first`);
    await callOn(host, 'saveTemplate', { name: 'Caja 0', document: sampleDocument('otra vez') });
    expect(await callOn(host, 'renameTemplate', { from: 'Caja 1', to: 'Caja uno' })).toMatchObject({ renamed: true });
    expect(await callOn(host, 'deleteTemplate', { name: 'Caja 2' })).toEqual({ deleted: true });
    await callOn(host, 'saveTemplate', { name: 'Una más', document: sampleDocument() });
    const names = ((await callOn(host, 'listTemplates')) as Template[]).map((template) => template.name);
    expect(names).toHaveLength(TEMPLATE_MAX_COUNT);
    expect(names).toContain('Una más');
  });
});

/** POST /api/<method> on a `serve` process, as the window's HTTP client does. */
function postTo(port: number, method: string, input: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`http://127.0.0.1:${port}/api/${method}`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(input));
  });
}

/**
 * On the real `serve` process: the test's own event loop stays free, so a /health asked while the service is busy
 * saving waits for it, however short the block.
 */
describe('saving with many large templates (issue 20: 60 × 4.5 MB made each save block /health for 2.6 s)', () => {
  let service: ServiceProcess;
  beforeAll(async () => {
    service = await spawnService(['--data-dir', tempDir('ticketera-templates-'), '--printer', 'virtual']);
  });
  afterAll(() => {
    service.child.kill('SIGKILL');
  });

  const NEAR_LIMIT = TEMPLATE_MAX_BYTES - 100 * 1024;
  const save = async (name: string, seed: number): Promise<{ status: number; body: unknown }> => postTo(service.port, 'saveTemplate', { name, document: logoDocument(NEAR_LIMIT, seed) });
  const saved = async (name: string, seed: number): Promise<void> => {
    const { status, body } = await save(name, seed);
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
  };

  it('answers /health within 500 ms while templates are saved beside 60 near the size limit', { timeout: 300_000 }, async () => {
    for (let i = 0; i < 60; i += 1) await saved(`Logo ${i}`, i);

    const latencies: number[] = [];
    let saving = true;
    const watch = (async () => {
      while (saving) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${service.port}/health`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    try {
      // Saving one again, as the window does after each edit, then new ones.
      for (let i = 0; i < 4; i += 1) await saved(`Logo ${i}`, 100 + i);
      for (let i = 60; i < 64; i += 1) await saved(`Logo ${i}`, i);
    } finally {
      saving = false;
      await watch;
    }
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies), `/health latencies (ms): ${latencies.map(Math.round).join(', ')}`).toBeLessThan(500);
  });

  it('refuses a save that would take the templates past their total space, with the text the window recognises', { timeout: 120_000 }, async () => {
    let message = '';
    for (let i = 64; message === '' && i < 100; i += 1) {
      const { status, body } = await save(`Logo ${i}`, i);
      if (status !== 200) message = (body as { error: { message: string } }).error.message;
    }
    expect(message).toMatch(/^template-space-full: the templates would take 12\d\.\d MiB together and at most 128\.0 MiB are kept/);
    const listed = (await postTo(service.port, 'listTemplates', undefined)).body as { value: Template[] };
    const total = listed.value.reduce((sum, one) => sum + JSON.stringify(one).length, 0);
    expect(total).toBeLessThanOrEqual(TEMPLATES_TOTAL_MAX_BYTES);
  });
});
