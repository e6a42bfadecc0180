import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageCounters, UsageReport } from '../../src/shared/contract/admin-types';
import { createAdminHandlers } from '../../src/main/services/app-api/admin-handlers';
import { perDay, perKey, reportAsGrouped } from '../../src/renderer/src/components/admin/usage-data';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { ADMIN_KEY } from './admin-harness';

const usage = (text: number, minutes: number): UsageCounters => ({
  totalCharacters: text,
  textTranslationCharacters: text,
  documentTranslationCharacters: 0,
  textImprovementCharacters: 0,
  speechToTextMinutes: minutes,
});

const REPORT: UsageReport = {
  from: '2026-02-27',
  to: '2026-03-02',
  groupBy: 'key_and_day',
  total: usage(60, 0.3),
  rows: [
    { apiKey: 'aaaa****0001', label: 'Caja', day: '2026-02-27', usage: usage(10, 0.1) },
    { apiKey: 'bbbb****0002', label: 'Web', day: '2026-02-27', usage: usage(30, 0) },
    { apiKey: 'aaaa****0001', label: 'Caja', day: '2026-03-02', usage: usage(20, 0.2) },
  ],
};

describe('the usage charts and table data', () => {
  it('has every day of the range, days without use at zero, keys summed per day', () => {
    expect(perDay(REPORT)).toEqual([
      { day: '2026-02-27', text: 40, documents: 0, improvement: 0, speech: 0.1 },
      { day: '2026-02-28', text: 0, documents: 0, improvement: 0, speech: 0 },
      { day: '2026-03-01', text: 0, documents: 0, improvement: 0, speech: 0 },
      { day: '2026-03-02', text: 20, documents: 0, improvement: 0, speech: 0.2 },
    ]);
  });

  it('sums per key, heaviest first for the chart, in first-seen order for the table, with clean decimals', () => {
    expect(perKey(REPORT.rows).map((key) => [key.label, key.total])).toEqual([
      ['Caja', 30],
      ['Web', 30],
    ]);
    const byKey = reportAsGrouped(REPORT, 'key');
    expect(byKey.groupBy).toBe('key');
    expect(byKey.rows).toEqual([
      { apiKey: 'aaaa****0001', label: 'Caja', day: null, usage: usage(30, 0.3) },
      { apiKey: 'bbbb****0002', label: 'Web', day: null, usage: usage(30, 0) },
    ]);
    expect(reportAsGrouped(REPORT, 'key_and_day')).toBe(REPORT);
  });
});

describe('the admin contract handlers', () => {
  let emulator: TranslationEmulator;
  beforeAll(async () => {
    emulator = await startTranslationEmulator();
  });
  afterAll(() => emulator.close());

  it('answer with data on success and with the failure kind and trace id, never a thrown error', async () => {
    const handlers = createAdminHandlers(() => ({ env: {}, savedKey: ADMIN_KEY, savedServerUrl: emulator.url }));
    const listed = await handlers.adminListKeys();
    expect(listed.ok && listed.value.length).toBe(3);
    const unknown = await handlers.adminRenameKey({ keyId: 'no-such-key', label: 'x' });
    expect(unknown).toEqual({ ok: false, failure: { reason: 'service', failure: { kind: 'not-found', status: 404, traceId: emulator.requests.at(-1)?.traceId, serviceMessage: 'API key not found' } } });
    const tooLong = await handlers.adminUsage({ from: '2025-01-01', to: '2026-06-01' });
    expect(tooLong).toEqual({ ok: false, failure: { reason: 'rule', broken: { rule: 'range-too-long', days: 517, maxDays: 366 } } });
    const keyless = createAdminHandlers(() => ({ env: {}, savedServerUrl: emulator.url }));
    expect(await keyless.adminListKeys()).toEqual({ ok: false, failure: { reason: 'service', failure: { kind: 'key-missing' } } });
  });

  it('prefer TICKETERA_ADMIN_KEY and TICKETERA_ADMIN_URL over the saved ones', async () => {
    const handlers = createAdminHandlers(() => ({ env: { TICKETERA_ADMIN_KEY: ADMIN_KEY, TICKETERA_ADMIN_URL: emulator.url }, savedKey: 'saved-key', savedServerUrl: 'http://127.0.0.1:1' }));
    expect((await handlers.adminListKeys()).ok).toBe(true);
  });
});
