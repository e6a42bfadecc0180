import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { serviceConfigFrom } from '../../src/main/services/settings/settings-to-config';
import { tempDir } from '../support/service-harness';
import { fakeEncryptor } from './app-harness';

const TOKEN = 'mi-token-de-tienda-0042';
const API_KEY = 'sk-translation-ABCDEFGHIJ-9876';

const settingsFile = (): string => path.join(tempDir('ticketera-settings-'), 'settings.json');

describe('settings store', () => {
  it('starts from defaults when there is no file', () => {
    const store = SettingsStore.open(settingsFile(), fakeEncryptor());
    expect(store.settings).toMatchObject({ port: 8766, env: 'development', queueCapacity: 100, rateLimit: 30, safeMode: true, language: 'es' });
    expect(store.view().secrets.token).toEqual({ set: false, masked: '' });
  });

  it('never writes a secret in plain text, and reads it back through the encryptor', () => {
    const file = settingsFile();
    const encryptor = fakeEncryptor();
    const store = SettingsStore.open(file, encryptor);
    store.update({ settings: { port: 9100, allowedOrigins: ['https://pos.example.com'] }, secrets: { token: TOKEN, translationApiKey: API_KEY } });
    const onDisk = fs.readFileSync(file, 'utf8');
    expect(onDisk).not.toContain(TOKEN);
    expect(onDisk).not.toContain(API_KEY);
    expect(onDisk).not.toContain(Buffer.from(TOKEN).toString('base64'));
    expect(encryptor.calls).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(onDisk)).toMatchObject({ settings: { port: 9100 }, secrets: { token: expect.any(String) } });

    const reopened = SettingsStore.open(file, fakeEncryptor());
    expect(reopened.secret('token')).toBe(TOKEN);
    expect(reopened.secret('translationApiKey')).toBe(API_KEY);
    expect(reopened.settings.allowedOrigins).toEqual(['https://pos.example.com']);
  });

  it('shows secrets to the window only masked', () => {
    const store = SettingsStore.open(settingsFile(), fakeEncryptor());
    const view = store.update({ secrets: { token: 'short', translationApiKey: API_KEY } });
    expect(view.secrets.token).toEqual({ set: true, masked: '••••••' });
    expect(view.secrets.translationApiKey).toEqual({ set: true, masked: '••••••9876' });
    expect(view.secrets.adminApiKey.set).toBe(false);
    expect(JSON.stringify(view)).not.toContain('short');
    expect(JSON.stringify(view)).not.toContain(API_KEY);
    expect(view.secretStorage).toBe('encrypted');
  });

  it('clears a secret with null and leaves absent ones untouched', () => {
    const store = SettingsStore.open(settingsFile(), fakeEncryptor());
    store.update({ secrets: { token: TOKEN, adminApiKey: API_KEY } });
    store.update({ secrets: { token: null } });
    expect(store.secret('token')).toBeUndefined();
    expect(store.secret('adminApiKey')).toBe(API_KEY);
  });

  it('keeps secrets in memory only when no encryption is available', () => {
    const file = settingsFile();
    const store = SettingsStore.open(file, fakeEncryptor(false));
    const view = store.update({ settings: { language: 'en' }, secrets: { token: TOKEN } });
    expect(view.secretStorage).toBe('memory-only');
    expect(store.secret('token')).toBe(TOKEN);
    const onDisk = fs.readFileSync(file, 'utf8');
    expect(onDisk).not.toContain(TOKEN);
    expect(JSON.parse(onDisk)).toMatchObject({ settings: { language: 'en' }, secrets: {} });
    expect(SettingsStore.open(file, fakeEncryptor(false)).secret('token')).toBeUndefined();
  });

  it('drops a secret it cannot decrypt and a field that is no longer valid, keeping the rest', () => {
    const file = settingsFile();
    fs.writeFileSync(
      file,
      JSON.stringify({ version: 1, settings: { port: 'ochenta', queueCapacity: 50, language: 'en' }, secrets: { token: Buffer.from(TOKEN).toString('base64') } }),
    );
    const lines: string[] = [];
    const store = SettingsStore.open(file, fakeEncryptor(), (line) => lines.push(line));
    expect(store.settings).toMatchObject({ port: 8766, queueCapacity: 50, language: 'en' });
    expect(store.secret('token')).toBeUndefined();
    expect(lines.join('\n')).toContain('port must be a whole number');
    expect(lines.join('\n')).toContain('token');
  });

  it('writes the file readable by its owner only', () => {
    if (process.platform === 'win32') return;
    const file = settingsFile();
    SettingsStore.open(file, fakeEncryptor()).update({ secrets: { token: TOKEN } });
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });

  it('becomes the same service config the CLI would build', () => {
    const store = SettingsStore.open(settingsFile(), fakeEncryptor());
    store.update({ settings: { env: 'production', port: 9000, defaultPrinter: 'tcp://10.0.0.5:9100', safeMode: false }, secrets: { token: TOKEN } });
    const config = serviceConfigFrom(store.settings, store.secret('token'), '/data');
    expect(config).toMatchObject({ host: '0.0.0.0', port: 9000, env: 'production', token: TOKEN, printer: 'tcp://10.0.0.5:9100', safeMode: false, dataDir: '/data' });
  });
});
