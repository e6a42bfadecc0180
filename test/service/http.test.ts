import { describe, expect, it } from 'vitest';
import { withServices } from '../support/service-harness';

const startService = withServices();

async function login(base: string, token: string): Promise<Response> {
  return fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
}

describe('GET /health', () => {
  it('reports every field of the seed, as JSON, readable from any origin', async () => {
    const service = await startService({ env: 'production' });
    const response = await fetch(`${service.httpUrl}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await response.json()) as Record<string, Record<string, unknown>>;
    expect(body).toMatchObject({
      status: 'ok',
      queue: { current: 0, capacity: 100, utilization: 0 },
      worker: { running: true, jobs_processed: 0, jobs_failed: 0 },
      build: { env: 'production' },
    });
    expect(Object.keys(body['printers'] ?? {}).sort()).toEqual(['default_name', 'detected_count', 'status', 'thermal_count']);
    expect(body['build']?.['date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body['build']?.['time']).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(Number.isInteger(body['uptime'])).toBe(true);
  });

  it('counts processed and failed jobs and the queue utilisation', async () => {
    const service = await startService({ queueCapacity: 4 });
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'ok', datos: { version: '1.0', commands: [{ type: 'text', data: { text: 'x' } }] } });
    client.send({ tipo: 'ticket', id: 'bad', datos: { commands: [] } });
    await client.next('result', (message) => message.id === 'ok');
    await client.next('result', (message) => message.id === 'bad');
    service.service.queue.pause();
    client.send({ tipo: 'ticket', id: 'waiting', datos: { version: '1.0', commands: [] } });
    await client.next('ack', (message) => message.id === 'waiting');
    const body = (await (await fetch(`${service.httpUrl}/health`)).json()) as Record<string, Record<string, unknown>>;
    expect(body['worker']).toEqual({ running: false, jobs_processed: 1, jobs_failed: 1 });
    expect(body['queue']).toEqual({ current: 1, capacity: 4, utilization: 25 });
  });
});

describe('dashboard', () => {
  it('shows queue, worker, printers and recent jobs, and which web sites may print (no longer "any")', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'ticket-en-panel', datos: { version: '1.0', commands: [] } });
    await client.next('result');
    const response = await fetch(`${service.httpUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('Queue: 0/100');
    expect(html).toContain('Ticketera Virtual Printer');
    expect(html).toContain('ticket-en-panel');
    expect(html).toContain('Web sites that may print');
    expect(html).not.toContain('Any web page');
  });

  it('escapes what clients sent', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: '<script>alert(1)</script>', datos: { version: '1.0', commands: [] } });
    await client.next('result');
    const html = await (await fetch(`${service.httpUrl}/`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('sits behind a login when a token is set, with an HttpOnly SameSite=Strict session', async () => {
    const service = await startService({ token: 'caja-2026' });
    const anonymous = await fetch(`${service.httpUrl}/`);
    expect(anonymous.status).toBe(401);
    const form = await anonymous.text();
    expect(form).toContain('name="token"');
    expect(form).not.toContain('Queue:');

    const wrong = await login(service.httpUrl, 'caja-2025');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const right = await login(service.httpUrl, 'caja-2026');
    expect(right.status).toBe(303);
    const cookie = right.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const session = cookie.split(';')[0] ?? '';
    const page = await fetch(`${service.httpUrl}/`, { headers: { cookie: session } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Queue: 0/100');

    const forged = await fetch(`${service.httpUrl}/`, { headers: { cookie: 'ticketera_session=forged' } });
    expect(forged.status).toBe(401);

    await fetch(`${service.httpUrl}/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: session } });
    expect((await fetch(`${service.httpUrl}/`, { headers: { cookie: session } })).status).toBe(401);
  });

  it('throttles repeated wrong tokens, and still lets the right one in from this computer', async () => {
    const service = await startService({ token: 'caja-2026' });
    for (let attempt = 0; attempt < 6; attempt += 1) expect((await login(service.httpUrl, `nope-${attempt}`)).status).toBe(401);
    const throttled = await login(service.httpUrl, 'nope-7');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await throttled.text()).toContain('Demasiados intentos');
    // Loopback with the right token: the cashier is never locked out by someone guessing on the same computer.
    expect((await login(service.httpUrl, 'caja-2026')).status).toBe(303);
  });
});

describe('dashboard printers', () => {
  const startService = withServices();

  it('shows the stale-status caveat next to a spooler queue, in Spanish and English, and only where it is true', async () => {
    const spooler = { source: 'cups', discover: async () => [{ name: 'Caja', uri: 'cups:Caja', port: 'usb://EPSON/TM-T20', driver: 'Raw Queue', status: 'ready' as const, isDefault: true }] };
    const withQueue = await startService({}, { printerDiscovery: [spooler] });
    const html = await (await fetch(`${withQueue.httpUrl}/`)).text();
    expect(html).toContain('sin comunicación bidireccional');
    expect(html).toContain('USB printers without bidirectional support');
    // Only the virtual printer: nothing there reports a spooler's stale word.
    const virtualOnly = await startService();
    expect(await (await fetch(`${virtualOnly.httpUrl}/`)).text()).not.toContain('USB printers without bidirectional support');
  });
});
