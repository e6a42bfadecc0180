import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../src/shared/contract/events';
import { isUnderDomain, parentDomainOf } from '../../src/shared/contract/origin-domains';
import { startAppHost, type AppHost } from '../../src/main/services/app-api/app-host';
import { Coalescer } from '../../src/main/services/app-api/coalescer';
import { OriginNotificationDigest, type TrayNotification } from '../../src/main/services/app-api/tray-notification';
import { QUESTION_BUDGET } from '../../src/main/services/site-consent/question-budget';
import { OriginApproval } from '../../src/main/services/site-consent/origin-approval';
import { MAX_PENDING_ORIGINS } from '../../src/shared/contract/origin-types';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { fakeEncryptor, nextEvent, startTestAppHost, type TestAppHost } from '../app/app-harness';
import { tempDir } from '../support/service-harness';
import { until } from '../support/eventually';
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

  it('offers no question for what is not an origin', async () => {
    const app = await startTestAppHost();
    host = app;
    for (const weird of ['null', 'chrome-extension://abcdef', 'https://UPPER.example', `https://${'a'.repeat(600)}.example`]) {
      await expect(pageOf(app, weird)).rejects.toThrow('HTTP 403');
    }
    expect(await app.handlers.originRequests(undefined)).toMatchObject({ pending: [], notAsked: 0 });
  });
});

/** Opens `origins` as browser pages, `at once` at a time, from `localAddress`; every one must be refused. */
async function flood(app: AppHost, origins: string[], localAddress = '127.0.0.1', atOnce = 50): Promise<void> {
  for (let start = 0; start < origins.length; start += atOnce) {
    const attempts = origins.slice(start, start + atOnce).map((origin) =>
      TestClient.open(wsUrl(app), { origin, localAddress }).then(
        (client) => {
          client.close();
          return 'connected';
        },
        (error: Error) => error.message,
      ),
    );
    expect(new Set(await Promise.all(attempts))).toEqual(new Set(['HTTP 403']));
  }
}

const madeUp = (count: number, domain = 'hostile.example'): string[] => Array.from({ length: count }, (_unused, index) => `https://s${index}.${domain}`);

type OriginEvent = Extract<AppEvent, { type: 'origin.requested' }>;

/** The app as `serve` runs it, with the questions' coalescing interval shortened so a test can see it end. */
async function startWithNotices(noticeMs: number, dataDir = tempDir('ticketera-origins-')): Promise<AppHost & { events: OriginEvent[]; settings: SettingsStore }> {
  const settings = SettingsStore.open(path.join(dataDir, 'settings.json'), fakeEncryptor());
  const app = await startAppHost({ settings, dataDir, printerDiscovery: [], configOverrides: { host: '127.0.0.1', port: 0 }, originNoticeMs: noticeMs });
  const events: OriginEvent[] = [];
  app.hub.subscribe((event) => {
    if (event.type === 'origin.requested') events.push(event);
  });
  return Object.assign(app, { events, settings });
}

describe('a page making up sites (issue 20 item 6)', () => {
  it('asks about a few of 500 new sites, keeps the site that asked first, and tells the window and the desktop once per interval', async () => {
    const app = await startWithNotices(1_000);
    host = app;
    // The desktop's notifications, as the tray makes them from the same events (tray-controller).
    const notifications: TrayNotification[] = [];
    const digest = new OriginNotificationDigest((shown) => notifications.push(shown), () => 'en', 1_500);
    app.hub.subscribe((event) => {
      if (event.type === 'origin.requested') digest.add(event.request.origin, event.asked);
    });
    // The owner's POS asks first: the window and the desktop hear of it at once.
    await expect(pageOf(app, TPV)).rejects.toThrow('HTTP 403');
    expect(app.events).toEqual([expect.objectContaining({ asked: 1, request: expect.objectContaining({ origin: TPV }) })]);
    expect(notifications).toEqual([{ title: 'A web site wants to print', body: `${TPV} wants to print on your printers. Open Ticketera to allow or deny it.` }]);

    const started = Date.now();
    await flood(app, madeUp(500));
    const floodMs = Date.now() - started;
    const { pending, notAsked } = await app.handlers.originRequests(undefined);
    // Bounded by the budget of one address (its burst, plus what refills while the flood runs), never 500 or 50.
    const refilled = Math.ceil((floodMs * QUESTION_BUDGET.perAddressPerMinute) / 60_000);
    expect(pending.length).toBeGreaterThanOrEqual(1 + 1);
    expect(pending.length).toBeLessThanOrEqual(QUESTION_BUDGET.perAddressBurst + refilled);
    // The first waiting site is still there, first: a flood does not push it out.
    expect(pending[0]).toMatchObject({ origin: TPV, attempts: 1 });
    expect(notAsked).toBe(500 - (pending.length - 1));

    // The window hears of every question, coalesced: fewer events than questions, none for the sites not asked about.
    const askedInEvents = (): number => app.events.reduce((sum, event) => sum + event.asked, 0);
    await until(() => askedInEvents() === pending.length, 'the coalesced event', 5_000);
    expect(app.events.length).toBeLessThan(pending.length);
    // The desktop: one more notification when its interval ends, counting the flood's questions.
    await until(() => notifications.length === 2, 'the second notification', 5_000);
    expect(notifications[1]?.body).toMatch(new RegExp(`^${pending.length - 1} web sites ask to print on your printers, the last one https://s\\d+\\.hostile\\.example\\.`));
    const eventsSoFar = app.events.length;

    // Waiting sites and refused ones trying again are not asked about again, in a loop or otherwise.
    await flood(app, [TPV, TPV, ...pending.slice(1).map((request) => request.origin), ...madeUp(100)]);
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    const after = await app.handlers.originRequests(undefined);
    expect(after.pending.map((request) => request.origin)).toEqual(pending.map((request) => request.origin));
    expect(after.pending[0]).toMatchObject({ origin: TPV, attempts: 3 });
    expect(app.events).toHaveLength(eventsSoFar);
    expect(notifications).toHaveLength(2);
    digest.close();
  });

  it("leaves room for another computer's POS while one address floods", async () => {
    const app = await startWithNotices(60_000);
    host = app;
    await flood(app, madeUp(300), '127.0.0.3');
    // Another address (another computer, as the service counts it) still gets its question.
    await expect(TestClient.open(wsUrl(app), { origin: TPV, localAddress: '127.0.0.2' })).rejects.toThrow('HTTP 403');
    const { pending } = await app.handlers.originRequests(undefined);
    expect(pending.map((request) => request.origin)).toContain(TPV);
    expect(pending.filter((request) => request.origin.endsWith('.hostile.example')).length).toBeLessThanOrEqual(QUESTION_BUDGET.perAddressBurst);
    // However long the coalescing interval, the window heard of the first question at once, and of nothing else yet.
    expect(app.events).toHaveLength(1);
  });
});

describe('coalescing', () => {
  it('emits the first value at once and what comes during the interval as one, merged, when it ends', () => {
    vi.useFakeTimers();
    try {
      const emitted: number[] = [];
      const coalescer = new Coalescer<number>((sum) => emitted.push(sum), (held, next) => (held ?? 0) + next, 1_000, () => Date.now());
      for (let index = 0; index < 100; index += 1) coalescer.add(1);
      expect(emitted).toEqual([1]);
      vi.advanceTimersByTime(999);
      expect(emitted).toEqual([1]);
      vi.advanceTimersByTime(1);
      expect(emitted).toEqual([1, 99]);
      // Quiet for a whole interval: the next one goes out at once again.
      vi.advanceTimersByTime(1_000);
      coalescer.add(5);
      expect(emitted).toEqual([1, 99, 5]);
      coalescer.add(1);
      coalescer.close();
      vi.advanceTimersByTime(5_000);
      expect(emitted).toEqual([1, 99, 5]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the waiting list when full', () => {
  it('keeps the first 50 waiting sites and refuses later ones without a question, whatever the budget allows', () => {
    const asked: string[] = [];
    const approval = new OriginApproval({
      lists: () => ({ allowed: [], denied: [], deniedDomains: [] }),
      onRequest: (request) => asked.push(request.origin),
      // A budget no flood exhausts: only the list's bound is at work here.
      budget: { ...QUESTION_BUDGET, globalBurst: 10_000, perAddressBurst: 10_000 },
    });
    const page = (origin: string) => ({ headers: { origin, host: '192.0.2.1:8766' }, socket: { remoteAddress: '192.0.2.7' } }) as unknown as IncomingMessage;
    const origins = madeUp(500);
    for (const origin of origins) expect(approval.admits(origin, page(origin))).toBe(false);
    expect(asked).toEqual(origins.slice(0, MAX_PENDING_ORIGINS));
    const view = approval.view();
    expect(view.pending.map((request) => request.origin)).toEqual(origins.slice(0, MAX_PENDING_ORIGINS));
    expect(view.notAsked).toBe(500 - MAX_PENDING_ORIGINS);
    // The first one, asking again, is still a question (not asked twice); an answered one frees its place.
    expect(approval.admits(origins[0] as string, page(origins[0] as string))).toBe(false);
    expect(approval.view().pending[0]).toMatchObject({ origin: origins[0], attempts: 2 });
    approval.settle(origins[1] as string);
    approval.admits('https://late.example', page('https://late.example'));
    expect(asked.at(-1)).toBe('https://late.example');
    expect(asked).toHaveLength(MAX_PENDING_ORIGINS + 1);
  });
});

describe('refusing a site with all its subdomains', () => {
  const ADS = 'https://s0.ads.example';

  it('refuses the domain at once and for good (across a restart), without a question for any new subdomain', async () => {
    const dataDir = tempDir('ticketera-origins-');
    let app = await startWithNotices(50, dataDir);
    host = app;
    // A site of that domain the owner allowed by name keeps printing: they chose it on its own.
    await app.handlers.answerOrigin({ origin: 'https://caja.ads.example', allow: true });
    await expect(pageOf(app, ADS)).rejects.toThrow('HTTP 403');
    const asked = (await app.handlers.originRequests(undefined)).pending;
    expect(asked).toEqual([expect.objectContaining({ origin: ADS, domain: 'ads.example' })]);

    // Over HTTP, as the window in a browser answers.
    const refused = await fetch(`http://127.0.0.1:${app.running().address.port}/api/answerOrigin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ origin: ADS, allow: false, subdomains: true }),
    });
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({ ok: true, value: { deniedDomains: ['ads.example'], pending: [] } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const eventsBefore = app.events.length;
    await flood(app, [...madeUp(60, 'ads.example'), 'http://ads.example:8080', 'https://deep.er.ads.example']);
    const page = await pageOf(app, 'https://caja.ads.example');
    await page.next('info');
    page.close();
    expect(await app.handlers.originRequests(undefined)).toMatchObject({ pending: [], notAsked: 0, deniedDomains: ['ads.example'] });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(app.events).toHaveLength(eventsBefore);
    // Another domain is not touched: its site is still asked about.
    await expect(pageOf(app, 'https://tpv.ads-other.example')).rejects.toThrow('HTTP 403');
    expect((await app.handlers.originRequests(undefined)).pending.map((request) => request.origin)).toEqual(['https://tpv.ads-other.example']);

    // Saved: the next start refuses the domain's sites without asking, and lists the rule.
    await app.stop();
    app = await startWithNotices(50, dataDir);
    host = app;
    await flood(app, ['https://s999.ads.example', ADS]);
    expect(await app.handlers.originRequests(undefined)).toMatchObject({ pending: [], deniedDomains: ['ads.example'], allowed: ['https://caja.ads.example'] });
    expect(SettingsStore.open(path.join(dataDir, 'settings.json'), fakeEncryptor()).settings.deniedDomains).toEqual(['ads.example']);

    // Undone: the domain's sites are asked about again.
    expect(await app.handlers.forgetDomain({ domain: 'ads.example' })).toMatchObject({ deniedDomains: [] });
    await expect(pageOf(app, ADS)).rejects.toThrow('HTTP 403');
    expect((await app.handlers.originRequests(undefined)).pending.map((request) => request.origin)).toEqual([ADS]);
  });

  it('offers it only for a parent domain of its own: never a public suffix, an address or a top-level name', async () => {
    const app = await startWithNotices(50);
    host = app;
    // Five: the global burst (QUESTION_BUDGET), from two addresses so no address runs out first.
    const sites = ['https://tienda.co.uk', 'https://pos.github.io', 'https://tpv.example', 'http://192.168.1.20:3000', 'https://tpv.shop.com.es'];
    await flood(app, sites.slice(0, 3), '127.0.0.5');
    await flood(app, sites.slice(3), '127.0.0.6');
    const { pending } = await app.handlers.originRequests(undefined);
    expect(Object.fromEntries(pending.map((request) => [request.origin, request.domain]))).toEqual({
      'https://tienda.co.uk': null,
      'https://pos.github.io': null,
      'https://tpv.example': null,
      'http://192.168.1.20:3000': null,
      'https://tpv.shop.com.es': 'shop.com.es',
    });
    for (const origin of sites.slice(0, 4)) {
      await expect(app.handlers.answerOrigin({ origin, allow: false, subdomains: true })).rejects.toThrow(/no domain that can be refused/);
    }
    await expect(app.handlers.answerOrigin({ origin: 'https://tpv.shop.com.es', allow: true, subdomains: true })).rejects.toThrow(/Only a refusal/);
    expect(app.settings.settings.deniedDomains).toEqual([]);
  });

  it('names the parent domain by the rule, whatever the scheme or port', () => {
    const offered = {
      'https://tpv.mitienda.es': 'mitienda.es',
      'http://a.b.shop.example:8080': 'b.shop.example',
      'https://tpv.shop.co.uk': 'shop.co.uk',
      'https://mitienda.es': null,
      'https://shop.com.mx': null,
      'https://x.vercel.app': null,
      'http://caja-01:8080': null,
      'http://tpv.local': null,
      'http://[::1]:3000': null,
      'http://10.0.0.9': null,
    };
    expect(Object.fromEntries(Object.keys(offered).map((origin) => [origin, parentDomainOf(origin)]))).toEqual(offered);
    expect(isUnderDomain('https://a.b.mitienda.es:8443', 'mitienda.es')).toBe(true);
    expect(isUnderDomain('http://mitienda.es', ['otra.es', 'mitienda.es'])).toBe(true);
    expect(isUnderDomain('https://notmitienda.es', 'mitienda.es')).toBe(false);
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
    expect(await app.handlers.originRequests(undefined)).toEqual({
      allowed: ['https://caja.example'],
      denied: [],
      deniedDomains: [],
      pending: [],
      notAsked: 0,
      fixedBy: '--allowed-origins',
    });
    await expect(app.handlers.answerOrigin({ origin: TPV, allow: true })).rejects.toThrow(/--allowed-origins/);
    expect(settings.settings.allowedOrigins).toEqual([]);
    listed.close();
  });
});
