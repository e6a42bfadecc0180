import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_FILES } from '../../src/main/services/translation/translation-service';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { startCli } from '../support/cli-process';
import { measuredRun, type MeasuredRun } from '../support/peak-rss';
import { KEY, temporaryDir } from './translation-harness';

/**
 * Issue 20, item 2 and 4: a server streaming an endless answer once drove the print service to 6.8 GB and a fatal V8
 * error, and a 1 GB "translation" of an 11-byte document was saved. Every answer is now counted while it streams and
 * the request aborted past its limit: the CLI fails at once with a clear text, and its memory stays flat. The
 * emulator streams lazily (one 64 KiB chunk again and again), so the test itself never holds more than that.
 */
const MiB = 1024 * 1024;
const ENDLESS = 2048 * MiB;
/** Far above any real answer's cost, far below buffering the answer (the report saw gigabytes). */
const MAX_GROWTH = 200 * MiB;
/** Killed past this, so code that still buffers fails fast instead of taking the shared machine's memory. */
const KILL_GROWTH = 400 * MiB;
/** What the client may have let in before stopping: its limit plus what sockets buffer meanwhile. */
const MAX_STREAMED = 64 * MiB;

let emulator: TranslationEmulator;
let baseline = 0;
const work = temporaryDir('huge-answers');

/** The CLI against the emulator, each run with a data folder of its own (no language list kept from another run). */
const run = (args: string[], killAbove = baseline + KILL_GROWTH): Promise<MeasuredRun & { dataHome: string }> => {
  const dataHome = fs.mkdtempSync(path.join(work, 'data-'));
  const started = startCli(args, { XDG_DATA_HOME: dataHome, TICKETERA_TRANSLATION_URL: emulator.url, TICKETERA_TRANSLATION_KEY: KEY });
  return measuredRun(started, killAbove).then((measured) => ({ ...measured, dataHome }));
};

const streamedTo = (match: (requestPath: string) => boolean): number[] =>
  emulator.requests.filter((request) => match(request.path) && request.sentBytes !== undefined).map((request) => request.sentBytes ?? 0);

function folderBytes(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).reduce((sum, entry) => (entry.isFile() ? sum + fs.statSync(path.join(entry.parentPath, entry.name)).size : sum), 0);
}

function expectBoundedFailure(result: MeasuredRun, streamed: number[]): void {
  expect(result.killed, `memory passed ${KILL_GROWTH / MiB} MiB over the baseline`).toBe(false);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('was far larger than any the translation service sends: Ticketera stopped reading it and kept nothing. Check the address.');
  expect(result.peakBytes - baseline).toBeLessThan(MAX_GROWTH);
  expect(result.ms).toBeLessThan(15_000);
  expect(streamed.length).toBeGreaterThan(0);
  for (const bytes of streamed) expect(bytes).toBeLessThan(MAX_STREAMED);
}

beforeAll(async () => {
  emulator = await startTranslationEmulator({ documentTiming: { queuedMs: 0, translatingMs: 0 } });
  // The same command with a normal answer: what the CLI needs anyway (Node, tsx, the service modules).
  const normal = await run(['languages', '--target'], Number.MAX_SAFE_INTEGER);
  expect(normal.code).toBe(0);
  baseline = normal.peakBytes;
}, 60_000);
afterEach(() => emulator.reset());
afterAll(async () => {
  await emulator.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('an endless answer to the command line', () => {
  it('languages: stops reading past the limit and exits 1 with a clear text, memory flat', async () => {
    emulator.streamNext({ path: '/v2/languages', bytes: ENDLESS, times: 2 });
    const result = await run(['languages']);
    expectBoundedFailure(result, streamedTo((requestPath) => requestPath === '/v2/languages'));
  });

  it('translate: the same for a translation answer', async () => {
    emulator.streamNext({ path: '/v2/translate', bytes: ENDLESS });
    const result = await run(['translate', '--to', 'DE', '--from', 'EN', 'Thank you']);
    expectBoundedFailure(result, streamedTo((requestPath) => requestPath === '/v2/translate'));
  });

  it('translate-document: an endless status answer stops the run, and the job waits for --resume', async () => {
    const input = path.join(work, 'status.txt');
    fs.writeFileSync(input, 'Coffee\n');
    emulator.streamNext({ path: '/v2/document/', bytes: ENDLESS });
    const result = await run(['translate-document', input, '--to', 'DE']);
    expectBoundedFailure(result, streamedTo((requestPath) => requestPath.startsWith('/v2/document/')));
    expect(result.stderr).toContain('The translation is still on the service: continue with --resume.');
  });

  it('translate-document: an 11-byte document coming back endless is cut at its limit, nothing saved, the job failed', async () => {
    const dir = fs.mkdtempSync(path.join(work, 'out-'));
    const input = path.join(dir, 'sign.txt');
    fs.writeFileSync(input, 'Hello\nBye\n!');
    const output = path.join(dir, 'sign.DE.txt');
    emulator.streamNext({ suffix: '/result', bytes: 256 * MiB });
    const result = await run(['translate-document', input, '--to', 'DE']);
    expectBoundedFailure(result, streamedTo((requestPath) => requestPath.endsWith('/result')));
    expect(fs.readdirSync(dir)).toEqual(['sign.txt']);
    expect(fs.existsSync(output)).toBe(false);
    expect(folderBytes(result.dataHome)).toBeLessThan(MiB);
    const [job] = JSON.parse(fs.readFileSync(path.join(result.dataHome, 'ticketera', TRANSLATION_FILES.documents), 'utf8')).jobs;
    expect(job).toMatchObject({ state: 'error', errorKind: 'answer-too-large', uploadBytes: 11 });
  });
});
