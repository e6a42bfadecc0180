import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../src/shared/contract/settings';
import { readServeFlags } from '../../src/main/cli/serve-options';
import type { AppHost } from '../../src/main/services/app-api/app-host';
import { startServiceWithWindow } from '../../src/main/services/app-api/service-with-window';
import { tempDir, ticketDoc } from '../support/service-harness';
import { TestClient } from '../support/ws-client';

let host: AppHost | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

/** `npm run service -- <flags>` as the CLI starts it (saved settings, flags over them), bound to a free loopback port. */
async function serve(flags: string[] = []): Promise<AppHost> {
  host = await startServiceWithWindow(readServeFlags(['--host', '127.0.0.1', '--port', '0', '--data-dir', tempDir(), ...flags], {}));
  return host;
}

const base = (running: AppHost): string => `127.0.0.1:${running.running().address.port}`;

/** Signs in to the window as the owner does, with the token; resolves with the session cookie. */
async function signIn(running: AppHost, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `http://${base(running)}/login`,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      (response) => {
        response.resume();
        resolve((response.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '');
      },
    );
    request.on('error', reject);
    request.end(new URLSearchParams({ token }).toString());
  });
}

function call(
  running: AppHost,
  method: string,
  input?: unknown,
  cookie = '',
): Promise<{ ok: boolean; value?: SettingsView; error?: { message: string } }> {
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) };
    const request = http.request(`http://${base(running)}/api/${method}`, { method: 'POST', agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    request.on('error', reject);
    request.end(input === undefined ? '' : JSON.stringify(input));
  });
}

async function ticketReply(running: AppHost): Promise<string> {
  const client = await TestClient.open(`ws://${base(running)}/ws`);
  client.send({ tipo: 'ticket', id: 'sin-token', datos: ticketDoc() });
  await client.count(2);
  client.socket.close();
  const reply = client.messages[1];
  return reply?.tipo === 'error' ? reply.mensaje : String(reply?.tipo);
}

describe('settings under `serve` take effect or say why not', () => {
  it('applies a token and allowed origins saved in the window: a ticket without the token is refused', async () => {
    const running = await serve();
    const saved = await call(running, 'updateSettings', { settings: { allowedOrigins: ['https://tpv.example.com'] }, secrets: { token: 'caja-secreta' } });
    expect(saved.ok).toBe(true);
    await running.settled();
    const view = (await call(running, 'getSettings', undefined, await signIn(running, 'caja-secreta'))).value;
    expect(view).toMatchObject({ allowedOrigins: ['https://tpv.example.com'], secrets: { token: { set: true } }, applying: false, applyError: null });

    const client = await TestClient.open(`ws://${base(running)}/ws`);
    client.send({ tipo: 'ticket', id: 'sin-token', datos: ticketDoc() });
    expect((await client.next('error')).mensaje).toBe('Invalid or missing auth token');
    await expect(TestClient.open(`ws://${base(running)}/ws`, { headers: { Origin: 'https://otra-web.example' } })).rejects.toThrow('HTTP 403');
  });

  it('shows a flag as fixed with its running value and refuses to change it', async () => {
    const running = await serve(['--token', 'de-la-linea', '--queue-capacity', '9']);
    const cookie = await signIn(running, 'de-la-linea');
    const view = (await call(running, 'getSettings', undefined, cookie)).value;
    expect(view?.fixed).toEqual({ env: '--host', port: '--port', token: '--token', queueCapacity: '--queue-capacity' });
    expect(view).toMatchObject({ queueCapacity: 9, secrets: { token: { set: true } } });

    const refused = await call(running, 'updateSettings', { secrets: { token: null } }, cookie);
    expect(refused.ok).toBe(false);
    expect(refused.error?.message).toContain('"token" is fixed by --token on the command line');
    expect((await call(running, 'updateSettings', { settings: { queueCapacity: 50 } }, cookie)).error?.message).toContain('--queue-capacity');
    // The window sends every field back on save: unchanged fixed values are fine.
    expect((await call(running, 'updateSettings', { settings: { queueCapacity: 9, rateLimit: 12 } }, cookie)).ok).toBe(true);
    await running.settled();
    expect((await call(running, 'getSettings', undefined, await signIn(running, 'de-la-linea'))).value).toMatchObject({ queueCapacity: 9, rateLimit: 12 });
    expect(await ticketReply(running)).toBe('Invalid or missing auth token');
  });

  it('shows the values that run, and why, when a change could not be applied', async () => {
    const dataDir = tempDir();
    const free = await freePort();
    fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ version: 1, settings: { port: free }, secrets: {} }));
    host = await startServiceWithWindow(readServeFlags(['--host', '127.0.0.1', '--data-dir', dataDir], {}));
    const running = host;
    expect(running.running().address.port).toBe(free);
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await call(running, 'updateSettings', { settings: { port: (taken.address() as net.AddressInfo).port } });
      expect(answer.value?.applying).toBe(true);
      await running.settled();
      const view = (await call(running, 'getSettings')).value;
      expect(view?.port).toBe(free);
      expect(view?.applyError).toMatch(/EADDRINUSE/);
    } finally {
      taken.close();
    }
  });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
