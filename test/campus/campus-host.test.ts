import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CAMPUS_FILE, CampusHost, DAILY_MS } from '../../src/main/services/app-api/campus-host';
import { NO_ENCRYPTION } from '../../src/main/services/settings/encryptor';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { EMULATOR_CAMPUS_KEYS as KEYS, startCampusEmulator, type CampusEmulator } from '../emulators/campus-api/emulator';
import { tempDir } from '../support/service-harness';
import { closedAddress, QUICK_POLICY } from './campus-harness';

let emulator: CampusEmulator;
const hosts: CampusHost[] = [];

beforeAll(async () => {
  emulator = await startCampusEmulator();
});
afterEach(() => {
  for (const host of hosts.splice(0)) host.close();
  emulator.reset();
});
afterAll(() => emulator.close());

function openHost(dataDir: string, env: NodeJS.ProcessEnv): CampusHost {
  const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), NO_ENCRYPTION);
  const host = new CampusHost({ dataDir, settings, env, policy: QUICK_POLICY });
  hosts.push(host);
  return host;
}

describe('CampusHost: the kept value and the daily refresh', () => {
  it('refreshes at start with a key, keeps the value on disk, and schedules the next one a day later', async () => {
    emulator.setWireless({ count: 12, last_updated: '2025-03-01T06:00:00-05:00' });
    const dataDir = tempDir('ticketera-campus-');
    const host = openHost(dataDir, { TICKETERA_CAMPUS_KEY: KEYS.good, TICKETERA_CAMPUS_URL: emulator.url });
    const status = await host.refresh();
    expect(status).toMatchObject({ keySet: true, keyFixedBy: 'TICKETERA_CAMPUS_KEY', lastGood: { count: 12 }, lastFailure: null, stale: false, refreshing: false });
    expect(status.nextRefreshAt! - status.lastGood!.fetchedAt).toBe(DAILY_MS);
    // Started with a key and nothing kept: asked once at start, and the on-demand call joined or followed it.
    expect(emulator.calls.length).toBeGreaterThanOrEqual(1);
    host.close();
    expect(host.status().nextRefreshAt).toBeNull();

    // Another run with the service down shows the kept value, marked stale, with why.
    const again = openHost(dataDir, { TICKETERA_CAMPUS_KEY: KEYS.good, TICKETERA_CAMPUS_URL: await closedAddress() });
    expect(again.status()).toMatchObject({ lastGood: { count: 12 }, stale: false });
    const down = await again.refresh();
    expect(down).toMatchObject({ lastGood: { count: 12 }, stale: true, lastFailure: { reason: 'service', failure: { kind: 'refused' } } });
  });

  it('records a banned key as the campus problem and does not ask again before a day unless the key changes', async () => {
    const dataDir = tempDir('ticketera-campus-');
    const env: NodeJS.ProcessEnv = { TICKETERA_CAMPUS_KEY: KEYS.banned, TICKETERA_CAMPUS_URL: emulator.url };
    const host = openHost(dataDir, env);
    const status = await host.refresh();
    expect(status.lastFailure).toEqual({ reason: 'campus', problem: 'key-banned', code: 403, serviceMessage: 'The provided API key has been banned' });
    expect(status.nextRefreshAt! - status.lastAttemptAt!).toBe(DAILY_MS);
    expect(JSON.stringify(fs.readFileSync(path.join(dataDir, CAMPUS_FILE), 'utf8'))).not.toContain(KEYS.banned);
    env['TICKETERA_CAMPUS_KEY'] = KEYS.good;
    host.settingsChanged();
    await expect.poll(() => host.status().lastFailure).toBeNull();
    expect(host.status().lastGood?.count).toBe(0);
  });

  it('starts without a key and without a readable file, and never schedules anything then', () => {
    const dataDir = tempDir('ticketera-campus-');
    fs.writeFileSync(path.join(dataDir, CAMPUS_FILE), '{ damaged');
    const host = openHost(dataDir, {});
    expect(host.status()).toMatchObject({ keySet: false, lastGood: null, nextRefreshAt: null, stale: false });
    expect(emulator.calls).toHaveLength(0);
  });
});
