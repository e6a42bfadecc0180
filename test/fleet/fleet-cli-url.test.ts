import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServeFlags } from '../../src/main/cli/serve-options';
import { startCli } from '../support/cli-process';
import { tempDir, ticketDoc } from '../support/service-harness';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing } from './support/mosquitto';

const fixtures = fleetFixtures();
// Never reached: every address with credentials here must be refused before any connection is tried.
const WITH_PASSWORD = 'mqtt://chain:s3cret-pw@127.0.0.1:1';

const docFile = (): string => {
  const doc = path.join(tempDir(), 'doc.json');
  fs.writeFileSync(doc, JSON.stringify(ticketDoc('central')));
  return doc;
};

describe('the broker address on the command line: one name, no password in it', { timeout: 60_000 }, () => {
  it('fleet print refuses a user name or password in --fleet-url, --url or TICKETERA_FLEET_URL, in English and Spanish', async () => {
    const doc = docFile();
    const preferred = await startCli(['fleet', 'print', '--fleet-url', WITH_PASSWORD, '--site', 'madrid-01', doc], {}).done;
    expect(preferred.code).toBe(2);
    expect(preferred.stderr).toMatch(/^--fleet-url: put the user name and password in TICKETERA_FLEET_USERNAME \/ TICKETERA_FLEET_PASSWORD, not in the address/m);
    const old = await startCli(['fleet', 'print', '--url', WITH_PASSWORD, '--site', 'madrid-01', doc], { LANG: 'es_ES.UTF-8' }).done;
    expect(old.code).toBe(2);
    expect(old.stderr).toMatch(/^Nota: --url ahora se llama --fleet-url/m);
    expect(old.stderr).toMatch(/^--url: pon el usuario y la contraseña en TICKETERA_FLEET_USERNAME/m);
    const fromEnv = await startCli(['fleet', 'sites'], { TICKETERA_FLEET_URL: WITH_PASSWORD }).done;
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toMatch(/^TICKETERA_FLEET_URL: put the user name and password/m);
    // The password itself is never repeated back.
    for (const run of [preferred, old, fromEnv]) expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret-pw');
  });

  it('serve refuses it the same way, and takes --url as --fleet-url with the same note', async () => {
    const refused = await startCli(['serve', '--url', WITH_PASSWORD, '--fleet-site', 'madrid-01', '--port', '0', '--data-dir', tempDir()], {}).done;
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^Note: --url is now --fleet-url \(the name serve uses too\); --url still works\./m);
    expect(refused.stderr).toMatch(/--fleet-url: put the user name and password in TICKETERA_FLEET_USERNAME/);
    expect(refused.stderr).not.toContain('s3cret-pw');
    expect(readServeFlags(['--url', 'mqtt://127.0.0.1:1883', '--fleet-site', 'madrid-01'], {}).overrides.fleet).toMatchObject({ url: 'mqtt://127.0.0.1:1883', site: 'madrid-01' });
    expect(() => readServeFlags(['--url', 'mqtt://127.0.0.1:1883', '--fleet-url', 'mqtt://127.0.0.1:1884', '--fleet-site', 'madrid-01'], {})).toThrow('Give the broker once: --fleet-url or --url, not both.');
    const both = await startCli(['fleet', 'sites', '--url', 'mqtt://127.0.0.1:1', '--fleet-url', 'mqtt://127.0.0.1:1'], { LANG: 'es_ES.UTF-8' }).done;
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/Indica el bróker una sola vez: --fleet-url o --url, no los dos\./);
  });

  it.skipIf(mosquittoMissing)('fleet takes --fleet-url silently and --url with a one-line note', async () => {
    const broker = await fixtures.broker();
    const preferred = await startCli(['fleet', 'sites', '--fleet-url', broker.url], {}).done;
    expect(preferred).toMatchObject({ code: 0, stderr: '' });
    const old = await startCli(['fleet', 'sites', '--url', broker.url], {}).done;
    expect(old.code).toBe(0);
    expect(old.stderr).toBe('Note: --url is now --fleet-url (the name serve uses too); --url still works.\n');
  });
});
