import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type CliRun } from '../support/cli-process';
import { closedAddress } from './campus-harness';
import { EMULATOR_CAMPUS_KEYS as KEYS, startCampusEmulator, type CampusEmulator } from '../emulators/campus-api/emulator';

const dataHome = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-campus-cli-'));
let emulator: CampusEmulator;

beforeAll(async () => {
  emulator = await startCampusEmulator();
});
afterEach(() => emulator.reset());
afterAll(async () => {
  await emulator.close();
  fs.rmSync(dataHome, { recursive: true, force: true });
});

/** The campus command, against the emulator with a good key unless `env` says otherwise. */
function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return startCli(['campus', ...args], { XDG_DATA_HOME: dataHome, TICKETERA_CAMPUS_URL: emulator.url, TICKETERA_CAMPUS_KEY: KEYS.good, ...env }).done;
}

describe('npm run cli -- campus', () => {
  it('prints the wireless count and its level, in text and as JSON, from JSON or XML', async () => {
    emulator.setWireless({ count: 212, last_updated: '2025-03-01T06:00:00-05:00' });
    const text = await cli(['wireless', '--format', 'xml']);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('Wi-Fi authentication issues: 212 (failing)\nLast collected: 2025-03-01T06:00:00-05:00\n');
    const json = JSON.parse((await cli(['wireless', '--json'])).stdout) as { meta: { status: number; methodId: number }; data: unknown };
    expect(json.meta).toMatchObject({ status: 200, methodId: 10004 });
    expect(json.data).toEqual({ count: 212, lastUpdated: '2025-03-01T06:00:00-05:00' });
  });

  it('prints the changelog newest first, grouped by date, without any key; --server-url wins over the environment', async () => {
    const run = await cli(['changelog', '--format', 'xml', '--server-url', emulator.url], { TICKETERA_CAMPUS_KEY: '', TICKETERA_CAMPUS_URL: 'http://127.0.0.1:9' });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^API version 2\.07\n\n2013-10-14\n {2}- Published schedule endpoint\n/);
    const dates = run.stdout.split('\n').filter((line) => /^\d{4}-\d{2}-\d{2}$/.test(line));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates).toHaveLength(9);
  });

  it('exits 1 with the clear message for each refusal, and never prints the key', async () => {
    const banned = await cli(['wireless'], { TICKETERA_CAMPUS_KEY: KEYS.banned });
    expect(banned.code).toBe(1);
    expect(banned.stderr).toBe('The campus service has banned this API key (code 403). Ask for a new key at the campus open-data API portal and set it in TICKETERA_CAMPUS_KEY.\n');
    const secret = 'campus-secret-never-printed-91b2';
    const invalid = await cli(['wireless', '--format', 'xml'], { TICKETERA_CAMPUS_KEY: secret });
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('does not know this API key (code 401)');
    expect(invalid.stdout + invalid.stderr).not.toContain(secret);
    const limited = await cli(['wireless'], { TICKETERA_CAMPUS_KEY: KEYS.limited, LANG: 'es_ES.UTF-8' });
    expect(limited.stderr).toBe('Esta clave de API ha llegado a su límite de peticiones (código 429). Espera a mañana antes de volver a preguntar.\n');
    const garbled = await cli(['wireless'], { TICKETERA_CAMPUS_KEY: KEYS.malformed });
    expect(garbled).toMatchObject({ code: 1, stderr: `The answer from ${emulator.url} is neither JSON nor XML: check that the address is the campus API's.\n` });
    const noKey = await cli(['wireless'], { TICKETERA_CAMPUS_KEY: '' });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('No campus API key. Get one at the campus open-data API portal and set TICKETERA_CAMPUS_KEY');
    const address = await closedAddress();
    const down = await cli(['changelog', '--server-url', address]);
    expect(down).toMatchObject({ code: 1, stderr: `Could not connect to the campus service at ${address}. Check the address and the connection.\n` });
  });

  it('exits 2 with the usage for a wrong command or format', async () => {
    const wrong = await cli(['wireles']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run cli -- campus <wireless|changelog>');
    expect((await cli(['changelog', '--format', 'csv'])).stderr).toContain('--format csv is not valid: use json or xml');
  });
});
