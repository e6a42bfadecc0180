import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorFromAnswer } from '../../src/main/services/http/error-meaning';
import { backoffDelay, INTERACTIVE_POLICY } from '../../src/main/services/http/retry-policy';
import { sendRequest } from '../../src/main/services/http/send-request';
import { ServiceError } from '../../src/main/services/http/service-error';
import type { TranslationService } from '../../src/main/services/translation/translation-service';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { KEY, QUICK_POLICY, openService, temporaryDir } from './translation-harness';

let emulator: TranslationEmulator;
let service: TranslationService;
const work = temporaryDir('errors');
let counter = 0;

beforeAll(async () => {
  emulator = await startTranslationEmulator();
  service = openService(emulator, work);
  await service.languages.lists();
});
afterEach(() => emulator.reset());
afterAll(async () => {
  service.close();
  await emulator.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A fresh text each time, so the cache never answers in place of the service. */
const translateFresh = (target = service): Promise<unknown> => target.text.translate({ texts: [`Order ${++counter}`], options: { targetLang: 'DE' } });
const failureOf = async (promise: Promise<unknown>): Promise<ServiceError> => {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
};
const translateCalls = (): number => emulator.requestsTo('/v2/translate').length;

describe('each error status of the service', () => {
  it.each([
    [403, 'key-rejected'],
    [456, 'quota-exceeded'],
    [413, 'too-large'],
    [414, 'uri-too-long'],
    [400, 'bad-request'],
  ] as const)('%i means %s, is not retried, and keeps the trace id', async (status, kind) => {
    emulator.failNext({ status, path: '/v2/translate' });
    const error = await failureOf(translateFresh());
    expect(error).toMatchObject({ kind, status, attempts: 1, retryable: false });
    expect(translateCalls()).toBe(1);
    expect(error.traceId).toBe(emulator.requestsTo('/v2/translate')[0]?.traceId);
  });

  it.each([429, 529, 500, 504])('%i is retried with backoff and the translation then succeeds', async (status) => {
    emulator.failNext({ status, times: 2, path: '/v2/translate' });
    await expect(translateFresh()).resolves.toBeDefined();
    expect(emulator.requestsTo('/v2/translate').map((request) => request.status)).toEqual([status, status, 200]);
  });

  it('gives up after the policy\'s attempts with the last meaning and trace id', async () => {
    emulator.failNext({ status: 529, times: 5, path: '/v2/translate' });
    const error = await failureOf(translateFresh());
    expect(error).toMatchObject({ kind: 'too-many-requests', status: 529, attempts: 3 });
    expect(error.traceId).toBe(emulator.requestsTo('/v2/translate')[2]?.traceId);
  });

  it('honours Retry-After: a wait longer than the budget ends the call at once', async () => {
    emulator.failNext({ status: 429, retryAfter: '60', path: '/v2/translate' });
    const error = await failureOf(translateFresh());
    expect(error).toMatchObject({ kind: 'too-many-requests', attempts: 1, retryAfterMs: 60_000 });
    expect(translateCalls()).toBe(1);
  });

  it('reports a service that is not there as refused', async () => {
    const closed = await startTranslationEmulator();
    await closed.close();
    const away = openService(closed, temporaryDir('refused'), { policies: { interactive: { ...QUICK_POLICY, maxAttempts: 2 } } });
    const error = await failureOf(away.languages.lists());
    away.close();
    expect(error).toMatchObject({ kind: 'refused', attempts: 2 });
  });
});

describe('time limits and cancellation', () => {
  it('aborts the request in flight when the caller cancels', async () => {
    emulator.delayNext({ ms: 5_000, path: '/v2/translate' });
    const controller = new AbortController();
    const arrived = emulator.arrival('/v2/translate');
    const pending = service.text.translate({ texts: [`Order ${++counter}`], options: { targetLang: 'DE' }, signal: controller.signal });
    await arrived;
    controller.abort();
    const error = await failureOf(pending);
    expect(error.kind).toBe('cancelled');
    await vi.waitFor(() => expect(emulator.requestsTo('/v2/translate')[0]?.aborted).toBe(true));
    expect(translateCalls()).toBe(1);
  });

  it('abandons a slow attempt at the time limit and tries again', async () => {
    const impatient = openService(emulator, work, { policies: { interactive: { ...QUICK_POLICY, attemptTimeoutMs: 300, maxAttempts: 2 } } });
    emulator.delayNext({ ms: 3_000, times: 2, path: '/v2/translate' });
    const error = await failureOf(translateFresh(impatient));
    impatient.close();
    expect(error).toMatchObject({ kind: 'timeout', attempts: 2 });
    await vi.waitFor(() => expect(emulator.requestsTo('/v2/translate').map((request) => request.aborted)).toEqual([true, true]));
  });
});

describe('the key', () => {
  it('never appears in an error, its text, its stack or the log', async () => {
    const secretKey = 'secret-key-4f1d9c0e-never-shown';
    const lines: string[] = [];
    const rejected = openService(emulator, temporaryDir('key'), { apiKey: secretKey, log: (line) => lines.push(line) });
    emulator.failNext({ status: 503, path: '/v2/languages' });
    const error = await failureOf(rejected.text.translate({ texts: ['Hola'], options: { targetLang: 'DE' } }));
    rejected.close();
    expect(error.kind).toBe('key-rejected');
    expect(lines.length).toBeGreaterThan(0);
    const everything = [JSON.stringify(error), error.message, String(error.stack), ...lines].join('\n');
    expect(everything).not.toContain(secretKey);
  });

  it('is removed from a service message that quotes it', () => {
    const error = errorFromAnswer({ service: 'campus', status: 400, body: JSON.stringify({ message: 'key abc123 is banned' }), secrets: ['abc123'] });
    expect(error.serviceMessage).toBe('key [redacted] is banned');
  });

  it('is required: without one the call fails as key-missing before any request', async () => {
    const keyless = openService(emulator, temporaryDir('keyless'), { apiKey: '' });
    const error = await failureOf(keyless.text.translate({ texts: ['Hola'], options: { targetLang: 'DE' } }));
    keyless.close();
    expect(error.kind).toBe('key-missing');
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('the shared policy for services without an official client', () => {
  it('retries, reads the trace id and gives the same error meanings (admin and campus reuse it)', async () => {
    emulator.failNext({ status: 503, path: '/v2/usage' });
    const answer = await sendRequest({ url: `${emulator.url}/v2/usage`, headers: { Authorization: `DeepL-Auth-Key ${KEY}` } }, { service: 'translation', policy: QUICK_POLICY });
    expect(JSON.parse(answer.body)).toHaveProperty('character_limit');
    expect(answer.traceId).toBe(emulator.requestsTo('/v2/usage')[1]?.traceId);
    const error = await failureOf(sendRequest({ url: `${emulator.url}/v2/usage` }, { service: 'translation', policy: QUICK_POLICY }));
    expect(error).toMatchObject({ kind: 'key-rejected', status: 403 });
  });

  it('spreads retries with jitter inside the backoff step', () => {
    expect(backoffDelay(INTERACTIVE_POLICY, 1, () => 0)).toBe(250);
    expect(backoffDelay(INTERACTIVE_POLICY, 1, () => 1)).toBe(500);
    expect(backoffDelay(INTERACTIVE_POLICY, 2, () => 1)).toBe(1_000);
    expect(backoffDelay(INTERACTIVE_POLICY, 9, () => 1)).toBe(INTERACTIVE_POLICY.maxDelayMs);
  });
});
