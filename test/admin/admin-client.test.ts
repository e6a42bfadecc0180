import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminRuleError } from '../../src/main/services/admin/admin-rule-error';
import { ServiceError } from '../../src/main/services/http/service-error';
import { EMULATOR_KEYS, startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { adminClient, stubServer } from './admin-harness';

let emulator: TranslationEmulator;
beforeAll(async () => {
  emulator = await startTranslationEmulator({ tagPageSize: 4 });
});
afterEach(() => emulator.reset());
afterAll(() => emulator.close());

async function failureOf(promise: Promise<unknown>): Promise<ServiceError | AdminRuleError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError || error instanceof AdminRuleError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('developer keys through the admin client', () => {
  it('creates, renames, limits and deactivates a key, and the list shows each step', async () => {
    const client = adminClient(emulator.url);
    const before = await client.listKeys();
    const created = await client.createKey('Caja 2');
    expect(created).toMatchObject({ label: 'Caja 2', deactivated: false, deactivatedAt: null, limits: { characters: null, speechToTextMilliseconds: null } });
    expect(created.keyId).toMatch(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/);
    expect(await client.renameKey(created.keyId, 'Caja terraza')).toMatchObject({ label: 'Caja terraza' });
    expect((await client.setLimits(created.keyId, { characters: 250_000, speechToTextMilliseconds: 1_800_000 })).limits).toEqual({ characters: 250_000, speechToTextMilliseconds: 1_800_000 });
    const gone = await client.deactivateKey(created.keyId);
    expect(gone.deactivated).toBe(true);
    expect(gone.deactivatedAt).not.toBeNull();
    const after = await client.listKeys();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((key) => key.keyId === created.keyId)).toEqual(gone);
  });

  it('removes one limit with null and keeps the other one as it was', async () => {
    const client = adminClient(emulator.url);
    const [first] = await client.listKeys();
    expect(first?.limits).toEqual({ characters: 500_000, speechToTextMilliseconds: 3_600_000 });
    const changed = await client.setLimits(first!.keyId, { characters: null });
    expect(changed.limits).toEqual({ characters: null, speechToTextMilliseconds: 3_600_000 });
    // Both limits were sent, the unchanged one as it was, whatever the service does with a field left out.
    expect(emulator.requestsTo('/v2/admin/developer-keys/limits')[0]?.fields).toEqual({ key_id: first!.keyId, characters: null, speech_to_text_milliseconds: 3_600_000 });
  });

  it('sends a create only once, even when the service fails, so a lost answer never makes two keys', async () => {
    emulator.failNext({ status: 500, path: '/v2/admin/developer-keys', times: 3 });
    const failure = await failureOf(adminClient(emulator.url).createKey('Caja 3'));
    expect(failure).toMatchObject({ kind: 'server', status: 500, attempts: 1 });
    expect(emulator.requestsTo('/v2/admin/developer-keys')).toHaveLength(1);
  });

  it('tells a refused key (403), an unknown key id (404) and a server failure (500, retried) apart, each with its trace id', async () => {
    const rejected = await failureOf(adminClient(emulator.url, { apiKey: EMULATOR_KEYS[0] }).listKeys());
    expect(rejected).toMatchObject({ kind: 'key-rejected', status: 403 });
    expect((rejected as ServiceError).traceId).toMatch(/^emu/);
    const unknown = await failureOf(adminClient(emulator.url).renameKey('no-such-key', 'x'));
    expect(unknown).toMatchObject({ kind: 'not-found', status: 404 });
    emulator.failNext({ status: 500, path: '/v2/admin/developer-keys', times: 5 });
    const broken = await failureOf(adminClient(emulator.url).listKeys());
    expect(broken).toMatchObject({ kind: 'server', status: 500, attempts: 3 });
    expect((broken as ServiceError).traceId).toBe(emulator.requestsTo('/v2/admin/developer-keys').at(-1)?.traceId);
  });

  it('fails with key-missing without sending anything when no admin key is set', async () => {
    expect(await failureOf(adminClient(emulator.url, { apiKey: undefined }).listKeys())).toMatchObject({ kind: 'key-missing' });
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('usage analytics through the admin client', () => {
  it('gives the same totals for every grouping, and rows that add up to them', async () => {
    const client = adminClient(emulator.url);
    const range = { from: '2026-10-01', to: '2026-10-31' };
    const plain = await client.usage(range);
    const byKey = await client.usage({ ...range, groupBy: 'key' });
    const byDay = await client.usage({ ...range, groupBy: 'key_and_day' });
    expect(plain.rows).toEqual([]);
    expect(byKey.total).toEqual(plain.total);
    expect(byDay.total).toEqual(plain.total);
    expect(plain.total.totalCharacters).toBeGreaterThan(0);
    const sum = (rows: typeof byDay.rows): number => rows.reduce((total, row) => total + row.usage.totalCharacters, 0);
    expect(sum(byKey.rows)).toBe(plain.total.totalCharacters);
    expect(sum(byDay.rows)).toBe(plain.total.totalCharacters);
    expect(new Set(byDay.rows.map((row) => row.day)).size).toBeGreaterThan(20);
    expect(byKey.rows.map((row) => row.label).sort()).toEqual(['Caja principal', 'Tienda online']);
    expect(Number.isInteger(plain.total.speechToTextMinutes * 100)).toBe(true);
    // Made up from a seed: asking again gives the same report.
    expect(await client.usage(range)).toEqual(plain);
  });

  it('checks dates, range and grouping before sending anything', async () => {
    const client = adminClient(emulator.url);
    expect(await failureOf(client.usage({ from: '2025-01-01', to: '2026-01-02' }))).toMatchObject({ broken: { rule: 'range-too-long', days: 367 } });
    expect(await failureOf(client.usage({ from: '2025-02-01', to: '2025-01-01' }))).toMatchObject({ broken: { rule: 'range-backwards' } });
    expect(await failureOf(client.usage({ from: '', to: '2025-01-01' }))).toMatchObject({ broken: { rule: 'date-missing', field: 'from' } });
    expect(await failureOf(client.usage({ from: '2025-01-01', to: '2025-01-02', groupBy: 'day' }))).toMatchObject({ broken: { rule: 'group-by', value: 'day' } });
    expect(await failureOf(client.customTags({ from: '2025-01-01', to: '2025-01-02', aggregateBy: 'key' }))).toMatchObject({ broken: { rule: 'aggregate-by', value: 'key' } });
    expect(await failureOf(client.setLimits('k', { characters: 1.5 }))).toMatchObject({ broken: { rule: 'limit-invalid', field: 'characters' } });
    expect(emulator.requests).toHaveLength(0);
  });

  it("shows the service's 400 message as it is, with its trace id", async () => {
    const stub = await stubServer(() => ({ status: 400, json: { message: 'Bad request. Reason: Date range cannot exceed 366 days' } }));
    try {
      const failure = await failureOf(adminClient(stub.url).usage({ from: '2025-01-01', to: '2025-12-31' }));
      expect(failure).toMatchObject({ kind: 'bad-request', serviceMessage: 'Bad request. Reason: Date range cannot exceed 366 days', traceId: 'stub1' });
      expect(stub.asked).toHaveLength(1);
    } finally {
      await stub.close();
    }
  });

  it('refuses a report with null where a count belongs, naming the field, instead of drawing nothing', async () => {
    const stub = await stubServer(() => ({
      status: 200,
      json: { usage_report: { total_usage: { total_characters: null }, start_date: '2025-01-01T00:00:00', end_date: '2025-01-02T00:00:00' } },
    }));
    try {
      const failure = await failureOf(adminClient(stub.url).usage({ from: '2025-01-01', to: '2025-01-02' }));
      expect(failure).toMatchObject({ kind: 'bad-response', traceId: 'stub1', causeCode: 'usage_report.total_usage.total_characters is null, expected a whole number' });
    } finally {
      await stub.close();
    }
  });
});

describe('custom-tag usage across pages', () => {
  it('follows next_page until null and joins every page in order', async () => {
    const report = await adminClient(emulator.url).customTags({ from: '2026-10-01', to: '2026-10-31' });
    const calls = emulator.requestsTo('/v2/admin/analytics/custom-tags');
    expect(report.pages).toBe(calls.length);
    expect(report.pages).toBeGreaterThan(3);
    expect(calls.map((call) => call.query['page'])).toEqual([undefined, ...Array.from({ length: calls.length - 1 }, (_, index) => String(index + 2))]);
    expect(new Set(report.rows.map((row) => row.tag)).size).toBe(report.rows.length);
    expect(report.rows.length).toBeGreaterThan(4 * (report.pages - 1));
    const byDay = await adminClient(emulator.url).customTags({ from: '2026-10-01', to: '2026-10-07', aggregateBy: 'day' });
    expect(byDay.rows.every((row) => row.day !== null && row.day >= '2026-10-01' && row.day <= '2026-10-07')).toBe(true);
  });

  it('stops a server whose pages never end, and one whose pages go round in a circle', async () => {
    const page = (next: number | null) => ({
      status: 200,
      json: { custom_tag_usage_report: { aggregate_by: 'period', start_date: '2025-01-01T00:00:00', end_date: '2025-01-02T00:00:00', next_page: next, usage: [] } },
    });
    const endless = await stubServer((url) => page(Number(url.searchParams.get('page') ?? '1') + 1));
    const circle = await stubServer((url) => page(url.searchParams.get('page') === '3' ? 2 : Number(url.searchParams.get('page') ?? '1') + 1));
    try {
      const range = { from: '2025-01-01', to: '2025-01-02' };
      expect(await failureOf(adminClient(endless.url, { maxPages: 25 }).customTags(range))).toMatchObject({ kind: 'bad-response', causeCode: 'the custom-tag report did not end after 25 pages' });
      expect(endless.asked).toHaveLength(25);
      expect(await failureOf(adminClient(circle.url).customTags(range))).toMatchObject({ kind: 'bad-response', causeCode: 'next_page 2 was already read: the pages go round in a circle' });
      expect(circle.asked).toHaveLength(3);
    } finally {
      await Promise.all([endless.close(), circle.close()]);
    }
  });
});
