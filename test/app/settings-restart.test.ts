import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppHost, type TestAppHost } from './app-harness';

describe('settings change through the contract', () => {
  let host: TestAppHost;
  beforeAll(async () => {
    host = await startTestAppHost();
  });
  afterAll(() => host.stop());

  it('restarts the embedded service on the same port when its config changes', async () => {
    const port = host.running().address.port;
    const before = host.running();
    const answer = await host.post('updateSettings', { settings: { queueCapacity: 7, rateLimit: 0 }, secrets: { adminApiKey: 'admin-key-000000001' } });
    // The answer shows what runs (the old capacity) and that the change is being applied; then the new one runs.
    expect(answer.body).toMatchObject({ ok: true, value: { queueCapacity: 100, applying: true, secrets: { adminApiKey: { set: true, masked: '••••••0001' } } } });
    await host.settled();
    expect((await host.post('getSettings')).body).toMatchObject({ ok: true, value: { queueCapacity: 7, rateLimit: 0, applying: false, applyError: null } });
    expect(host.running()).not.toBe(before);
    expect(host.running().address.port).toBe(port);
    expect((await host.post('getStatus')).body).toMatchObject({ ok: true, value: { queueText: 'Queue: 0/7' } });
    expect(fs.readFileSync(host.settingsFile, 'utf8')).not.toContain('admin-key-000000001');
  });

  it('does not restart for settings the service does not use', async () => {
    const before = host.running();
    await host.post('updateSettings', { settings: { language: 'en', campusBaseUrl: 'https://campus.example.com' } });
    await host.settled();
    expect(host.running()).toBe(before);
  });
});
