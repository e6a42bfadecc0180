import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminHandlers } from '../../src/main/services/app-api/admin-handlers';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { startCli } from '../support/cli-process';
import { measuredRun } from '../support/peak-rss';
import { ADMIN_KEY, adminClient } from './admin-harness';
import { serviceFailureOf } from '../support/service-failure';

/**
 * Issue 20, item 2: the admin client read answers with no size limit, and a server streaming ~3.8 GB drove `serve`
 * to 6.8 GB and a fatal V8 error. Answers are now counted while they stream and the request aborted past the admin
 * limit (16 MiB): a clear `answer-too-large`, memory flat. The emulator streams lazily, holding 64 KiB at a time.
 */
const MiB = 1024 * 1024;
const ENDLESS = 2048 * MiB;
/** For calls inside this process: past every limit, yet small enough that code without one would not hurt the machine. */
const HUGE = 128 * MiB;
const dataHome = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-admin-huge-'));
let emulator: TranslationEmulator;

beforeAll(async () => {
  emulator = await startTranslationEmulator();
});
afterEach(() => emulator.reset());
afterAll(async () => {
  await emulator.close();
  fs.rmSync(dataHome, { recursive: true, force: true });
});

const streamed = (): number[] => emulator.requests.filter((request) => request.sentBytes !== undefined).map((request) => request.sentBytes ?? 0);

const failureOf = serviceFailureOf;

describe('an endless answer from the admin service', () => {
  it('npm run cli -- admin keys: exits 1 with a clear text, quickly, its memory flat', async () => {
    const env = { XDG_DATA_HOME: dataHome, TICKETERA_ADMIN_URL: emulator.url, TICKETERA_ADMIN_KEY: ADMIN_KEY };
    const normal = await measuredRun(startCli(['admin', 'keys'], env), Number.MAX_SAFE_INTEGER);
    expect(normal.code).toBe(0);
    emulator.streamNext({ path: '/v2/admin/developer-keys', bytes: ENDLESS });
    const huge = await measuredRun(startCli(['admin', 'keys'], env), normal.peakBytes + 400 * MiB);
    expect(huge.killed, 'memory passed 400 MiB over a normal run').toBe(false);
    expect(huge.code).toBe(1);
    expect(huge.stderr).toBe(`The answer from ${emulator.url} was far larger than any the admin service sends: Ticketera stopped reading it. Check the address.\nTrace ID for support: ${emulator.requests.at(-1)?.traceId}\n`);
    expect(huge.peakBytes - normal.peakBytes).toBeLessThan(200 * MiB);
    expect(huge.ms).toBeLessThan(15_000);
    expect(streamed()[0]).toBeLessThan(64 * MiB);
  });

  it('is not retried, and a gzip answer is counted as it inflates', async () => {
    emulator.streamNext({ path: '/v2/admin/analytics', bytes: HUGE, announce: true });
    const announced = await failureOf(adminClient(emulator.url).usage({ from: '2026-01-01', to: '2026-01-31' }));
    expect(announced).toMatchObject({ kind: 'answer-too-large', attempts: 1, retryable: false });
    emulator.streamNext({ path: '/v2/admin/analytics', bytes: 64 * MiB, gzip: true });
    const inflated = await failureOf(adminClient(emulator.url).usage({ from: '2026-01-01', to: '2026-01-31' }));
    expect(inflated).toMatchObject({ kind: 'answer-too-large', attempts: 1 });
    expect(emulator.requestsTo('/v2/admin/analytics')).toHaveLength(2);
  });

  it("reaches the window as the failure's kind, for its own words", async () => {
    emulator.streamNext({ path: '/v2/admin/developer-keys', bytes: HUGE });
    const handlers = createAdminHandlers(() => ({ env: { TICKETERA_ADMIN_URL: emulator.url, TICKETERA_ADMIN_KEY: ADMIN_KEY } }));
    expect(await handlers.adminListKeys()).toMatchObject({ ok: false, failure: { reason: 'service', failure: { kind: 'answer-too-large' } } });
    expect(streamed()[0]).toBeLessThan(64 * MiB);
  });
});
