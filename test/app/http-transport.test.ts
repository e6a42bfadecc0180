import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/shared/contract/events';
import { tempDir } from '../support/service-harness';
import { sampleDocument, startTestAppHost, type TestAppHost } from './app-harness';

/** A stand-in for out/renderer: an index page and one hashed asset. */
function fakeRendererBuild(): string {
  const dir = tempDir('ticketera-renderer-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Ticketera</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(path.dirname(dir), 'secret.txt'), 'outside the build');
  return dir;
}

function openEvents(url: string, headers: Record<string, string> = {}): Promise<{ socket: WebSocket; events: AppEvent[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const events: AppEvent[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data)) as AppEvent));
    socket.once('open', () => resolve({ socket, events }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

async function until(ready: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('HTTP transport without a token', () => {
  let host: TestAppHost;
  beforeAll(async () => {
    host = await startTestAppHost({ rendererDir: fakeRendererBuild() });
  });
  afterAll(() => host.stop());

  it('serves the built window at / with a CSP, and its assets, but nothing outside the build', async () => {
    const page = await fetch(`${host.baseUrl()}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${host.baseUrl()}/assets/index-abc.js`)).headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${host.baseUrl()}/assets/..%2f..%2fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${host.baseUrl()}/health`)).status).toBe(200);
  });

  it('refuses cross-origin calls and non-JSON bodies (no CSRF from other pages on this computer)', async () => {
    expect((await host.post('getSettings', undefined, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await host.post('getSettings', undefined, { Origin: host.baseUrl() })).status).toBe(200);
    const form = await fetch(`${host.baseUrl()}/api/setPaused`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"paused":true}' });
    expect(form.status).toBe(400);
    expect(host.status().queue.paused).toBe(false);
    expect((await fetch(`${host.baseUrl()}/api/getStatus`)).status).toBe(405);
  });

  it('refuses a rebound DNS name (a foreign page re-pointed at this computer) but accepts LAN names', async () => {
    const port = host.running().address.port;
    const rebound = await host.post('getSettings', undefined, { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` });
    expect(rebound.status).toBe(403);
    for (const name of ['localhost', 'CAJA-01', 'caja-01.local', '192.168.1.20', '[::1]']) {
      const answer = await host.post('getStatus', undefined, { Host: `${name}:${port}`, Origin: `http://${name}:${port}` });
      expect(answer.status, name).toBe(200);
    }
  });

  it('pushes job and status events on /api/events', async () => {
    const { socket, events } = await openEvents(`ws://127.0.0.1:${host.running().address.port}/api/events`);
    const submitted = await host.post('submitJob', { document: sampleDocument() });
    const id = (submitted.body as { value: { id: string } }).value.id;
    await until(() => events.some((event) => event.type === 'job.printed' && event.id === id), 'job.printed');
    expect(events).toContainEqual(expect.objectContaining({ type: 'job.accepted', id }));
    expect(events.some((event) => event.type === 'service.status')).toBe(true);
    const failed = await host.post('submitJob', { document: { commands: [] } });
    const failedId = (failed.body as { value: { id: string } }).value.id;
    await until(() => events.some((event) => event.type === 'job.failed' && event.id === failedId), 'job.failed');
    expect(events.find((event) => event.type === 'job.failed')).toMatchObject({ mensaje: expect.stringMatching(/^VALIDATION: /) });
    socket.close();
  });

  it('refuses the event stream to other origins', async () => {
    await expect(openEvents(`ws://127.0.0.1:${host.running().address.port}/api/events`, { Origin: 'https://evil.example' })).rejects.toThrow('HTTP 401');
  });
});

describe('HTTP transport behind the dashboard login', () => {
  let host: TestAppHost;
  beforeAll(async () => {
    host = await startTestAppHost({ token: 'tienda-secreta-123', rendererDir: fakeRendererBuild() });
  });
  afterAll(() => host.stop());

  it('answers API calls with 401 JSON and / with the login form until signed in', async () => {
    const api = await host.post('getStatus');
    expect(api.status).toBe(401);
    expect(api.body).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const page = await fetch(`${host.baseUrl()}/`);
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('name="token"');
    await expect(openEvents(`ws://127.0.0.1:${host.running().address.port}/api/events`)).rejects.toThrow('HTTP 401');
  });

  it('serves the window and the API once signed in', async () => {
    const login = await fetch(`${host.baseUrl()}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'token=tienda-secreta-123',
      redirect: 'manual',
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^ticketera_session=/);
    const page = await fetch(`${host.baseUrl()}/`, { headers: { Cookie: cookie } });
    expect(await page.text()).toContain('<div id="root">');
    const status = await host.post('getStatus', undefined, { Cookie: cookie });
    expect(status.body).toMatchObject({ ok: true, value: { tokenRequired: true, queueText: 'Queue: 0/100' } });
    const settings = await host.post('getSettings', undefined, { Cookie: cookie });
    expect(JSON.stringify(settings.body)).not.toContain('tienda-secreta-123');
  });
});

describe('without a built window', () => {
  it('falls back to the plain dashboard at /', async () => {
    const host = await startTestAppHost({ rendererDir: tempDir('ticketera-empty-') });
    try {
      const page = await fetch(`${host.baseUrl()}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Queue: 0/100');
    } finally {
      await host.stop();
    }
  });
});
