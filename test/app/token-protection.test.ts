import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/main/services/intake/token-hash';
import { tokenMatches } from '../../src/main/services/intake/token-check';
import { NO_ENCRYPTION, type Encryptor } from '../../src/main/services/settings/encryptor';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { ticketDoc } from '../support/service-harness';
import { TestClient } from '../support/ws-client';

/**
 * Issue 24: a token set from the window under `serve` (no keychain) used to vanish at the next start, and the
 * service then printed tickets without it. Its salted hash now survives restarts, and a token that cannot be read
 * back is reported as lost instead of silently switching protection off.
 */
const TOKEN = 'caja-secreta-2026';
const dirs: string[] = [];
const running: ServiceProcess[] = [];

afterEach(async () => {
  for (const service of running.splice(0)) await stop(service);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-token-'));
  dirs.push(dir);
  return dir;
}

async function serve(dir: string): Promise<ServiceProcess> {
  const service = await spawnService(['--data-dir', dir, '--printer', 'virtual'], 60_000);
  running.push(service);
  return service;
}

async function stop(service: ServiceProcess): Promise<void> {
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGTERM');
  await service.exited;
  running.splice(running.indexOf(service), 1);
}

function postJson(port: number, method: string, input: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`http://127.0.0.1:${port}/api/${method}`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(input));
  });
}

async function health(port: number): Promise<{ status: string; token?: { status: string } }> {
  return (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { status: string; token?: { status: string } };
}

/** What one ticket gets: `result` (printed) or `error` (refused). */
async function ticketAnswer(port: number, id: string, token?: string): Promise<string> {
  const client = await TestClient.open(`ws://127.0.0.1:${port}/ws`);
  try {
    client.send({ tipo: 'ticket', id, ...(token === undefined ? {} : { auth_token: token }), datos: ticketDoc() });
    for (let waited = 0; waited < 10_000; waited += 50) {
      const answer = client.messages.find((message) => (message.tipo === 'result' || message.tipo === 'error') && 'id' in message && message.id === id);
      if (answer) return answer.tipo;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no answer for ${id}`);
  } finally {
    client.socket.close();
  }
}

async function setTokenFromTheWindow(port: number): Promise<void> {
  const answer = await postJson(port, 'updateSettings', { secrets: { token: TOKEN } });
  expect(answer.status).toBe(200);
  // The service restarts on the same port to apply it: refused connections meanwhile are expected.
  for (let waited = 0; waited < 20_000; waited += 100) {
    const now = await health(port).catch(() => undefined);
    if (now?.token?.status === 'set') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the token never applied');
}

describe('the access token across real restarts of serve (no keychain)', () => {
  it('keeps protecting tickets after a restart, with only a salted hash on disk', async () => {
    const dir = dataDir();
    const first = await serve(dir);
    await setTokenFromTheWindow(first.port);
    await stop(first);

    const second = await serve(dir);
    expect(await health(second.port)).toMatchObject({ token: { status: 'set' } });
    expect(await ticketAnswer(second.port, 'sin-token')).toBe('error');
    expect(await ticketAnswer(second.port, 'token-malo', 'otro')).toBe('error');
    expect(await ticketAnswer(second.port, 'con-token', TOKEN)).toBe('result');
    const status = (await postJson(second.port, 'getStatus', {})).body as { ok: boolean; value?: { tokenRequired: boolean } };
    // Without a token the window's API answers loopback anyway; with one, it asks to sign in (401/403).
    expect(status.ok === false || status.value?.tokenRequired === true).toBe(true);

    const file = fs.readFileSync(path.join(dir, 'settings.json'), 'utf8');
    expect(file).not.toContain(TOKEN);
    expect(JSON.parse(file)).toMatchObject({ tokenHash: { scheme: 'scrypt', N: 32768, r: 8, p: 1 } });
    expect(second.output()).not.toContain(TOKEN);
  }, 120_000);

  it('says protection is lost, in /health and the status, when the saved hash cannot be read, and keeps saying it', async () => {
    const dir = dataDir();
    const first = await serve(dir);
    await setTokenFromTheWindow(first.port);
    await stop(first);
    const file = path.join(dir, 'settings.json');
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(file, JSON.stringify({ ...saved, tokenHash: { scheme: 'scrypt', hash: 'dañado' } }));

    for (let start = 0; start < 2; start += 1) {
      const service = await serve(dir);
      expect(await health(service.port)).toMatchObject({ status: 'degraded', token: { status: 'lost' } });
      expect((await postJson(service.port, 'getStatus', {})).body).toMatchObject({ ok: true, value: { tokenRequired: false, tokenLost: true } });
      await stop(service);
    }
    const again = await serve(dir);
    await setTokenFromTheWindow(again.port);
    expect((await health(again.port)).status).toBe('ok');
  }, 120_000);
});

describe('SettingsStore and the token hash', () => {
  const sealing: Encryptor = {
    available: true,
    encrypt: (plain) => Buffer.from(`sealed:${plain}`),
    decrypt: (sealed) => sealed.toString().replace(/^sealed:/, ''),
  };
  const lostKeychain: Encryptor = { ...sealing, decrypt: () => { throw new Error('keychain reset'); } };

  it('keeps protection by hash when the keychain can no longer open the token', () => {
    const file = path.join(dataDir(), 'settings.json');
    SettingsStore.open(file, sealing).update({ secrets: { token: TOKEN } });
    const reopened = SettingsStore.open(file, lostKeychain);
    const check = reopened.tokenCheck();
    expect(typeof check).toBe('object');
    expect(reopened.tokenLost).toBe(false);
    expect(tokenMatches(check ?? 'x', TOKEN)).toBe(true);
    expect(tokenMatches(check ?? 'x', `${TOKEN}x`)).toBe(false);
  });

  it('adds a hash to a token saved before hashes existed, so a later keychain loss keeps protection', () => {
    const file = path.join(dataDir(), 'settings.json');
    fs.writeFileSync(file, JSON.stringify({ version: 1, settings: {}, secrets: { token: Buffer.from(`sealed:${TOKEN}`).toString('base64') } }));
    expect(SettingsStore.open(file, sealing).tokenCheck()).toBe(TOKEN);
    expect(typeof SettingsStore.open(file, lostKeychain).tokenCheck()).toBe('object');
  });

  it('reports a sealed token without a keychain or hash as lost, and removing the token on purpose clears it', () => {
    const file = path.join(dataDir(), 'settings.json');
    fs.writeFileSync(file, JSON.stringify({ version: 1, settings: {}, secrets: { token: 'c2VhbGVk' } }));
    const store = SettingsStore.open(file, NO_ENCRYPTION);
    expect(store.tokenCheck()).toBeUndefined();
    expect(store.tokenLost).toBe(true);
    expect(SettingsStore.open(file, NO_ENCRYPTION).tokenLost).toBe(true);
    store.update({ secrets: { token: null } });
    expect(SettingsStore.open(file, NO_ENCRYPTION).tokenLost).toBe(false);
  });

  it('hashes with a fresh salt each time and never stores the token', () => {
    const a = hashToken(TOKEN);
    const b = hashToken(TOKEN);
    expect(a.salt).not.toBe(b.salt);
    expect(JSON.stringify(a)).not.toContain(TOKEN);
  });
});
