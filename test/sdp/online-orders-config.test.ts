import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseServeOptions, readServeFlags } from '../../src/main/cli/serve-options';
import { SettingsStore } from '../../src/main/services/settings/settings-store';
import { serviceConfigFrom } from '../../src/main/services/settings/settings-to-config';
import { onlineOrderBindings, type OnlineOrderBinding } from '../../src/shared/contract/online-orders';
import { settingsPatch } from '../../src/shared/contract/settings';
import { fakeEncryptor } from '../app/app-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';

const SDP: OnlineOrderBinding = {
  id: 'pedidos-web',
  protocol: 'sdp',
  url: 'https://pedidos.example.com/sdp.php?tienda=7',
  printer: 'tcp://10.0.0.9:9100',
  intervalSeconds: 5,
  user: 'tienda7',
  deviceId: 'barra',
  name: 'Barra',
  statusUrl: '',
};

const dirs: string[] = [];
let service: ServiceProcess | undefined;
afterEach(async () => {
  service?.child.kill('SIGKILL');
  await service?.exited;
  service = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tempDir = (): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ticketera-online-orders-'));
  dirs.push(dir);
  return dir;
};

describe('online-order flags of serve', () => {
  it('takes --sdp and --cloudprnt URL=PRINTER, repeated, split at the last "=" so the URL keeps its query', () => {
    const config = parseServeOptions(
      ['--sdp', 'https://pedidos.example.com/sdp.php?tienda=7=tcp://10.0.0.9:9100', '--sdp', 'http://127.0.0.1:8080/print=default', '--cloudprnt', 'https://cp.example.com/poll?key=a=b=default'],
      { TICKETERA_ONLINE_ORDERS_USER: 'tienda7', TICKETERA_ONLINE_ORDERS_PASSWORD: 'pa55-word-7' },
    );
    expect(config.onlineOrders).toEqual([
      expect.objectContaining({ id: 'cli-cloudprnt-1', protocol: 'cloudprnt', url: 'https://cp.example.com/poll?key=a=b', printer: 'default' }),
      expect.objectContaining({ id: 'cli-sdp-1', protocol: 'sdp', url: 'https://pedidos.example.com/sdp.php?tienda=7', printer: 'tcp://10.0.0.9:9100', user: 'tienda7', password: 'pa55-word-7' }),
      expect.objectContaining({ id: 'cli-sdp-2', protocol: 'sdp', url: 'http://127.0.0.1:8080/print', printer: 'default', intervalSeconds: 5 }),
    ]);
    expect(readServeFlags(['--sdp', 'http://127.0.0.1:8080/print=default'], {}).fixedBy.onlineOrders).toBe('--sdp');
    expect(parseServeOptions([], {}).onlineOrders).toBeUndefined();
  });

  it('refuses credentials in the address with a hint, without repeating the address', () => {
    const attempt = (): unknown => parseServeOptions(['--sdp', 'https://tienda7:S3cret-pw@pedidos.example.com/sdp.php=default'], {});
    expect(attempt).toThrow(/--sdp: put the user name and password in TICKETERA_ONLINE_ORDERS_USER \/ TICKETERA_ONLINE_ORDERS_PASSWORD, not in the address/);
    try {
      attempt();
    } catch (error) {
      expect(String(error)).not.toContain('S3cret-pw');
    }
  });

  it('explains a value without PRINTER or without an http(s) address', () => {
    expect(() => parseServeOptions(['--cloudprnt', 'https://cp.example.com/poll'], {})).toThrow(/--cloudprnt must be URL=PRINTER .*e\.g\. --cloudprnt https:/);
    expect(() => parseServeOptions(['--sdp', 'https://x.example.com/a='], {})).toThrow(/--sdp must be URL=PRINTER/);
    expect(() => parseServeOptions(['--sdp', 'ftp://x.example.com/a=default'], {})).toThrow(/--sdp must start with an http:\/\/ or https:\/\/ server address/);
  });

  it('serves /health with two --sdp servers and a --cloudprnt one, and says which are configured', { timeout: 60_000 }, async () => {
    service = await spawnService(
      ['--data-dir', tempDir(), '--printer', 'virtual', '--sdp', 'http://127.0.0.1:9/sdp.php?tienda=7=default', '--sdp', 'http://127.0.0.1:9/b=virtual', '--cloudprnt', 'http://127.0.0.1:9/cp=default'],
      30_000,
    );
    const health = await fetch(`http://127.0.0.1:${service.port}/health`);
    expect(health.status).toBe(200);
    expect(service.output()).toContain('online orders (CloudPRNT / Epson SDP): cloudprnt 127.0.0.1:9 → default, sdp 127.0.0.1:9 → default, sdp 127.0.0.1:9 → virtual');
    expect(service.output()).not.toContain('tienda=7');
  });
});

describe('online-order settings', () => {
  it('validates the list: a good binding passes; duplicate ids, credentials in the URL and unknown protocols do not', () => {
    expect(onlineOrderBindings.parse([SDP], 'onlineOrders')).toEqual([SDP]);
    expect(() => onlineOrderBindings.parse([SDP, SDP], 'onlineOrders')).toThrow(/onlineOrders\[1\]\.id "pedidos-web" is used twice/);
    expect(() => onlineOrderBindings.parse([{ ...SDP, url: 'https://u:p@pedidos.example.com/' }], 'onlineOrders')).toThrow(/must not hold a user name or password/);
    expect(() => onlineOrderBindings.parse([{ ...SDP, protocol: 'mqtt' }], 'onlineOrders')).toThrow(/must be one of cloudprnt, sdp/);
    expect(() => onlineOrderBindings.parse([{ ...SDP, statusUrl: 'javascript:alert(1)' }], 'onlineOrders')).toThrow(/http/);
    expect(settingsPatch.parse({ onlineOrders: [SDP] }, 'settings').onlineOrders).toEqual([SDP]);
  });

  it('keeps each server\'s password sealed in the settings file, gives it to the service, and drops it with its binding', () => {
    const file = path.join(tempDir(), 'settings.json');
    const store = SettingsStore.open(file, fakeEncryptor());
    store.update({ settings: { onlineOrders: [SDP] }, onlineOrderPasswords: { 'pedidos-web': 'Cl4ve-de-la-tienda' } });
    expect(readFileSync(file, 'utf8')).not.toContain('Cl4ve-de-la-tienda');
    const reopened = SettingsStore.open(file, fakeEncryptor());
    expect(reopened.onlineOrderPassword('pedidos-web')).toBe('Cl4ve-de-la-tienda');
    const config = serviceConfigFrom(reopened.settings, undefined, '/tmp/x', undefined, (id) => reopened.onlineOrderPassword(id));
    expect(config.onlineOrders).toEqual([{ ...SDP, password: 'Cl4ve-de-la-tienda' }]);
    expect(JSON.stringify(reopened.view())).not.toContain('Cl4ve-de-la-tienda');
    reopened.update({ settings: { onlineOrders: [] } });
    expect(SettingsStore.open(file, fakeEncryptor()).onlineOrderPassword('pedidos-web')).toBeUndefined();
    expect(readFileSync(file, 'utf8')).not.toContain('onlineOrderSecrets');
  });
});
