import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { startCli, type CliRun } from '../support/cli-process';
import { ADMIN_KEY, adminClient } from './admin-harness';

const dataHome = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-admin-cli-'));
let emulator: TranslationEmulator;

beforeAll(async () => {
  emulator = await startTranslationEmulator({ tagPageSize: 5 });
});
afterEach(() => emulator.reset());
afterAll(async () => {
  await emulator.close();
  fs.rmSync(dataHome, { recursive: true, force: true });
});

/** The admin command, against the emulator with the admin key unless `env` says otherwise. */
function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return startCli(['admin', ...args], { XDG_DATA_HOME: dataHome, TICKETERA_ADMIN_URL: emulator.url, TICKETERA_ADMIN_KEY: ADMIN_KEY, ...env }).done;
}

describe('npm run cli -- admin: developer keys', () => {
  it('creates, renames, limits and deactivates a key, and lists deactivated keys after the active ones', async () => {
    const created = await cli(['create-key', '--label', 'Caja terraza']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const keyId = /^([0-9a-f-]{36}:[0-9a-f-]{36})\s+Caja terraza\s/m.exec(created.stdout)?.[1];
    expect(keyId).toBeDefined();
    expect((await cli(['label', keyId!, 'Caja, "terraza"'])).code).toBe(0);
    const limited = await cli(['limits', keyId!, '--characters', '250000', '--stt-ms', '1800000']);
    expect(limited.stdout).toMatch(/active\s+250000\s+1800000$/m);
    const unlimited = await cli(['limits', keyId!, '--characters', 'none']);
    expect(unlimited.stdout).toMatch(/active\s+none\s+1800000$/m);

    const unconfirmed = await cli(['deactivate', keyId!]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('Deactivating a key is permanent');
    expect((await cli(['deactivate', keyId!, '--yes'])).code).toBe(0);

    const listed = await cli(['keys']);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^KEY ID\s+LABEL\s+CREATED\s+STATE\s+CHARACTER LIMIT\s+SPEECH LIMIT \(MS\)$/);
    const states = lines.slice(1).map((line) => (/\sdeactivated\s/.test(line) ? 'off' : 'on'));
    expect(states).toEqual(['on', 'on', 'off', 'off']);
    const json = JSON.parse((await cli(['keys', '--json'])).stdout) as { key_id: string; label: string; is_deactivated: boolean; usage_limits: unknown }[];
    expect(json.find((key) => key.key_id === keyId)).toMatchObject({ label: 'Caja, "terraza"', is_deactivated: true, usage_limits: { characters: null, speech_to_text_milliseconds: 1_800_000 } });
  }, 120_000); // Eight CLI runs in a row: each spawns tsx, several seconds on a busy machine.

  it('exits non-zero with a clear message: unknown key, refused key, no key, wrong flag (in Spanish with LANG=es)', async () => {
    const unknown = await cli(['label', 'no-such-key', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^The admin service does not know that key .*\nTrace ID for support: emu\w+\n$/);
    const secret = 'translation-key-never-printed-7a1c';
    const refused = await cli(['keys'], { TICKETERA_ADMIN_KEY: secret });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The admin service rejected the key');
    expect(refused.stdout + refused.stderr).not.toContain(secret);
    const spanish = await cli(['keys'], { TICKETERA_ADMIN_KEY: '', LANG: 'es_ES.UTF-8' });
    expect(spanish.code).toBe(1);
    expect(spanish.stderr).toBe('No hay clave de administración. Define TICKETERA_ADMIN_KEY (la línea de comandos no puede leer la clave que la app guardó cifrada en Ajustes).\n');
    const badFlag = await cli(['limits', 'k', '--characters', 'lots']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain('--characters must be a whole number from 0, or none\nUsage: npm run cli -- admin limits KEY_ID');
    const both = await cli(['usage', '--from', '2026-01-01', '--to', '2026-01-02', '--json', '--csv']);
    expect(both.code).toBe(2);
  }, 120_000); // Five CLI runs in a row.

  it('reaches the address given with --server-url over the environment', async () => {
    // A port nothing listens on: one just freed.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    const run = await cli(['keys', '--server-url', closed]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`Could not connect to the admin service at ${closed}. Check the address and the connection.\n`);
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('npm run cli -- admin: usage and custom tags', () => {
  it('prints the totals of a range, and per key and day as JSON and as CSV that match the report', async () => {
    const range = ['--from', '2026-10-01', '--to', '2026-10-31'];
    const report = await adminClient(emulator.url).usage({ from: '2026-10-01', to: '2026-10-31', groupBy: 'key_and_day' });
    const text = await cli(['usage', ...range]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Total characters        ${report.total.totalCharacters}\n`);
    expect(text.stdout).toContain(`Speech-to-text minutes  ${report.total.speechToTextMinutes.toFixed(2)}\n`);
    const json = JSON.parse((await cli(['usage', ...range, '--group-by', 'key_and_day', '--json'])).stdout) as { usage_report: { total_usage: { total_characters: number }; key_and_day_usages: unknown[] } };
    expect(json.usage_report.total_usage.total_characters).toBe(report.total.totalCharacters);
    expect(json.usage_report.key_and_day_usages).toHaveLength(report.rows.length);
    const csv = (await cli(['usage', ...range, '--group-by', 'key_and_day', '--csv'])).stdout.split('\r\n');
    expect(csv[0]).toBe('api_key,api_key_label,usage_date,total_characters,text_translation_characters,document_translation_characters,text_improvement_characters,speech_to_text_minutes');
    expect(csv).toHaveLength(report.rows.length + 2);
    const csvTotal = csv.slice(1, -1).reduce((sum, line) => sum + Number(line.split(',')[3]), 0);
    expect(csvTotal).toBe(report.total.totalCharacters);
  });

  it('refuses a range over 366 days before asking, and shows the allowed grouping values', async () => {
    const tooLong = await cli(['usage', '--from', '2025-01-01', '--to', '2026-01-02']);
    expect(tooLong).toMatchObject({ code: 1, stderr: 'The range has 367 days; at most 366.\n' });
    const grouping = await cli(['usage', '--from', '2025-01-01', '--to', '2025-01-02', '--group-by', 'week']);
    expect(grouping).toMatchObject({ code: 1, stderr: '--group-by week is not valid: use key or key_and_day.\n' });
    expect(emulator.requestsTo('/v2/admin')).toHaveLength(0);
  });

  it('reads every page of the custom-tag report', async () => {
    const run = await cli(['custom-tags', '--from', '2026-10-01', '--to', '2026-10-31', '--csv']);
    expect(run.code).toBe(0);
    const pages = emulator.requestsTo('/v2/admin/analytics/custom-tags').length;
    expect(pages).toBeGreaterThan(2);
    const rows = run.stdout.split('\r\n').slice(1, -1);
    expect(rows.length).toBeGreaterThan(5 * (pages - 1));
    const text = await cli(['custom-tags', '--from', '2026-10-01', '--to', '2026-10-31', '--aggregate-by', 'day']);
    expect(text.stdout.split('\n')[0]).toMatch(/^TAG\s+DAY\s+TOTAL\s+TEXT\s+IMPROVEMENT$/);
    expect(text.stderr).toMatch(/^\d+ pages read\.\n$/);
  });
});
