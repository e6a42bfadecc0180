import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readServeFlags } from '../../src/main/cli/serve-options';
import { certificateHealth } from '../../src/main/services/server/tls-certificate';
import { defaultSettings } from '../../src/main/services/settings/default-settings';
import { serviceConfigFrom } from '../../src/main/services/settings/settings-to-config';
import type { HealthResponse, TlsHealth } from '../../src/shared/protocol';
import { makeTestCertificates, type TestCertificates } from '../support/test-certificates';
import { ticketDoc, withServices, type TestService } from '../support/service-harness';
import { TestClient } from '../support/ws-client';

const startService = withServices();
let certs: TestCertificates;

beforeAll(() => {
  certs = makeTestCertificates();
});

/** The secure listener's state as the service reports it (its port is a free one, chosen at bind time). */
function tlsOf(service: TestService): TlsHealth {
  const tls = service.server.tlsHealth;
  if (!tls) throw new Error('no TLS state reported');
  return tls;
}

function securePort(service: TestService): number {
  const tls = tlsOf(service);
  if (tls.status !== 'on') throw new Error(`TLS is not on: ${tls.mensaje}`);
  return tls.port;
}

/** GET over HTTPS trusting only the test CA, as a POS tablet that installed it would. */
function httpsGet(url: string, ca: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

async function printThrough(client: TestClient, id: string): Promise<void> {
  client.send({ tipo: 'ticket', id, datos: ticketDoc(`Venta ${id}`) });
  const result = await client.next('result', (message) => message.id === id);
  expect(result.status).toBe('success');
}

const printedFiles = (service: TestService): string[] => fs.readdirSync(path.join(service.config.dataDir, 'virtual-printer'));

describe('secure connection (wss://, https://) beside ws://', () => {
  it('prints a ticket through wss:// for a client that trusts the CA, while ws:// serves on its own port', async () => {
    const service = await startService({ tls: { certFile: certs.certFile, keyFile: certs.keyFile, port: 0 } });
    const port = securePort(service);
    expect(port).not.toBe(service.address.port);
    const ca = fs.readFileSync(certs.caFile);

    const secure = await TestClient.open(`wss://127.0.0.1:${port}/ws`, { ca });
    const info = await secure.next('info');
    expect(info.status).toBe('connected');
    await printThrough(secure, 'venta-segura');

    const plain = await service.connect();
    await printThrough(plain, 'venta-plana');
    expect(printedFiles(service)).toEqual(expect.arrayContaining(['venta-segura.bin', 'venta-plana.bin']));
    secure.close();
    plain.close();
  });

  it('answers /health over https:// with the certificate it serves and its expiry', async () => {
    const service = await startService({ tls: { certFile: certs.certFile, keyFile: certs.keyFile, port: 0 } });
    const port = securePort(service);
    const answer = await httpsGet(`https://127.0.0.1:${port}/health`, fs.readFileSync(certs.caFile));
    expect(answer.status).toBe(200);
    const health = JSON.parse(answer.body) as HealthResponse;
    expect(health.status).toBe('ok');
    expect(health.tls).toMatchObject({ status: 'on', port, subject: 'CN=caja-test', issuer: 'CN=Ticketera Test CA', names: ['localhost', '127.0.0.1'], expires_soon: false });
    expect(health.tls?.status === 'on' && health.tls.days_left).toBeGreaterThan(300);
    // The plain /health says the same: monitoring that only speaks http:// sees the certificate's state too.
    const plain = (await (await fetch(`${service.httpUrl}/health`)).json()) as HealthResponse;
    expect(plain.tls).toEqual(health.tls);
  });

  it('is real TLS: a client that does not trust the CA is refused', async () => {
    const service = await startService({ tls: { certFile: certs.certFile, keyFile: certs.keyFile, port: 0 } });
    await expect(TestClient.open(`wss://127.0.0.1:${securePort(service)}/ws`)).rejects.toThrow(/certificate/i);
  });

  it('warns when the certificate expires within 30 days', async () => {
    const service = await startService({ tls: { certFile: certs.shortCertFile, keyFile: certs.shortKeyFile, port: 0 } });
    const tls = tlsOf(service);
    expect(tls).toMatchObject({ status: 'on', expires_soon: true });
    expect(tls.status === 'on' && tls.days_left).toBeLessThanOrEqual(10);
  });

  it('reports no TLS at all when none is configured', async () => {
    const service = await startService();
    const health = (await (await fetch(`${service.httpUrl}/health`)).json()) as HealthResponse;
    expect(health.tls).toBeUndefined();
  });
});

/** A file of `bytes` bytes that starts like a PEM certificate: only its size is wrong. */
function oversizePem(bytes: number): string {
  const file = path.join(certs.dir, `big-${bytes}.pem`);
  fs.writeFileSync(file, Buffer.concat([fs.readFileSync(certs.certFile), Buffer.alloc(bytes, 'A')]));
  return file;
}

describe('a TLS problem is reported and plain ws:// keeps printing', () => {
  const missing = (): string => path.join(certs.dir, 'nope.pem');
  it.each([
    ['a key that belongs to another certificate', () => ({ certFile: certs.certFile, keyFile: certs.strayKeyFile }), 'mismatch', () => certs.strayKeyFile, {}],
    ['a certificate file that does not exist', () => ({ certFile: missing(), keyFile: certs.keyFile }), 'cert-unreadable', missing, { reason: 'not-found' }],
    ['a key file that is not a key', () => ({ certFile: certs.certFile, keyFile: certs.certFile }), 'key-invalid', () => certs.certFile, {}],
    ['a certificate file that is not a certificate', () => ({ certFile: certs.keyFile, keyFile: certs.keyFile }), 'cert-invalid', () => certs.keyFile, {}],
    ['a certificate saved in the window without its key', () => ({ certFile: certs.certFile, keyFile: '' }), 'key-not-set', () => '', {}],
    ['a certificate file over 1 MiB', () => ({ certFile: oversizePem(1024 * 1024), keyFile: certs.keyFile }), 'cert-unreadable', () => oversizePem(1024 * 1024), { reason: 'too-large' }],
    ['a key under a passphrase (PKCS#8)', () => ({ certFile: certs.certFile, keyFile: certs.encryptedKeyFile }), 'key-encrypted', () => certs.encryptedKeyFile, {}],
    [
      'a key under a passphrase (the older Proc-Type PEM)',
      () => ({ certFile: certs.certFile, keyFile: certs.traditionalEncryptedKeyFile }),
      'key-encrypted',
      () => certs.traditionalEncryptedKeyFile,
      {},
    ],
    ['a certificate valid only from 2099', () => ({ certFile: certs.futureCertFile, keyFile: certs.futureKeyFile }), 'cert-not-yet-valid', () => certs.futureCertFile, { valid_from: '2099-01-01T00:00:00.000Z' }],
  ])('%s', async (_name, files, problem, file, extra) => {
    const service = await startService({ tls: { ...files(), port: 0 } });
    const tls = tlsOf(service);
    expect(tls).toMatchObject({ status: 'error', problem, at: file(), ...extra });
    if (tls.status === 'error') expect(tls.mensaje).toContain(file());
    const health = (await (await fetch(`${service.httpUrl}/health`)).json()) as HealthResponse;
    expect(health.tls).toEqual(tls);
    await printThrough(await service.connect(), 'sigue-imprimiendo');
  });

  it('a secure port another program holds', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as net.AddressInfo).port;
    try {
      const service = await startService({ tls: { certFile: certs.certFile, keyFile: certs.keyFile, port: taken } });
      expect(tlsOf(service)).toMatchObject({ status: 'error', problem: 'port-in-use', at: String(taken) });
      await printThrough(await service.connect(), 'puerto-ocupado');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

describe('a certificate dated ahead', () => {
  it('is served once its start has passed, without a restart: its state is computed when asked', () => {
    const certificate = new X509Certificate(fs.readFileSync(certs.futureCertFile));
    const credentials = { certificate, certFile: certs.futureCertFile };
    expect(certificateHealth(credentials, 8767, Date.parse('2098-12-31T23:59:59Z'))).toMatchObject({ status: 'error', problem: 'cert-not-yet-valid' });
    expect(certificateHealth(credentials, 8767, Date.parse('2099-01-01T00:00:01Z'))).toMatchObject({ status: 'on', port: 8767, names: ['localhost', '127.0.0.1'] });
  });
});

describe('the window\'s settings', () => {
  it('turn the secure listener on as soon as a file is set, so a missing one is reported rather than ignored', () => {
    const saved = { ...defaultSettings(), tlsCertFile: certs.certFile, tlsPort: 9443 };
    expect(serviceConfigFrom(saved, undefined, '/data').tls).toEqual({ certFile: certs.certFile, keyFile: '', port: 9443 });
    expect(serviceConfigFrom(defaultSettings(), undefined, '/data').tls).toBeUndefined();
  });
});

describe('serve --tls-cert/--tls-key/--tls-port', () => {
  it('reads the pair and the port, and fixes them in the window', () => {
    const { overrides, fixedBy } = readServeFlags(['--tls-cert', 'c.pem', '--tls-key', 'k.pem', '--tls-port', '9443'], {});
    expect(overrides.tls).toEqual({ certFile: 'c.pem', keyFile: 'k.pem', port: 9443 });
    expect(fixedBy).toMatchObject({ tlsCertFile: '--tls-cert', tlsKeyFile: '--tls-key', tlsPort: '--tls-port' });
  });

  it('serves on 8767 unless told otherwise, and not at all without the flags', () => {
    expect(readServeFlags(['--tls-cert', 'c.pem', '--tls-key', 'k.pem'], {}).overrides.tls?.port).toBe(8767);
    expect(readServeFlags([], {}).overrides.tls).toBeUndefined();
  });

  it.each([
    [['--tls-cert', 'c.pem'], /--tls-cert needs --tls-key/],
    [['--tls-key', 'k.pem'], /--tls-key needs --tls-cert/],
    [['--tls-port', '9443'], /--tls-port needs --tls-cert and --tls-key/],
    [['--tls-cert', 'c.pem', '--tls-key', 'k.pem', '--tls-port', 'x'], /--tls-port must be a whole number/],
  ])('refuses %j with a clear text', (args, message) => {
    expect(() => readServeFlags(args, {})).toThrow(message);
  });
});
