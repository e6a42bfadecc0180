import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHost, type AppHost } from '../../src/main/services/app-api/app-host';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { fakeEncryptor } from './app-harness';

let host: AppHost | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

async function startWith(env: NodeJS.ProcessEnv): Promise<AppHost> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-outside-'));
  const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), fakeEncryptor());
  settings.update({
    settings: { adminBaseUrl: 'https://saved.example', campusBaseUrl: 'https://saved.example' },
    secrets: { adminApiKey: 'saved-admin-key-0000', campusApiKey: 'saved-campus-key-0000' },
  });
  host = await startAppHost({ settings, dataDir, printerDiscovery: [], configOverrides: { host: '127.0.0.1', port: 0 }, env });
  return host;
}

describe('outside services’ settings in force', () => {
  it('shows a key or address the environment sets, masked and fixed by its variable, for every service', async () => {
    const app = await startWith({
      TICKETERA_ADMIN_KEY: 'admin-key-from-env-4242',
      TICKETERA_CAMPUS_URL: 'http://127.0.0.1:9',
      TICKETERA_TRANSLATION_KEY: 'translation-key-env-7777',
    });
    const view = await app.handlers.getSettings(undefined);
    expect(view.fixed).toMatchObject({
      adminApiKey: 'TICKETERA_ADMIN_KEY',
      campusBaseUrl: 'TICKETERA_CAMPUS_URL',
      translationApiKey: 'TICKETERA_TRANSLATION_KEY',
    });
    expect(view.secrets.adminApiKey.masked).toBe('••••••4242');
    expect(view.secrets.translationApiKey.masked).toBe('••••••7777');
    expect(view.campusBaseUrl).toBe('http://127.0.0.1:9');
    // What the environment does not set is the saved value, changeable.
    expect(view.fixed.adminBaseUrl).toBeUndefined();
    expect(view.adminBaseUrl).toBe('https://saved.example');
    expect(view.secrets.campusApiKey.masked).toBe('••••••0000');
    // A change to a fixed value would be saved without effect: refused, naming the variable.
    await expect(app.handlers.updateSettings({ secrets: { adminApiKey: 'another-admin-key-1111' } })).rejects.toThrow(/TICKETERA_ADMIN_KEY/);
    await expect(app.handlers.updateSettings({ settings: { campusBaseUrl: 'https://elsewhere.example' } })).rejects.toThrow(/TICKETERA_CAMPUS_URL/);
    await expect(app.handlers.updateSettings({ settings: { adminBaseUrl: 'https://elsewhere.example' } })).resolves.toMatchObject({ adminBaseUrl: 'https://elsewhere.example' });
  });
});
