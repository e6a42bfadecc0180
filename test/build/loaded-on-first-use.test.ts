import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, postEpos } from '../support/epos-client';
import { summarize } from '../support/escpos-summary';
import { startTcpPrinterSimulator, type TcpPrinterSimulator } from '../support/printer-simulator';
import { tempDir } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { TestClient } from '../support/ws-client';
import { traderReceive } from '../webprnt/star-web-print';

// The build `npm run build` makes; TICKETERA_BUILT_CLI names another one (a build of the tree kept elsewhere).
const BUILT_CLI = process.env.TICKETERA_BUILT_CLI ?? path.resolve(__dirname, '..', '..', 'out', 'main', 'cli.js');
const RECORDER = path.resolve(__dirname, '..', 'fixtures', 'record-package-loads.cjs');
const CHUNK_RECORDER = path.resolve(__dirname, 'record-chunk-loads.cjs');
const built = fs.existsSync(BUILT_CLI);
// CI builds before testing, so there a missing build is a failure, not a skip.
const describeBuilt = built || process.env.CI === 'true' ? describe : describe.skip;

let running: ServiceProcess | undefined;
const printers: TcpPrinterSimulator[] = [];
afterEach(async () => {
  running?.child.kill('SIGKILL');
  running = undefined;
  await Promise.all(printers.splice(0).map((printer) => printer.close()));
});

const linesOf = (file: string): string[] => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

interface Recorded {
  port: number;
  /** The packages it and its threads loaded. */
  loaded(): string[];
  /** The chunks of the build it loaded (`epos-route`, `serve`…). */
  chunks(): string[];
}

/** The built service (printing to the virtual printer unless `--printer` is given), started through the recorders. */
async function startRecorded(args: string[], env: Record<string, string> = {}): Promise<Recorded> {
  const dir = tempDir();
  const record = path.join(dir, 'loaded.txt');
  const chunks = path.join(dir, 'chunks.txt');
  const printer = args.includes('--printer') ? [] : ['--printer', 'virtual'];
  running = await spawnService(['--data-dir', dir, ...printer, ...args], 20_000, BUILT_CLI, {
    env: { ...env, TICKETERA_RECORD_LOADS: record, TICKETERA_RECORD_CHUNKS: chunks, NODE_OPTIONS: `--require ${RECORDER} --require ${CHUNK_RECORDER}` },
  });
  return { port: running.port, loaded: () => linesOf(record), chunks: () => linesOf(chunks) };
}

/** What a café that never switches on the fleet, translation, admin or campus should never load. */
const NEVER_FOR_A_CAFE = ['mqtt', 'deepl-node', 'axios', 'ajv', 'ajv/dist/2020'];

/** The vendor doors (ePOS-Print, WebPRNT) and the online-order clients (CloudPRNT, SDP): a chunk each in the build. */
const DOOR_CHUNKS = ['epos-route', 'webprnt-door', 'online-order-runner'];
/** The online-order clients' HTTP library. */
const ONLINE_ORDER_PACKAGES = ['undici'];
/** What a door's drawing loads (page mode, pictures, QR codes); a receipt's own encoding loads them on its first one. */
const DRAWING_PACKAGES = ['qrcode', 'pngjs', 'jpeg-js'];

const cafeTicket = (id: string) => ({
  tipo: 'ticket',
  id,
  datos: { version: '1.0', profile: { model: 'epson', paper_width: 80 }, commands: [{ type: 'text', data: { text: 'Café 1,20 €' } }, { type: 'cut' }] },
});

/** A TM-T88VI on 127.0.0.1 that answers status and leaves the closing to the service (as the doors' tests print to). */
async function epsonPrinter(): Promise<TcpPrinterSimulator> {
  const printer = await startTcpPrinterSimulator({ answersRealTime: true, supportsAsb: true, supportsProcessId: true, closeAfterEof: 'never' });
  printers.push(printer);
  return printer;
}

const packageName = (request: string): string => /^(?:@[^/]+\/)?[^/]+/.exec(request)?.[0] ?? request;
const loadedOf = (service: Recorded, names: readonly string[]): string[] => [...new Set(service.loaded().map(packageName))].filter((name) => names.includes(name));

describeBuilt(`what the built service loads (out/main/cli.js${built ? '' : ': not built, run npm run build'})`, () => {
  it('prints a receipt without loading the MQTT client, the translation library or the schema compiler', async () => {
    const service = await startRecorded([]);
    const client = await TestClient.open(`ws://127.0.0.1:${service.port}/ws`);
    client.send(cafeTicket('cafe'));
    expect(await client.next('result')).toMatchObject({ id: 'cafe', status: 'success' });
    client.close();
    const loaded = service.loaded();
    // The recorder works: the journal's database and the WebSocket server are always there.
    expect(loaded).toEqual(expect.arrayContaining(['better-sqlite3', 'ws']));
    expect(loaded.filter((name) => NEVER_FOR_A_CAFE.includes(name))).toEqual([]);
  });

  it('a café with no door configured loads none of the doors, nor their libraries, at start or for a /ws receipt', async () => {
    const service = await startRecorded([]);
    // The chunk recorder works: the service's own chunks are there.
    expect(service.chunks()).toContain('serve');
    expect(service.chunks().filter((chunk) => DOOR_CHUNKS.includes(chunk))).toEqual([]);
    expect(loadedOf(service, [...ONLINE_ORDER_PACKAGES, ...DRAWING_PACKAGES])).toEqual([]);
    const client = await TestClient.open(`ws://127.0.0.1:${service.port}/ws`);
    client.send(cafeTicket('cafe'));
    expect(await client.next('result')).toMatchObject({ id: 'cafe', status: 'success' });
    client.close();
    expect(service.chunks().filter((chunk) => DOOR_CHUNKS.includes(chunk))).toEqual([]);
    expect(loadedOf(service, ONLINE_ORDER_PACKAGES)).toEqual([]);
  });

  it('an ePOS-Print request loads the ePOS door on its first call, and every first call is answered as an Epson printer answers', async () => {
    const printer = await epsonPrinter();
    const service = await startRecorded(['--printer', printer.uri]);
    expect(service.chunks()).not.toContain('epos-route');
    expect(loadedOf(service, DRAWING_PACKAGES)).toEqual([]);
    const base = `http://127.0.0.1:${service.port}`;
    // Three sales at once while the door is still loading: none is a 404, each prints.
    const answers = await Promise.all(
      ['Mesa 1', 'Mesa 2', 'Mesa 3'].map((table) => postEpos(base, envelope(`<text>${table}&#10;</text><cut type="feed"/>`))),
    );
    for (const answer of answers) expect(answer).toMatchObject({ http: 200, answer: { success: true, code: '' } });
    await expect.poll(() => summarize(printer.printed()).lines.filter((line) => line.startsWith('Mesa')).sort()).toEqual(['Mesa 1', 'Mesa 2', 'Mesa 3']);
    expect(service.chunks()).toContain('epos-route');
    // Only what was called: neither the other door nor the online-order clients.
    expect(service.chunks()).not.toContain('webprnt-door');
    expect(service.chunks()).not.toContain('online-order-runner');
    expect(loadedOf(service, ONLINE_ORDER_PACKAGES)).toEqual([]);
  });

  it('a WebPRNT request loads the WebPRNT door on its first call and is answered TraderSuccess', async () => {
    const printer = await epsonPrinter();
    const service = await startRecorded(['--printer', printer.uri]);
    expect(service.chunks()).not.toContain('webprnt-door');
    const request = '<StarWebPrint xmlns="http://www.star-m.jp"><Request>&lt;root&gt;&lt;text&gt;CAFE LUNA\\x0a&lt;/text&gt;&lt;cutpaper feed="true" type="partial"/&gt;&lt;/root&gt;</Request></StarWebPrint>';
    const response = await fetch(`http://127.0.0.1:${service.port}/StarWebPRNT/SendMessage`, { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body: request });
    expect(response.status).toBe(200);
    expect(traderReceive(await response.text())).toMatchObject({ traderSuccess: 'true' });
    await expect.poll(() => summarize(printer.printed()).lines).toContain('CAFE LUNA');
    expect(service.chunks()).toContain('webprnt-door');
    expect(service.chunks()).not.toContain('epos-route');
  });

  it('loads the online-order clients and their libraries once a server is configured', async () => {
    // Nothing listens there: the client starts, polls and reports it cannot reach the server.
    const service = await startRecorded(['--cloudprnt', 'http://127.0.0.1:9/cloudprnt=virtual']);
    expect(service.chunks()).toContain('online-order-runner');
    expect(loadedOf(service, ONLINE_ORDER_PACKAGES)).toEqual(ONLINE_ORDER_PACKAGES);
    expect(service.chunks()).not.toContain('epos-route');
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
