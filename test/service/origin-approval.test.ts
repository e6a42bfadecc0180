import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAppHost, type AppHost } from '../../src/main/services/app-api/app-host';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { fakeEncryptor, nextEvent, startTestAppHost, type TestAppHost } from '../app/app-harness';
import { tempDir } from '../support/service-harness';
import { TestClient } from '../support/ws-client';

const TPV = 'https://tpv.example';

let host: (AppHost & { baseUrl?: () => string }) | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

const wsUrl = (app: AppHost): string => `ws://127.0.0.1:${app.running().address.port}/ws`;
/** A browser page of `origin` opening the service's WebSocket (browsers always send Origin on it). */
const pageOf = (app: AppHost, origin: string): Promise<TestClient> => TestClient.open(wsUrl(app), { origin });

async function ping(client: TestClient, id: string): Promise<void> {
  client.send({ tipo: 'ping', id });
  expect((await client.next('pong', (pong) => pong.id === id)).id).toBe(id);
}

describe('a site asks once to print, and the answer is remembered', () => {
  it('refuses an unknown site, asks the window, and lets it in once allowed, without a restart', async () => {
    const app: TestAppHost = await startTestAppHost();
    host = app;
    // A POS app without a browser (no Origin) is never asked about, and must survive the answer below.
    const native = await TestClient.open(wsUrl(app));
    await native.next('info');
    const before = app.running();

    const asked = nextEvent(app.hub, 'origin.requested');
    await expect(pageOf(app, TPV)).rejects.toThrow('HTTP 403');
    expect((await asked).request).toMatchObject({ origin: TPV, attempts: 1 });
    await expect(pageOf(app, TPV)).rejects.toThrow('HTTP 403');
    const waiting = await app.handlers.originRequests(undefined);
    expect(waiting.pending).toEqual([expect.objectContaining({ origin: TPV, attempts: 2 })]);
    expect(waiting.fixedBy).toBeNull();

    const answered = await app.post('answerOrigin', { origin: TPV, allow: true });
    expect(answered).toMatchObject({ status: 200, body: { ok: true, value: { allowed: [TPV], pending: [] } } });
    await app.settled();
    const page = await pageOf(app, TPV);
    await page.next('info');
    await ping(page, 'allowed');
    // Same service, same connection: the answer did not restart anything.
    expect(app.running()).toBe(before);
    expect(native.closeCode).toBeUndefined();
    await ping(native, 'still-open');
    // Saved: a later start of the app reads the same answer.
    expect(SettingsStore.open(app.settingsFile, fakeEncryptor()).settings.allowedOrigins).toEqual([TPV]);
    page.close();
    native.close();
  });

  it('keeps refusing a denied site without asking again, until the owner forgets the answer', async () => {
    const app = await startTestAppHost();
    host = app;
    await expect(pageOf(app, TPV)).rejects.toThrow('HTTP 403');
    const denied = await app.handlers.answerOrigin({ origin: TPV, allow: false });
    expect(denied).toMatchObject({ denied: [TPV], allowed: [], pending: [] });
    await expect(pageOf(app, TPV)).rejects.toThrow('HTTP 403');
    expect((await app.handlers.originRequests(undefined)).pending).toEqual([]);

    const forgotten = await app.handlers.forgetOrigin({ origin: TPV });
    expect(forgotten).toMatchObject({ denied: [], allowed: [] });
    await expect(pageOf(app, TPV)).rejects.toThrow('HTTP 403');
    expect((await app.handlers.originRequests(undefined)).pending.map((request) => request.origin)).toEqual([TPV]);
  });

  it('applies a list saved through the settings at once, and that does not drop POS connections either', async () => {
    const app = await startTestAppHost();
    host = app;
    const native = await TestClient.open(wsUrl(app));
    await native.next('info');
    const before = app.running();
    await app.post('updateSettings', { settings: { allowedOrigins: [TPV] } });
    await app.settled();
    expect(app.running()).toBe(before);
    await ping(native, 'kept');
    const page = await pageOf(app, TPV);
    await page.next('info');
    expect((await app.handlers.getSettings(undefined)).allowedOrigins).toEqual([TPV]);
    page.close();
    native.close();
  });

  it("always lets in the service's own pages and POS apps without an Origin", async () => {
    const app = await startTestAppHost();
    host = app;
    const own = await pageOf(app, app.baseUrl());
    await own.next('info');
    await ping(own, 'own');
    const native = await TestClient.open(wsUrl(app), { headers: { Host: 'tpv.tienda.example' } });
    await native.next('info');
    await ping(native, 'native');
    // The own origin by a name someone else controls (DNS rebinding) is a stranger, refused.
    const port = app.running().address.port;
    await expect(TestClient.open(wsUrl(app), { origin: `http://evil.example:${port}`, headers: { Host: `evil.example:${port}` } })).rejects.toThrow('HTTP 403');
    expect((await app.handlers.originRequests(undefined)).pending.map((request) => request.origin)).toEqual([`http://evil.example:${port}`]);
    own.close();
    native.close();
  });

  it('keeps at most 50 questions however many sites a hostile page makes up, and offers none that is not an origin', async () => {
    const app = await startTestAppHost();
    host = app;
    let events = 0;
    app.hub.subscribe((event) => {
      if (event.type === 'origin.requested') events += 1;
    });
    for (let batch = 0; batch < 1000; batch += 50) {
      const attempts = Array.from({ length: 50 }, (_unused, index) => pageOf(app, `https://s${batch + index}.hostile.example`).catch((error: Error) => error.message));
      expect(new Set(await Promise.all(attempts))).toEqual(new Set(['HTTP 403']));
    }
    for (const weird of ['null', 'chrome-extension://abcdef', 'https://UPPER.example', `https://${'a'.repeat(600)}.example`]) {
      await expect(pageOf(app, weird)).rejects.toThrow('HTTP 403');
    }
    const { pending } = await app.handlers.originRequests(undefined);
    expect(pending).toHaveLength(50);
    // The newest are kept: the owner sees what is trying now.
    expect(pending.at(-1)?.origin).toBe('https://s999.hostile.example');
    expect(pending[0]?.origin).toBe('https://s950.hostile.example');
    expect(events).toBe(1000);
  });
});

describe('the plain dashboard (the window not built)', () => {
  it('lists the sites waiting for an answer as text, escaped, and /health says nothing about them', async () => {
    const app = await startTestAppHost();
    host = app;
    await expect(pageOf(app, 'https://tpv.example')).rejects.toThrow('HTTP 403');
    await app.handlers.answerOrigin({ origin: 'https://caja.example', allow: true });
    const html = await (await fetch(`${app.baseUrl()}/`)).text();
    expect(html).toContain('Sites asking to print');
    expect(html).toMatch(/<li><code>https:\/\/tpv\.example<\/code> · 1 intento/);
    expect(html).toContain('Allowed web sites: <code>https://caja.example</code>');
    expect(html).not.toContain('Any web page');
    const health = await (await fetch(`${app.baseUrl()}/health`)).text();
    expect(health).not.toContain('tpv.example');
    expect(health).not.toContain('caja.example');
  });
});

describe('an origin list fixed by the command line', () => {
  it('refuses every other site without asking, and refuses answers the window could not apply', async () => {
    const dataDir = tempDir('ticketera-origins-');
    const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), fakeEncryptor());
    const app = await startAppHost({
      settings,
      dataDir,
      printerDiscovery: [],
      configOverrides: { host: '127.0.0.1', port: 0, allowedOrigins: ['https://caja.example'] },
      fixedBy: { allowedOrigins: '--allowed-origins' },
    });
    host = app;
    const listed = await pageOf(app, 'https://caja.example');
    await listed.next('info');
    await expect(pageOf(app, TPV)).rejects.toThrow('HTTP 403');
    expect(await app.handlers.originRequests(undefined)).toEqual({ allowed: ['https://caja.example'], denied: [], pending: [], fixedBy: '--allowed-origins' });
    await expect(app.handlers.answerOrigin({ origin: TPV, allow: true })).rejects.toThrow(/--allowed-origins/);
    expect(settings.settings.allowedOrigins).toEqual([]);
    listed.close();
  });
});
