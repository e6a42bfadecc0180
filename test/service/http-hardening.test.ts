import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestAppHost, type TestAppHost } from '../app/app-harness';
import { tempDir, withServices } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { TestClient } from '../support/ws-client';

const startService = withServices();

/** Sends raw bytes and resolves with the status line of the answer (or how the connection ended). */
function rawRequest(port: number, text: string, timeoutMs = 3_000): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.createConnection({ host: '127.0.0.1', port }, () => socket.write(text));
    const done = (what: string): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(what);
    };
    const timer = setTimeout(() => done(answer.split('\r\n')[0] || 'no answer'), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) done(answer.split('\r\n')[0] ?? '');
    });
    socket.on('error', (error) => done(`error ${error.message}`));
    socket.on('close', () => done(answer.split('\r\n')[0] || 'closed'));
  });
}

const upgradeTo = (target: string, host = 'localhost') =>
  `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;

describe('/ws and DNS rebinding', () => {
  it('refuses a browser that reached the service by a name someone else controls, when no origin list is set', async () => {
    const service = await startService();
    const port = service.address.port;
    const page = (host: string) => TestClient.open(service.wsUrl, { origin: `http://${host}`, headers: { Host: host } });
    await expect(page(`evil.example:${port}`)).rejects.toThrow('HTTP 403');
    await expect(page(`rebind.attacker.example.com:${port}`)).rejects.toThrow('HTTP 403');
    // The Host forms a shop uses: IP, localhost, the computer's name, its .local name.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `CAJA-01:${port}`, `caja-01.local:${port}`, `[::1]:${port}`]) {
      const client = await page(host);
      client.send({ tipo: 'ping', id: host });
      expect((await client.next('pong')).id).toBe(host);
      client.close();
    }
  });

  it('lets native clients (no Origin) in whatever Host they use', async () => {
    const service = await startService();
    const client = await TestClient.open(service.wsUrl, { headers: { Host: `tpv.tienda.example:${service.address.port}` } });
    client.send({ tipo: 'ping', id: 'nativo' });
    expect((await client.next('pong')).id).toBe('nativo');
  });

  it('leaves the decision to the origin list when one is set', async () => {
    const service = await startService({ allowedOrigins: ['https://tpv.mitienda.es'] });
    const listed = await TestClient.open(service.wsUrl, { origin: 'https://tpv.mitienda.es', headers: { Host: `servidor.mitienda.es:${service.address.port}` } });
    listed.send({ tipo: 'ping', id: 'listed' });
    expect((await listed.next('pong')).id).toBe('listed');
  });
});

describe('malformed URLs', () => {
  let host: TestAppHost | undefined;
  afterEach(async () => {
    await host?.stop();
    host = undefined;
  });

  it('answers 400, not 500, for % escapes that do not decode and for targets that are not paths', async () => {
    const rendererDir = tempDir('ticketera-renderer-');
    fs.mkdirSync(path.join(rendererDir, 'assets'));
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Ticketera</title>');
    fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'export {};');
    host = await startTestAppHost({ rendererDir });
    const port = host.running().address.port;
    const get = (target: string) => rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(await get('/assets/app.js')).toBe('HTTP/1.1 200 OK');
    expect(await get('/%E0%A4%A')).toBe('HTTP/1.1 400 Bad Request');
    expect(await get('/assets/%E0%A4%A')).toBe('HTTP/1.1 400 Bad Request');
    expect(await get('/assets/%')).toBe('HTTP/1.1 400 Bad Request');
    expect(await get('//')).toBe('HTTP/1.1 400 Bad Request');
    const api = await rawRequest(
      port,
      `POST /api/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(api).toBe('HTTP/1.1 400 Bad Request');
    expect(await get('/health')).toBe('HTTP/1.1 200 OK');
  });
});

describe('upgrades that used to end the process', () => {
  let running: ServiceProcess | undefined;
  afterEach(() => {
    running?.child.kill('SIGKILL');
    running = undefined;
  });

  it('answers 400 to an upgrade whose target is not a path, and a peer that resets mid-upgrade harms nothing', async () => {
    running = await spawnService(['--data-dir', tempDir(), '--printer', 'virtual']);
    const { port } = running;
    expect(await rawRequest(port, upgradeTo('//'))).toBe('HTTP/1.1 400 Bad Request');
    expect(await rawRequest(port, upgradeTo('/%E0%A4%A'))).toBe('HTTP/1.1 400 Bad Request');
    // Peers that send an upgrade and reset at once, before the refusal is written.
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        new Promise<void>((resolve) => {
          const socket = net.createConnection({ host: '127.0.0.1', port }, () => {
            socket.write(upgradeTo(index % 2 === 0 ? '/nope' : '//'));
            socket.resetAndDestroy();
          });
          socket.on('error', () => undefined);
          socket.on('close', () => resolve());
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(running.child.exitCode).toBeNull();
    const client = await TestClient.open(`ws://127.0.0.1:${port}/ws`);
    client.send({ tipo: 'ping', id: 'vivo' });
    expect((await client.next('pong')).id).toBe('vivo');
    client.close();
  }, 30_000);
});
