import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentJobView, DownloadedDocument, TextsTranslation, TranslationAnswer, TranslationLanguages, TranslationUsage } from '../../src/shared/contract/translation-types';
import type { SettingsView } from '../../src/shared/contract/settings';
import { startAppHost, type AppHost } from '../../src/main/services/app-api/app-host';
import { TRANSLATED_DOCUMENTS_DIR } from '../../src/main/services/app-api/translation-host';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { EMULATOR_KEYS, startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { tempDir } from '../support/service-harness';
import { QUICK_POLICIES } from '../translation/translation-harness';
import { fakeEncryptor } from './app-harness';

const KEY = EMULATOR_KEYS[0]!;
const WRONG_KEY = 'not-a-key-of-this-account-0000';

let emulator: TranslationEmulator;

interface Host {
  host: AppHost;
  dataDir: string;
  /** POST /api/<method> as the window's HTTP client does; every raw answer is kept to look for the key in it. */
  call<T>(method: string, input?: unknown): Promise<{ status: number; body: { ok: true; value: T } | { ok: false; error: { code: string; message: string } } }>;
}

const answers: string[] = [];

async function startHost(options: { savedKey?: string; env?: NodeJS.ProcessEnv; dataDir?: string } = {}): Promise<Host> {
  const dataDir = options.dataDir ?? tempDir('ticketera-translation-app-');
  const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), fakeEncryptor());
  if (options.savedKey) settings.update({ settings: { translationBaseUrl: emulator.url }, secrets: { translationApiKey: options.savedKey } });
  const host = await startAppHost({
    settings,
    dataDir,
    printerDiscovery: [],
    configOverrides: { host: '127.0.0.1', port: 0 },
    env: options.env ?? {},
    translation: { policies: QUICK_POLICIES, pollDelayMs: () => 50 },
  });
  const url = (method: string): string => `http://127.0.0.1:${host.running().address.port}/api/${method}`;
  return {
    host,
    dataDir,
    call: (method, input) =>
      new Promise((resolve, reject) => {
        const request = http.request(url(method), { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            answers.push(text);
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as never });
          });
        });
        request.on('error', reject);
        request.end(input === undefined ? '' : JSON.stringify(input));
      }),
  };
}

/** The value of a call that must succeed, and of the translation answer inside it. */
async function value<T>(host: Host, method: string, input?: unknown): Promise<T> {
  const { status, body } = await host.call<T>(method, input);
  if (!body.ok) throw new Error(`${method}: ${status} ${body.error.message}`);
  return body.value;
}
async function translated<T>(host: Host, method: string, input?: unknown): Promise<T> {
  const answer = await value<TranslationAnswer<T>>(host, method, input);
  if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.failure)}`);
  return answer.value;
}

async function waitForPhase(host: Host, id: string, phases: DocumentJobView['phase'][], seen: DocumentJobView[] = []): Promise<DocumentJobView> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const view = await value<DocumentJobView | null>(host, 'translationDocumentStatus', { id });
    if (view) seen.push(view);
    if (view && phases.includes(view.phase)) return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} never reached ${phases.join('/')}`);
}

const upload = (text: string, fileName = 'carta.txt', targetLang = 'ZH') => ({ fileName, contentBase64: Buffer.from(text, 'utf8').toString('base64'), targetLang });

beforeAll(async () => {
  emulator = await startTranslationEmulator({ documentTiming: { queuedMs: 100, translatingMs: 600 } });
});
afterEach(() => {
  // Whatever a test did, no answer of the window's API ever carried the key itself.
  for (const text of answers) {
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(WRONG_KEY);
  }
  answers.length = 0;
  emulator.reset();
});
afterAll(() => emulator.close());

describe('translation through the window API (HTTP transport, emulated service)', () => {
  it('translates a receipt batch with the key from the settings: placeholders and protected names kept, a second time from the cache', async () => {
    const app = await startHost({ savedKey: KEY });
    try {
      const languages = await translated<TranslationLanguages>(app, 'translationLanguages');
      expect(languages.target.map((language) => language.code)).toEqual(expect.arrayContaining(['ZH', 'AR', 'DE']));
      expect(languages.target.find((language) => language.code === 'DE')?.supportsFormality).toBe(true);

      const batch = { texts: ['Cafetería Ñandú', 'Total {{total}}', 'Gracias por su visita'], targetLang: 'zh', protectedTerms: ['Cafetería Ñandú'], template: 'Café' };
      const first = await translated<TextsTranslation>(app, 'translateTexts', batch);
      expect(first.translations.map((translation) => translation.text)).toEqual(['[ZH] Cafetería Ñandú', '[ZH] 总计 {{total}}', '[ZH] 感谢您的光临']);
      expect(first.billedCharacters).toBeGreaterThan(0);
      expect(first.translations.every((translation) => !translation.cached && translation.billedCharacters > 0)).toBe(true);

      const again = await translated<TextsTranslation>(app, 'translateTexts', batch);
      expect(again.translations.map((translation) => translation.text)).toEqual(first.translations.map((translation) => translation.text));
      expect(again.translations.every((translation) => translation.cached && translation.billedCharacters === 0)).toBe(true);
      expect(again.billedCharacters).toBe(0);
      expect(emulator.requestsTo('/v2/translate')).toHaveLength(1);

      const usage = await value<TranslationUsage>(app, 'translationUsage');
      expect(usage.keySet).toBe(true);
      expect(usage.cache.templates.find((entry) => entry.template === 'Café')).toMatchObject({ hits: 3, sentTexts: 3, billedCharacters: first.billedCharacters });
      expect(usage.account).toMatchObject({ ok: true, value: { characterCount: first.billedCharacters } });
    } finally {
      await app.host.stop();
    }
  });

  it('uses the environment key over the saved one, shows it fixed and masked, and refuses to change it', async () => {
    const app = await startHost({ savedKey: WRONG_KEY, env: { TICKETERA_TRANSLATION_KEY: KEY, TICKETERA_TRANSLATION_URL: emulator.url } });
    try {
      await translated<TextsTranslation>(app, 'translateTexts', { texts: ['Hola'], targetLang: 'DE' });
      expect(emulator.requestsTo('/v2/translate')).toHaveLength(1);
      const settings = await value<SettingsView>(app, 'getSettings');
      expect(settings.fixed).toMatchObject({ translationApiKey: 'TICKETERA_TRANSLATION_KEY', translationBaseUrl: 'TICKETERA_TRANSLATION_URL' });
      expect(settings.secrets.translationApiKey).toEqual({ set: true, masked: `••••••${KEY.slice(-4)}` });
      expect(settings.translationBaseUrl).toBe(emulator.url);
      const change = await app.call('updateSettings', { secrets: { translationApiKey: 'another-key-1234567890' } });
      expect(change.body).toMatchObject({ ok: false, error: { code: 'failed' } });
      expect(JSON.stringify(change.body)).toContain('TICKETERA_TRANSLATION_KEY');
    } finally {
      await app.host.stop();
    }
  });

  it('hands the window the kind and the trace id of a refused key, and takes a new key without restarting the print service', async () => {
    const app = await startHost({ savedKey: WRONG_KEY });
    try {
      const refused = await value<TranslationAnswer<TextsTranslation>>(app, 'translateTexts', { texts: ['Hola'], targetLang: 'DE' });
      // The trace id of one of the refused requests (the language lists are asked for in parallel).
      const refusedTraces = emulator.requests.filter((request) => request.status === 403).map((request) => request.traceId);
      expect(refused).toEqual({ ok: false, failure: { reason: 'service', failure: { kind: 'key-rejected', status: 403, traceId: expect.any(String), serviceMessage: expect.any(String) } } });
      expect(refusedTraces).toContain(refused.ok ? '' : refused.failure.reason === 'service' ? refused.failure.failure.traceId : '');

      const usage = await value<TranslationUsage>(app, 'translationUsage');
      expect(usage.account).toMatchObject({ ok: false, failure: { reason: 'service', failure: { kind: 'key-rejected', traceId: expect.any(String) } } });

      const running = app.host.running();
      await value(app, 'updateSettings', { secrets: { translationApiKey: KEY } });
      await app.host.settled();
      expect(app.host.running()).toBe(running);
      const text = await translated<TextsTranslation>(app, 'translateTexts', { texts: ['Hola'], targetLang: 'DE' });
      expect(text.translations[0]?.text).toBe('[DE] HOLA');
    } finally {
      await app.host.stop();
    }
  });

  it('says no key is set, as data, when there is none', async () => {
    const app = await startHost();
    try {
      expect(await value(app, 'translationLanguages')).toEqual({ ok: false, failure: { reason: 'service', failure: { kind: 'key-missing' } } });
      expect(await value<TranslationUsage>(app, 'translationUsage')).toMatchObject({ keySet: false, account: null });
    } finally {
      await app.host.stop();
    }
  });

  it('refuses a rule the spec forbids before sending, as data', async () => {
    const app = await startHost({ savedKey: KEY });
    try {
      const refused = await value(app, 'translateTexts', { texts: ['Hola'], targetLang: 'AR', formality: 'more' });
      expect(refused).toEqual({ ok: false, failure: { reason: 'rule', broken: { rule: 'formality-not-supported', targetLang: 'AR' } } });
      expect(emulator.requestsTo('/v2/translate')).toHaveLength(0);
    } finally {
      await app.host.stop();
    }
  });

  it('translates a document: upload, queued and translating with seconds remaining, ready, downloaded, then forgotten with its files', async () => {
    const app = await startHost({ savedKey: KEY });
    try {
      const job = await translated<DocumentJobView>(app, 'uploadTranslationDocument', upload('Coffee\nThank you\n'));
      expect(job).toMatchObject({ fileName: 'carta.txt', outputName: 'carta.ZH.txt', targetLang: 'ZH' });
      const seen: DocumentJobView[] = [];
      const ready = await waitForPhase(app, job.id, ['ready', 'failed'], seen);
      expect(ready).toMatchObject({ phase: 'ready', downloadable: true, billedCharacters: 17 });
      expect(seen.some((view) => view.phase === 'translating' && (view.secondsRemaining ?? 0) > 0)).toBe(true);

      const file = await value<DownloadedDocument | null>(app, 'downloadTranslationDocument', { id: job.id });
      expect(file?.fileName).toBe('carta.ZH.txt');
      expect(file?.mimeType).toBe('text/plain');
      expect(Buffer.from(file?.contentBase64 ?? '', 'base64').toString('utf8')).toBe('[ZH] 咖啡\n[ZH] 谢谢\n');

      const list = await value<DocumentJobView[]>(app, 'listTranslationDocuments');
      expect(list.map((entry) => entry.id)).toContain(job.id);
      const folder = path.join(app.dataDir, TRANSLATED_DOCUMENTS_DIR);
      expect(fs.readdirSync(folder)).toHaveLength(1);
      expect(await value(app, 'forgetTranslationDocument', { id: job.id })).toEqual({ forgotten: true });
      expect(await value<DocumentJobView[]>(app, 'listTranslationDocuments')).toEqual([]);
      expect(fs.readdirSync(folder)).toHaveLength(0);
      expect(await value(app, 'downloadTranslationDocument', { id: job.id })).toBeNull();
    } finally {
      await app.host.stop();
    }
  });

  it('refuses a file type the service does not take without sending it, and reports a document the service could not translate', async () => {
    const app = await startHost({ savedKey: KEY });
    try {
      const refused = await value(app, 'uploadTranslationDocument', upload('MZ', 'programa.exe'));
      expect(refused).toMatchObject({ ok: false, failure: { reason: 'file', problem: 'type', allowed: expect.arrayContaining(['docx', 'pdf']) } });
      expect(emulator.requestsTo('/v2/document')).toHaveLength(0);

      const broken = await translated<DocumentJobView>(app, 'uploadTranslationDocument', upload('Coffee', 'broken.txt'));
      const failed = await waitForPhase(app, broken.id, ['failed', 'ready']);
      expect(failed).toMatchObject({ phase: 'failed', failure: { reason: 'document', serviceMessage: 'The document could not be read.' } });
    } finally {
      await app.host.stop();
    }
  });

  it('goes on with a document job after a restart, without uploading it again', async () => {
    emulator.setDocumentTiming({ queuedMs: 100, translatingMs: 2_000 });
    const dataDir = tempDir('ticketera-translation-resume-');
    const first = await startHost({ savedKey: KEY, dataDir });
    const job = await translated<DocumentJobView>(first, 'uploadTranslationDocument', upload('Coffee\n'));
    await waitForPhase(first, job.id, ['translating']);
    await first.host.stop();
    // The document key was sealed, never written as it is.
    const keyOnTheWire = String(emulator.requestsTo('/v2/document/').find((request) => request.fields['document_key'])?.fields['document_key']);
    expect(fs.readFileSync(path.join(dataDir, 'translation-documents.json'), 'utf8')).not.toContain(keyOnTheWire);

    const second = await startHost({ dataDir });
    try {
      const ready = await waitForPhase(second, job.id, ['ready', 'failed', 'stopped']);
      expect(ready.phase).toBe('ready');
      expect(emulator.requestsTo('/v2/document').filter((request) => request.method === 'POST' && request.path === '/v2/document')).toHaveLength(1);
      const file = await value<DownloadedDocument | null>(second, 'downloadTranslationDocument', { id: job.id });
      expect(Buffer.from(file?.contentBase64 ?? '', 'base64').toString('utf8')).toBe('[ZH] 咖啡\n');
    } finally {
      await second.host.stop();
      emulator.setDocumentTiming({ queuedMs: 100, translatingMs: 600 });
    }
  });

  it('keeps language versions with the template, also when the original is saved again', async () => {
    const app = await startHost();
    try {
      const document = { version: '1.0', commands: [{ type: 'text', data: { text: 'Total {{total}}' } }] };
      await value(app, 'saveTemplate', { name: 'Café', document });
      expect(await value(app, 'saveTemplateVariant', { name: 'Nadie', language: 'ZH', document, billedCharacters: 3 })).toEqual({ saved: false, reason: 'missing' });
      const translatedDocument = { version: '1.0', commands: [{ type: 'text', data: { text: '[ZH] 总计 {{total}}' } }] };
      const saved = await value(app, 'saveTemplateVariant', { name: 'Café', language: 'zh', document: translatedDocument, billedCharacters: 12, protectedTerms: ['Ñandú'] });
      expect(saved).toMatchObject({ saved: true, variant: { billedCharacters: 12 } });
      await value(app, 'saveTemplate', { name: 'Café', document });
      const [template] = await value<{ variants?: Record<string, unknown>; protectedTerms?: string[] }[]>(app, 'listTemplates');
      expect(template?.variants?.['ZH']).toMatchObject({ document: translatedDocument, billedCharacters: 12 });
      expect(template?.protectedTerms).toEqual(['Ñandú']);
      expect(await value(app, 'deleteTemplateVariant', { name: 'Café', language: 'ZH' })).toEqual({ deleted: true });
      const [after] = await value<{ variants?: Record<string, unknown> }[]>(app, 'listTemplates');
      expect(after?.variants).toEqual({});
    } finally {
      await app.host.stop();
    }
  });
});
