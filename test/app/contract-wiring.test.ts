import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_CHANNELS, channelOf } from '../../src/shared/contract/channels';
import { METHOD_NAMES, type InputOf, type MethodName } from '../../src/shared/contract/methods';
import type { ApiResult } from '../../src/shared/contract/result';
import { registerContractHandlers, type InvokeEventLike, type IpcRegistrar } from '../../src/main/services/app-api/ipc-registry';
import { nextEvent, sampleDocument, startTestAppHost, type TestAppHost } from './app-harness';

type Listener = (event: InvokeEventLike, input: unknown) => Promise<ApiResult<unknown>>;

/** ipcMain as far as the registry uses it. */
function fakeIpc(): IpcRegistrar & { listeners: Map<string, Listener> } {
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    handle(channel, listener) {
      if (listeners.has(channel)) throw new Error(`second handler for ${channel}`);
      listeners.set(channel, listener);
    },
  };
}

process.env['TICKETERA_CAMPUS_URL'] = 'http://127.0.0.1:9';
delete process.env['TICKETERA_CAMPUS_KEY'];

const APP_PAGE = 'file:///opt/Ticketera/resources/app.asar/out/renderer/index.html';
const fromApp: InvokeEventLike = { senderFrame: { url: APP_PAGE, parent: null } };

/**
 * One valid input per method. The mapped type makes this fail to compile when a method is added to the contract
 * without being exercised here, so "every method is wired in both transports" stays true by construction.
 */
function sampleInputs(jobId: string): { [M in MethodName]: InputOf<M> } {
  return {
    getStatus: undefined,
    setPaused: { paused: false },
    listPrinters: { refresh: true },
    listJobs: { limit: 10 },
    jobCounts: { since: 0 },
    jobPrinters: undefined,
    cancelJob: { id: jobId },
    getJob: { id: jobId },
    reprintJob: { id: jobId },
    discardHeldJob: { id: jobId },
    printerStatuses: undefined,
    drawerOpenings: { from: 0, to: Date.now() },
    submitJob: { document: sampleDocument() },
    listTemplates: undefined,
    saveTemplate: { name: 'Recibo', document: sampleDocument() },
    renameTemplate: { from: 'Recibo', to: 'Recibo' },
    deleteTemplate: { name: 'Recibo' },
    renderPreview: { document: sampleDocument() },
    getSettings: undefined,
    updateSettings: { settings: { language: 'en' } },
    // No admin key here: each answers ok with its failure (`key-missing`) as data, the same on both transports.
    adminListKeys: undefined,
    adminCreateKey: { label: 'Caja 1' },
    adminRenameKey: { keyId: 'k', label: 'Caja 2' },
    adminSetKeyLimits: { keyId: 'k', characters: null },
    adminDeactivateKey: { keyId: 'k' },
    adminUsage: { from: '2025-01-01', to: '2025-01-31' },
    adminCustomTags: { from: '2025-01-01', to: '2025-01-31' },
    // No translation key either (unless the environment sets one): the service's failures come back as data.
    translationLanguages: undefined,
    translateTexts: { texts: ['Hola'], targetLang: 'DE' },
    translationUsage: undefined,
    uploadTranslationDocument: { fileName: 'menu.txt', contentBase64: Buffer.from('Café').toString('base64'), targetLang: 'DE' },
    listTranslationDocuments: undefined,
    translationDocumentStatus: { id: jobId },
    resumeTranslationDocument: { id: jobId },
    downloadTranslationDocument: { id: jobId },
    forgetTranslationDocument: { id: jobId },
    saveTemplateVariant: { name: 'Recibo', language: 'DE', document: sampleDocument('Hallo'), billedCharacters: 5 },
    deleteTemplateVariant: { name: 'Recibo', language: 'DE' },
    // No campus key: the refresh answers its `key-missing` as data; the changelog (no key needed) is refused by the
    // port below (one fetch never connects to), also as data — never a call to the real campus service from a test.
    campusStatus: undefined,
    campusRefresh: undefined,
    campusChangelog: undefined,
    originRequests: undefined,
    answerOrigin: { origin: 'https://tpv.example.com', allow: true },
    forgetOrigin: { origin: 'https://tpv.example.com' },
    forgetDomain: { domain: 'example.com' },
    onlineOrders: undefined,
    saveOnlineOrder: { protocol: 'cloudprnt', url: 'http://127.0.0.1:9/cloudprnt', printer: 'default', intervalSeconds: 5, user: '', deviceId: '', name: '', statusUrl: '' },
    removeOnlineOrder: { id: 'not-there' },
    testOnlineOrder: { id: 'not-there' },
    fleetStatus: undefined,
    // Loopback's discard port, closed here: refused at once, and a probe never prints anything anyway.
    probePrinter: { host: '127.0.0.1', port: 9 },
    usbDevices: undefined,
  };
}

describe('the contract is wired in both transports', () => {
  let host: TestAppHost;
  let jobId: string;
  const ipc = fakeIpc();

  beforeAll(async () => {
    host = await startTestAppHost();
    registerContractHandlers(ipc, host.handlers, (url) => url === APP_PAGE);
    const printed = nextEvent(host.hub, 'job.printed');
    jobId = (await host.handlers.submitJob({ document: sampleDocument('primero') })).id;
    expect((await printed).id).toBe(jobId);
  });
  afterAll(() => host.stop());

  it('registers exactly one IPC handler per contract method, on the channels the preload uses', () => {
    expect([...ipc.listeners.keys()].sort()).toEqual([...METHOD_CHANNELS].sort());
    expect(METHOD_CHANNELS).toHaveLength(METHOD_NAMES.length);
  });

  it('answers every method over IPC and over HTTP with the same envelope', async () => {
    const inputs = sampleInputs(jobId);
    for (const method of METHOD_NAMES) {
      const listener = ipc.listeners.get(channelOf(method));
      const viaIpc = await listener?.(fromApp, inputs[method]);
      expect(viaIpc, `IPC ${method}`).toMatchObject({ ok: true });
      await host.settled();
      const viaHttp = await host.post(method, inputs[method]);
      expect(viaHttp.status, `HTTP ${method}: ${JSON.stringify(viaHttp.body)}`).toBe(200);
      expect(viaHttp.body, `HTTP ${method}`).toMatchObject({ ok: true });
      await host.settled();
    }
  });

  it('refuses IPC calls from any frame other than the app page, before validation', async () => {
    const listener = ipc.listeners.get(channelOf('getSettings'));
    const iframe = { url: APP_PAGE, parent: { url: APP_PAGE } };
    for (const senderFrame of [{ url: 'https://evil.example/' }, { url: 'file:///tmp/other.html' }, iframe, null]) {
      expect(await listener?.({ senderFrame }, undefined)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it('validates inputs at the boundary on both transports', async () => {
    const bad: Array<[MethodName, unknown, string]> = [
      ['setPaused', { paused: 'yes' }, 'input.paused must be true or false'],
      ['listJobs', { limit: 10_000 }, 'input.limit must be a whole number from 1 to 100'],
      ['getJob', {}, 'input.id must be a string'],
      ['submitJob', { document: sampleDocument(), extra: 1 }, 'input.extra is not an allowed field'],
      ['updateSettings', { settings: { port: 70_000 } }, 'input.settings.port must be a whole number from 1 to 65535'],
      ['saveTemplate', { name: '../escape', document: {} }, 'input.name must match'],
      ['getStatus', { unexpected: true }, 'input takes no input'],
      ['answerOrigin', { origin: 'https://tpv.example.com/caja', allow: true }, 'input.origin must match'],
    ];
    for (const [method, input, message] of bad) {
      const viaIpc = await ipc.listeners.get(channelOf(method))?.(fromApp, input);
      expect(viaIpc).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      expect(JSON.stringify(viaIpc)).toContain(message);
      const viaHttp = await host.post(method, input);
      expect(viaHttp.status).toBe(400);
      expect(viaHttp.body).toEqual(viaIpc);
    }
  });

  it('answers an unknown method with 404 and a non-JSON body with 400', async () => {
    expect((await host.post('dropTables')).status).toBe(404);
    const response = await fetch(`${host.baseUrl()}/api/getStatus`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});
