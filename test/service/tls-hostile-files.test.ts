import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '../../src/shared/protocol';
import { guardChildMemory, type ChildMemoryGuard } from '../support/child-memory';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { tempDir, ticketDoc } from '../support/service-harness';
import { makeTestCertificates, type TestCertificates } from '../support/test-certificates';
import { TestClient } from '../support/ws-client';

/**
 * Issue 20, item 9, on the real `serve` process: a path typed as the certificate or key that is not a PEM file
 * must be refused by its kind, without reading it, so plain ws:// keeps printing and memory stays where it was
 * (before, `--tls-cert /dev/zero` grew to 19 GB in a minute and a FIFO blocked the service before it answered).
 */
const MEMORY_LIMIT = 600 * 1024 * 1024;
/** A freshly started service holds ~150 MB here (tsx compiling the sources in the process). */
const BOUNDED = 400 * 1024 * 1024;

let certs: TestCertificates;
let guard: ChildMemoryGuard;
let running: ServiceProcess | undefined;

beforeAll(() => {
  certs = makeTestCertificates();
  guard = guardChildMemory(MEMORY_LIMIT);
});
afterAll(() => guard.stop());
afterEach(() => {
  running?.child.kill('SIGKILL');
  running = undefined;
});

async function serve(certFile: string, keyFile: string): Promise<ServiceProcess> {
  try {
    running = await spawnService(['--data-dir', tempDir(), '--printer', 'virtual', '--tls-cert', certFile, '--tls-key', keyFile, '--tls-port', '0'], 25_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nkilled for memory: ${JSON.stringify(guard.killed())}`);
  }
  return running;
}

async function healthOf(service: ServiceProcess): Promise<HealthResponse> {
  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${service.port}/health`);
  expect(Date.now() - started, '/health answers at once').toBeLessThan(2_000);
  return (await response.json()) as HealthResponse;
}

async function printsOnPlainWs(service: ServiceProcess, id: string): Promise<void> {
  const client = await TestClient.open(`ws://127.0.0.1:${service.port}/ws`);
  try {
    await client.next('info');
    client.send({ tipo: 'ticket', id, datos: ticketDoc(`Venta ${id}`) });
    expect((await client.next('result', (message) => message.id === id)).status).toBe('success');
  } finally {
    client.close();
  }
}

const makeFifo = (): string => {
  const fifo = path.join(tempDir('ticketera-fifo-'), 'cert.pem');
  execFileSync('mkfifo', [fifo]);
  return fifo;
};

describe.skipIf(process.platform !== 'linux')('serve --tls-cert/--tls-key given something that is not a PEM file', () => {
  it.each([
    ['/dev/zero as the certificate', () => ({ cert: '/dev/zero', key: certs.keyFile, at: '/dev/zero', problem: 'cert-unreadable' })],
    ['/dev/zero as the key', () => ({ cert: certs.certFile, key: '/dev/zero', at: '/dev/zero', problem: 'key-unreadable' })],
    [
      'a FIFO as the certificate (nobody ever writes to it)',
      () => {
        const fifo = makeFifo();
        return { cert: fifo, key: certs.keyFile, at: fifo, problem: 'cert-unreadable' };
      },
    ],
    ['a folder as the certificate', () => ({ cert: certs.dir, key: certs.keyFile, at: certs.dir, problem: 'cert-unreadable' })],
  ])('%s: refused as not a regular file, plain ws:// and /health keep answering, memory stays bounded', { timeout: 60_000 }, async (_name, given) => {
    const { cert, key, at, problem } = given();
    const service = await serve(cert, key);
    const health = await healthOf(service);
    expect(health.tls).toMatchObject({ status: 'error', problem, at, reason: 'not-a-file' });
    expect(health.tls?.status === 'error' && health.tls.mensaje).toMatch(/is not a regular file but a (device|pipe \(FIFO\)|folder): give the PEM file itself/);
    expect(service.output()).toContain(`secure wss:// NOT serving: TLS: the ${problem === 'cert-unreadable' ? 'certificate' : 'key'} file ${at} is not a regular file`);
    await printsOnPlainWs(service, 'sigue-imprimiendo');
    expect(guard.peak()).toBeLessThan(BOUNDED);
  });

  it('a certificate that is not valid yet (from 2099) is reported with its date, never as on', { timeout: 60_000 }, async () => {
    const service = await serve(certs.futureCertFile, certs.futureKeyFile);
    const health = await healthOf(service);
    expect(health.tls).toMatchObject({ status: 'error', problem: 'cert-not-yet-valid', at: certs.futureCertFile, valid_from: '2099-01-01T00:00:00.000Z' });
    expect(health.tls?.status === 'error' && health.tls.mensaje).toContain(`the certificate ${certs.futureCertFile} is not valid until 2099-01-01T00:00:00.000Z`);
    expect(service.output()).toMatch(/secure wss:\/\/ NOT serving: TLS: the certificate \S+ is not valid until 2099-01-01/);
    await printsOnPlainWs(service, 'fecha-futura');
  });

  it('a key under a passphrase says so and how to export it without one', { timeout: 60_000 }, async () => {
    const service = await serve(certs.certFile, certs.encryptedKeyFile);
    const health = await healthOf(service);
    expect(health.tls).toMatchObject({ status: 'error', problem: 'key-encrypted', at: certs.encryptedKeyFile });
    const mensaje = health.tls?.status === 'error' ? health.tls.mensaje : '';
    expect(mensaje).toContain('protected by a passphrase');
    expect(mensaje).toContain('openssl pkey -in key.pem -out key-plain.pem');
    expect(mensaje).not.toMatch(/interrupted or cancelled/);
    expect(service.output()).toContain(`secure wss:// NOT serving: TLS: the key ${certs.encryptedKeyFile} is protected by a passphrase`);
    await printsOnPlainWs(service, 'clave-con-contrasena');
  });
});

describe.skipIf(process.platform !== 'linux')('the guard itself', () => {
  it('sees the service process', { timeout: 60_000 }, async () => {
    const service = await serve(certs.certFile, certs.keyFile);
    expect((await healthOf(service)).tls?.status).toBe('on');
    expect(guard.peak()).toBeGreaterThan(20 * 1024 * 1024);
    expect(fs.existsSync(`/proc/${String(service.child.pid)}`)).toBe(true);
  });
});
