import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { AddressThrottle, addressKey } from '../../src/main/services/server/address-throttle';
import { DashboardAuth } from '../../src/main/services/server/dashboard-auth';
import { GUESSING_CLOSE_CODE, GUESSING_CLOSE_REASON } from '../../src/main/services/server/ws-gateway';
import { ticketDoc, withServices, type TestService } from '../support/service-harness';
import { TestClient } from '../support/ws-client';

const startService = withServices();
const TOKEN = 'caja-2026-secreta';
const BAD_TOKEN = 'Invalid or missing auth token';
/** Linux routes all of 127/8 to loopback: a second local address stands in for "another computer's" counter. */
const linux = process.platform === 'linux';

const wrongTicket = (id: string) => ({ tipo: 'ticket', id, auth_token: `guess-${id}`, datos: ticketDoc() });
const rightTicket = (id: string) => ({ tipo: 'ticket', id, auth_token: TOKEN, datos: ticketDoc() });

async function connectFrom(service: TestService, localAddress?: string): Promise<TestClient> {
  const client = await TestClient.open(service.wsUrl, localAddress ? { localAddress } : {});
  await client.next('info');
  return client;
}

const errorsFor = (client: TestClient, prefix: string) =>
  client.messages.filter((message) => message.tipo === 'error' && message.id?.startsWith(prefix) === true);

/** Sends one wrong token at a time and waits for its answer; returns how long each answer took until the close. */
async function guessOneByOne(client: TestClient, prefix: string, max: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < max && client.closeCode === undefined; index += 1) {
    const started = Date.now();
    client.send(wrongTicket(`${prefix}${index}`));
    await client.until(() => errorsFor(client, prefix).length > index || client.closeCode !== undefined, `answer ${index}`, 8_000);
    if (errorsFor(client, prefix).length > index) times.push(Date.now() - started);
  }
  return times;
}

/** A form post to /login over a raw HTTP request: any Origin, Host and local address. */
function postLogin(
  port: number,
  token: string,
  options: { origin?: string; host?: string; localAddress?: string; address?: string; fetchSite?: string } = {},
): Promise<{ status: number; cookie: string | undefined }> {
  const body = new URLSearchParams({ token }).toString();
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)) };
  if (options.origin) headers['Origin'] = options.origin;
  if (options.fetchSite) headers['Sec-Fetch-Site'] = options.fetchSite;
  headers['Host'] = options.host ?? `127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: options.address ?? '127.0.0.1', port, path: '/login', method: 'POST', headers, agent: false, ...(options.localAddress ? { localAddress: options.localAddress } : {}) },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, cookie: response.headers['set-cookie']?.[0] }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('wrong auth_token over the WebSocket', () => {
  it('answers the first few at once, then one a second, then closes the connection with a clear reason', async () => {
    const service = await startService({ token: TOKEN });
    const client = await service.connect();
    const times = await guessOneByOne(client, 'g', 20);
    expect(times.slice(0, 3).every((ms) => ms < 900)).toBe(true);
    expect(times.length).toBeGreaterThanOrEqual(4);
    expect(times.length).toBeLessThanOrEqual(10);
    expect(times.slice(3).every((ms) => ms >= 900)).toBe(true);
    expect(errorsFor(client, 'g').every((message) => message.tipo === 'error' && message.mensaje === BAD_TOKEN)).toBe(true);
    expect(await client.closed()).toBe(GUESSING_CLOSE_CODE);
    expect(client.closeReason).toBe(GUESSING_CLOSE_REASON);
  }, 30_000);

  it('takes a flood of wrong tokens on one connection without answering it at full speed', async () => {
    const service = await startService({ token: TOKEN });
    const attacker = await service.connect();
    const frames = 20_000;
    for (let index = 0; index < frames; index += 1) attacker.send(wrongTicket(`f${index}`));
    const started = Date.now();
    expect(await attacker.closed(5_000)).toBe(GUESSING_CLOSE_CODE);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Before: every one of the 20,000 guesses was answered within a fraction of a second.
    expect(errorsFor(attacker, 'f').length).toBeLessThanOrEqual(10);
    // The service answered other clients all along.
    const other = await service.connect();
    other.send({ tipo: 'ping', id: 'still-here' });
    expect((await other.next('pong')).id).toBe('still-here');
  }, 20_000);

  it('throttles the address across connections, yet prints right tokens from the same address at once', async () => {
    const service = await startService({ token: TOKEN });
    // The cashier's POS was connected (and proven) before the attack started: it keeps printing throughout.
    const cashier = await service.connect();
    cashier.send(rightTicket('antes'));
    expect((await cashier.next('result', (message) => message.id === 'antes')).status).toBe('success');

    // An attacker on the same address (both 127.0.0.1) guesses over several connections.
    for (let round = 0; round < 3; round += 1) {
      const attacker = await service.connect();
      for (let index = 0; index < 3; index += 1) attacker.send(wrongTicket(`a${round}-${index}`));
      await attacker.until(() => errorsFor(attacker, `a${round}`).length >= 1, 'an answer', 8_000);
      attacker.close();
    }
    // The address now waits: a fresh connection's wrong token is answered late, and the connection is closed.
    const late = await service.connect();
    const started = Date.now();
    late.send(wrongTicket('late'));
    await late.next('error', (message) => message.id === 'late', 8_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await late.closed()).toBe(GUESSING_CLOSE_CODE);

    // Right tokens are never delayed: on the proven connection, and on a brand-new one from the same address.
    const sent = Date.now();
    cashier.send(rightTicket('durante'));
    expect((await cashier.next('ack', (message) => message.id === 'durante')).id).toBe('durante');
    const fresh = await service.connect();
    fresh.send(rightTicket('nueva-conexion'));
    expect((await fresh.next('ack', (message) => message.id === 'nueva-conexion')).id).toBe('nueva-conexion');
    expect(Date.now() - sent).toBeLessThan(900);
    expect((await fresh.next('result', (message) => message.id === 'nueva-conexion')).status).toBe('success');
    // A connection that presented the right token is never held back or closed for a later wrong one.
    for (let index = 0; index < 12; index += 1) cashier.send(wrongTicket(`c${index}`));
    await cashier.until(() => errorsFor(cashier, 'c').length === 12, '12 answers', 2_000);
    expect(cashier.closeCode).toBeUndefined();
  }, 30_000);

  it.runIf(linux)('counts each address on its own: another address is not slowed by an attacker', async () => {
    const service = await startService({ token: TOKEN });
    const attacker = await connectFrom(service, '127.0.0.2');
    await guessOneByOne(attacker, 'x', 20);
    expect(attacker.closeCode).toBe(GUESSING_CLOSE_CODE);
    const neighbour = await connectFrom(service, '127.0.0.3');
    const started = Date.now();
    for (let index = 0; index < 3; index += 1) neighbour.send(wrongTicket(`n${index}`));
    await neighbour.until(() => errorsFor(neighbour, 'n').length === 3, '3 answers', 2_000);
    expect(Date.now() - started).toBeLessThan(900);
  }, 30_000);
});

describe('dashboard login throttle', () => {
  it('refuses a cross-site form post with 403 before counting it', async () => {
    const service = await startService({ token: TOKEN });
    const port = service.address.port;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await postLogin(port, `nope-${attempt}`, { origin: 'https://evil.example' })).status).toBe(403);
    }
    // `Origin: null` (a sandboxed frame, a data: page) is foreign unless the browser says the post is same-origin.
    expect((await postLogin(port, 'nope', { origin: 'null' })).status).toBe(403);
    expect((await postLogin(port, 'nope', { origin: 'null', fetchSite: 'cross-site' })).status).toBe(403);
    // A page whose own name was re-pointed here (DNS rebinding) is same-origin with itself, and refused too.
    expect((await postLogin(port, 'nope', { origin: `http://evil.example:${port}`, host: `evil.example:${port}` })).status).toBe(403);
    // None of them counted: the next wrong token from this address is an ordinary 401, not 429.
    expect((await postLogin(port, 'nope', { origin: `http://127.0.0.1:${port}` })).status).toBe(401);
    const right = await postLogin(port, TOKEN, { origin: `http://127.0.0.1:${port}` });
    expect(right.status).toBe(303);
    expect(right.cookie).toMatch(/^ticketera_session=/);
    // What a browser sends for the login form of a page with `Referrer-Policy: no-referrer`.
    expect((await postLogin(port, TOKEN, { origin: 'null', fetchSite: 'same-origin' })).status).toBe(303);
  });

  it('lets the right token sign in from this computer while the same address is locked', async () => {
    const service = await startService({ token: TOKEN });
    const port = service.address.port;
    for (let attempt = 0; attempt < 6; attempt += 1) expect((await postLogin(port, `nope-${attempt}`)).status).toBe(401);
    expect((await postLogin(port, 'nope-again')).status).toBe(429);
    expect((await postLogin(port, TOKEN)).status).toBe(303);
    // Signing in resets nothing for whoever keeps guessing here.
    expect((await postLogin(port, 'nope-after')).status).toBe(429);
  });

  it.runIf(linux)('shares one budget per address with the WebSocket, and leaves other addresses alone', async () => {
    const service = await startService({ token: TOKEN });
    const port = service.address.port;
    const attacker = await connectFrom(service, '127.0.0.2');
    await guessOneByOne(attacker, 'w', 20);
    // The address that guessed over the WebSocket has used its free attempts: on the login form it waits at once
    // (a fresh address would get five plain 401s first).
    await postLogin(port, 'nope', { localAddress: '127.0.0.2' });
    expect((await postLogin(port, 'nope', { localAddress: '127.0.0.2' })).status).toBe(429);
    // This computer's usual address has its own budget and signs in.
    expect((await postLogin(port, 'nope', { localAddress: '127.0.0.1' })).status).toBe(401);
    expect((await postLogin(port, TOKEN, { localAddress: '127.0.0.1' })).status).toBe(303);
  }, 30_000);

  it('refuses even the right token from another computer while its address waits (the rule, per address)', () => {
    const throttle = new AddressThrottle();
    const auth = new DashboardAuth(TOKEN, throttle);
    const now = 1_000_000;
    for (let attempt = 0; attempt < 6; attempt += 1) expect(auth.login('nope', '192.0.2.10', now)).toEqual({ ok: false, reason: 'wrong-token' });
    expect(auth.login(TOKEN, '192.0.2.10', now)).toEqual({ ok: false, reason: 'throttled', retryAfterSeconds: 1 });
    expect(auth.login(TOKEN, '192.0.2.11', now).ok).toBe(true);
    expect(auth.login(TOKEN, '::ffff:127.0.0.1', now).ok).toBe(true);
    expect(auth.login(TOKEN, '192.0.2.10', now + 1_000).ok).toBe(true);
  });
});

describe('the per-address count', () => {
  it('stays bounded however many addresses guess', () => {
    const throttle = new AddressThrottle();
    for (let index = 0; index < 100_000; index += 1) throttle.fail(`10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`);
    expect(throttle.size).toBe(4096);
  });

  it('doubles the wait from 1 s up to 5 minutes and forgets an address 15 minutes after its last failure', () => {
    const throttle = new AddressThrottle();
    const waits = Array.from({ length: 16 }, () => throttle.fail('192.0.2.7', 0));
    expect(waits.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(waits.slice(5, 9)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(waits.at(-1)).toBe(300_000);
    expect(throttle.lockedFor('192.0.2.7', 299_999)).toBe(1);
    expect(throttle.fail('192.0.2.7', 300_000 + 15 * 60_000 + 1)).toBe(0);
  });

  it('counts IPv4-mapped peers as IPv4, and IPv6 peers per /64', () => {
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::1')).toBe('::1');
  });
});
