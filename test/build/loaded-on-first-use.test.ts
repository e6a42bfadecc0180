import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { TestClient } from '../support/ws-client';

const BUILT_CLI = path.resolve(__dirname, '..', '..', 'out', 'main', 'cli.js');
const RECORDER = path.resolve(__dirname, '..', 'fixtures', 'record-package-loads.cjs');
const built = fs.existsSync(BUILT_CLI);
// CI builds before testing, so there a missing build is a failure, not a skip.
const describeBuilt = built || process.env.CI === 'true' ? describe : describe.skip;

let running: ServiceProcess | undefined;
afterEach(() => {
  running?.child.kill('SIGKILL');
  running = undefined;
});

/** The built service, started through the recorder; resolves with a reader of the packages it and its threads loaded. */
async function startRecorded(args: string[], env: Record<string, string> = {}): Promise<{ port: number; loaded(): string[] }> {
  const dir = tempDir();
  const record = path.join(dir, 'loaded.txt');
  running = await spawnService(['--data-dir', dir, '--printer', 'virtual', ...args], 20_000, BUILT_CLI, {
    env: { ...env, TICKETERA_RECORD_LOADS: record, NODE_OPTIONS: `--require ${RECORDER}` },
  });
  return { port: running.port, loaded: () => (fs.existsSync(record) ? fs.readFileSync(record, 'utf8').split('\n').filter(Boolean) : []) };
}

/** What a café that never switches on the fleet, translation, admin or campus should never load. */
const NEVER_FOR_A_CAFE = ['mqtt', 'deepl-node', 'axios', 'ajv', 'ajv/dist/2020'];

describeBuilt(`what the built service loads (out/main/cli.js${built ? '' : ': not built, run npm run build'})`, () => {
  it('prints a receipt without loading the MQTT client, the translation library or the schema compiler', async () => {
    const service = await startRecorded([]);
    const client = await TestClient.open(`ws://127.0.0.1:${service.port}/ws`);
    client.send({
      tipo: 'ticket',
      id: 'cafe',
      datos: { version: '1.0', profile: { model: 'epson', paper_width: 80 }, commands: [{ type: 'text', data: { text: 'Café 1,20 €' } }, { type: 'cut' }] },
    });
    expect(await client.next('result')).toMatchObject({ id: 'cafe', status: 'success' });
    client.close();
    const loaded = service.loaded();
    // The recorder works: the journal's database and the WebSocket server are always there.
    expect(loaded).toEqual(expect.arrayContaining(['better-sqlite3', 'ws']));
    expect(loaded.filter((name) => NEVER_FOR_A_CAFE.includes(name))).toEqual([]);
  });

  it('loads the MQTT client once the fleet is configured', async () => {
    const fleet = await startRecorded(['--fleet-url', 'mqtt://127.0.0.1:9', '--fleet-site', 'cafe']);
    await expect.poll(() => fleet.loaded()).toContain('mqtt');
    expect(fleet.loaded()).not.toContain('deepl-node');
  });

  it('loads the translation library once something is translated', async () => {
    const record = path.join(tempDir(), 'loaded.txt');
    const child = spawn(process.execPath, ['--require', RECORDER, BUILT_CLI, 'languages'], {
      env: { ...process.env, TICKETERA_RECORD_LOADS: record, TICKETERA_TRANSLATION_KEY: 'clave-de-prueba:fx', TICKETERA_TRANSLATION_URL: 'http://127.0.0.1:9' },
      stdio: 'ignore',
    });
    // Nothing listens there: the command fails, after asking through the library.
    expect(await new Promise((resolve) => child.once('exit', resolve))).not.toBe(0);
    const loaded = fs.readFileSync(record, 'utf8').split('\n');
    expect(loaded).toContain('deepl-node');
    expect(loaded).not.toContain('mqtt');
  });
});
