import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTranslationEmulator, type TranslationEmulator } from '../emulators/translation-api/emulator';
import { ADMIN_KEY } from './admin-harness';

let emulator: TranslationEmulator;
beforeAll(async () => {
  emulator = await startTranslationEmulator();
});
afterAll(() => emulator.close());

async function ask(path: string, key = ADMIN_KEY): Promise<{ status: number; body: unknown; traceId: string | null }> {
  const response = await fetch(`${emulator.url}${path}`, { headers: { Authorization: `DeepL-Auth-Key ${key}` } });
  return { status: response.status, body: await response.json(), traceId: response.headers.get('x-trace-id') };
}

/** The emulator is what the other admin tests trust: its 400 bodies must be the OpenAPI's, word for word. */
describe('the admin part of the translation-API emulator', () => {
  it('answers the documented 400 messages, each with an X-Trace-ID', async () => {
    const tooLong = await ask('/v2/admin/analytics?start_date=2025-01-01&end_date=2026-01-02');
    expect(tooLong).toMatchObject({ status: 400, body: { message: 'Bad request. Reason: Date range cannot exceed 366 days' } });
    expect(tooLong.traceId).toMatch(/^emu/);
    expect(await ask('/v2/admin/analytics?start_date=2025-01-01&end_date=2025-01-02&group_by=day')).toMatchObject({
      status: 400,
      body: { message: "Value for 'group_by' not supported. Allowed: '', 'key', 'key_and_day'." },
    });
    expect(await ask('/v2/admin/analytics/custom-tags?start_date=2025-01-01&end_date=2025-01-02&aggregate_by=key')).toMatchObject({
      status: 400,
      body: { message: "Value for 'aggregate_by' not supported. Allowed: '', 'period', 'day'." },
    });
    expect((await ask('/v2/admin/analytics?start_date=2024-01-01&end_date=2024-12-31')).status).toBe(200);
  });

  it('keeps admin keys and translation keys apart', async () => {
    expect((await ask('/v2/admin/developer-keys', 'emulator-key-0123456789abcdef')).status).toBe(403);
    expect((await ask('/v2/usage', ADMIN_KEY)).status).toBe(403);
  });

  it('makes the same report from the same seed, another from another seed', async () => {
    const other = await startTranslationEmulator({ analyticsSeed: 7 });
    try {
      const path = '/v2/admin/analytics?start_date=2026-01-01&end_date=2026-01-31';
      const first = await ask(path);
      expect((await ask(path)).body).toEqual(first.body);
      const response = await fetch(`${other.url}${path}`, { headers: { Authorization: `DeepL-Auth-Key ${ADMIN_KEY}` } });
      expect(await response.json()).not.toEqual(first.body);
    } finally {
      await other.close();
    }
  });
});
