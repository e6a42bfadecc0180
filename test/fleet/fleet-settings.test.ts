import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readServeFlags } from '../../src/main/cli/serve-options';
import { startAppHost, type AppHost } from '../../src/main/services/app-api/app-host';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { fakeEncryptor } from '../app/app-harness';
import { until } from '../support/eventually';
import { tempDir } from '../support/service-harness';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing } from './support/mosquitto';

const fixtures = fleetFixtures();
const hosts: AppHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
});

async function appHost(dataDir: string, settings: SettingsStore, commandLine = readServeFlags([], {})): Promise<AppHost> {
  const host = await startAppHost({
    settings,
    dataDir,
    printerDiscovery: [],
    configOverrides: { ...commandLine.overrides, host: '127.0.0.1', port: 0 },
    fixedBy: commandLine.fixedBy,
  });
  hosts.push(host);
  return host;
}

describe.skipIf(mosquittoMissing)('remote printing set in Settings or on the command line', { timeout: 60_000 }, () => {
  it('Settings: connects with the saved password, which is stored encrypted and shown only masked', async () => {
    const broker = await fixtures.broker({ users: [{ name: 'tienda-7', password: 'clave-de-la-tienda-7' }] });
    const dataDir = tempDir();
    const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), fakeEncryptor());
    const host = await appHost(dataDir, settings);
    expect(await host.handlers.fleetStatus()).toMatchObject({ state: 'off' });
    await host.handlers.updateSettings({
      settings: { fleetUrl: broker.url, fleetSite: 'tienda-7', fleetUsername: 'tienda-7' },
      secrets: { fleetPassword: 'clave-de-la-tienda-7' },
    });
    await host.settled();
    await until(() => host.running().fleet?.view().state === 'connected', 'connected with the saved password', 10_000);
    expect(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).not.toContain('clave-de-la-tienda-7');
    const view = await host.handlers.getSettings();
    expect(view).toMatchObject({ fleetUrl: broker.url, fleetSite: 'tienda-7', fleetUsername: 'tienda-7' });
    expect(view.secrets.fleetPassword).toEqual({ set: true, masked: '••••••da-7' });

    // Off again: both emptied.
    await host.handlers.updateSettings({ settings: { fleetUrl: '', fleetSite: '' } });
    await host.settled();
    expect(await host.handlers.fleetStatus()).toMatchObject({ state: 'off' });
  });

  it('flags: the running connection shows in Settings, fixed by the flag or variable that set it', async () => {
    const broker = await fixtures.broker();
    const dataDir = tempDir();
    const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), fakeEncryptor());
    const commandLine = readServeFlags(['--fleet-url', broker.url, '--fleet-site', 'por-flag'], { TICKETERA_FLEET_PASSWORD: 'pw-del-entorno' });
    const host = await appHost(dataDir, settings, commandLine);
    // A password alone: the site's name is the user name (the example ACL's rule).
    await until(() => host.running().fleet?.view().state === 'connected', 'connected', 10_000);
    const view = await host.handlers.getSettings();
    expect(view).toMatchObject({ fleetUrl: broker.url, fleetSite: 'por-flag', fixed: { fleetUrl: '--fleet-url', fleetPassword: 'TICKETERA_FLEET_PASSWORD' } });
    expect(view.secrets.fleetPassword.set).toBe(true);
    await expect(host.handlers.updateSettings({ settings: { fleetSite: 'otra' } })).rejects.toThrow(/--fleet-site/);
  });
});
