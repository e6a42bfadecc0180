import http from 'node:http';
import path from 'node:path';
import type { AppEvent } from '../../src/shared/contract/events';
import type { AppEventHub } from '../../src/main/services/app-api/event-hub';
import type { Encryptor } from '../../src/main/services/settings/encryptor';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { startAppHost, type AppHost, type AppHostOptions } from '../../src/main/services/app-api/app-host';
import { tempDir } from '../support/service-harness';

/** Reversible and obviously not plain text: enough to prove what reaches the disk went through the encryptor. */
export function fakeEncryptor(available = true): Encryptor & { calls: number } {
  const encryptor = {
    available,
    calls: 0,
    encrypt(plain: string): Buffer {
      encryptor.calls += 1;
      return Buffer.from(`sealed:${Buffer.from(plain, 'utf8').reverse().toString('hex')}`, 'utf8');
    },
    decrypt(sealed: Buffer): string {
      const text = sealed.toString('utf8');
      if (!text.startsWith('sealed:')) throw new Error('not sealed by this encryptor');
      return Buffer.from(text.slice('sealed:'.length), 'hex').reverse().toString('utf8');
    },
  };
  return encryptor;
}

export interface TestAppHost extends AppHost {
  dataDir: string;
  settingsFile: string;
  baseUrl(): string;
  /** POST /api/<method> the way the window's HTTP client does (same-origin, JSON). */
  post(method: string, input?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: unknown }>;
}

export async function startTestAppHost(
  options: { token?: string; encryptor?: Encryptor; rendererDir?: string } & Partial<Pick<AppHostOptions, 'printerPollMs'>> = {},
): Promise<TestAppHost> {
  const dataDir = tempDir('ticketera-app-');
  const settingsFile = path.join(dataDir, 'settings.json');
  const settings = SettingsStore.open(settingsFile, options.encryptor ?? fakeEncryptor());
  if (options.token) settings.update({ secrets: { token: options.token } });
  const host = await startAppHost({
    settings,
    dataDir,
    rendererDir: options.rendererDir,
    printerPollMs: options.printerPollMs,
    printerDiscovery: [],
    configOverrides: { host: '127.0.0.1', port: 0 },
  });
  const baseUrl = (): string => `http://127.0.0.1:${host.running().address.port}`;
  return {
    ...host,
    dataDir,
    settingsFile,
    baseUrl,
    post: (method, input, headers = {}) => postJson(`${baseUrl()}/api/${method}`, input === undefined ? '' : JSON.stringify(input), headers),
  };
}

/** One connection per call: a restart closes every kept-alive socket, which fetch's pool would then reuse. */
function postJson(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

export const sampleDocument = (text = 'Hola €'): Record<string, unknown> => ({
  version: '1.0',
  profile: { model: 'epson', paper_width: 80 },
  commands: [{ type: 'text', data: { text } }, { type: 'cut' }],
});

/** Resolves with the first pushed event matching `match` (subscribe before causing it). */
export function nextEvent<T extends AppEvent['type']>(
  hub: AppEventHub,
  type: T,
  match: (event: Extract<AppEvent, { type: T }>) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<Extract<AppEvent, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no ${type} event within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = hub.subscribe((event) => {
      if (event.type !== type || !match(event as Extract<AppEvent, { type: T }>)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event as Extract<AppEvent, { type: T }>);
    });
  });
}
