import { describe, expect, it } from 'vitest';
import { readServeFlags } from '../../src/main/cli/serve-options';
import { serviceConfigFrom } from '../../src/main/services/settings/settings-to-config';
import { defaultSettings } from '../../src/main/services/settings/default-settings';

describe('remote printing: serve flags and settings', () => {
  it('is off by default, on with --fleet-url and --fleet-site, credentials from the environment only', () => {
    expect(readServeFlags([], {}).overrides.fleet).toBeUndefined();
    const { overrides, fixedBy } = readServeFlags(['--fleet-url', 'mqtts://broker.example.com:8883', '--fleet-site', 'madrid-01', '--fleet-ca', 'ca.pem'], {
      TICKETERA_FLEET_USERNAME: 'madrid-01',
      TICKETERA_FLEET_PASSWORD: 'pw',
    });
    expect(overrides.fleet).toEqual({
      url: 'mqtts://broker.example.com:8883',
      site: 'madrid-01',
      username: 'madrid-01',
      password: 'pw',
      caFile: 'ca.pem',
      certFile: undefined,
      keyFile: undefined,
      ticketExpiryMinutes: 60,
    });
    expect(fixedBy).toMatchObject({
      fleetUrl: '--fleet-url',
      fleetSite: '--fleet-site',
      fleetUsername: 'TICKETERA_FLEET_USERNAME',
      fleetPassword: 'TICKETERA_FLEET_PASSWORD',
      fleetCaFile: '--fleet-ca',
      fleetCertFile: '--fleet-url',
    });
  });

  it('refuses half a configuration, a bad address, a site that is not one topic level, credentials in the URL', () => {
    expect(() => readServeFlags(['--fleet-url', 'mqtts://b:8883'], {})).toThrow(/--fleet-site/);
    expect(() => readServeFlags(['--fleet-site', 's'], {})).toThrow(/--fleet-url/);
    expect(() => readServeFlags(['--fleet-ca', 'ca.pem'], {})).toThrow(/needs --fleet-url/);
    expect(() => readServeFlags(['--fleet-url', 'http://b', '--fleet-site', 's'], {})).toThrow(/broker address/);
    expect(() => readServeFlags(['--fleet-url', 'mqtt://b', '--fleet-site', 'a/#'], {})).toThrow(/--fleet-site/);
    expect(() => readServeFlags(['--fleet-url', 'mqtt://u:p@b', '--fleet-site', 's'], {})).toThrow(/TICKETERA_FLEET_PASSWORD/);
    expect(() => readServeFlags(['--fleet-url', 'mqtt://b', '--fleet-site', 's', '--fleet-cert', 'c.pem'], {})).toThrow(/go together/);
  });

  it('from Settings: on when broker and site are set, the password from the encrypted secrets', () => {
    const settings = defaultSettings();
    expect(serviceConfigFrom(settings, undefined, '/tmp/x').fleet).toBeUndefined();
    const on = serviceConfigFrom({ ...settings, fleetUrl: 'mqtts://b:8883', fleetSite: 'bcn', fleetUsername: 'bcn' }, undefined, '/tmp/x', 'secreto');
    expect(on.fleet).toMatchObject({ url: 'mqtts://b:8883', site: 'bcn', username: 'bcn', password: 'secreto', caFile: undefined, ticketExpiryMinutes: 60 });
  });
});
