import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClient } from '../../src/main/services/admin/admin-client';
import { ADMIN_ANSWER_LIMIT } from '../../src/main/services/http/answer-limits';
import { ReadAbandonedError, readAnswer } from '../../src/main/services/http/read-off-thread';
import type { RetryPolicy } from '../../src/main/services/http/retry-policy';
import { bestStall, repeatTo, startBytesServer, type BytesServer } from '../support/event-loop-stall';
import { ADMIN_KEY } from './admin-harness';
import { serviceFailureOf } from '../support/service-failure';

/**
 * Issue 20 item 3: an admin answer (up to 16 MiB) was parsed on the thread that acknowledges tickets; the worst ones
 * held it for seconds. Answers over 4 KiB are now decoded, parsed and checked on a thread of their own, and a long
 * result comes back a part at a time.
 */
const MiB = 1024 * 1024;
/** One attempt with room: these tests time the reading, not the server. */
const PATIENT: RetryPolicy = { attemptTimeoutMs: 60_000, maxAttempts: 1, totalBudgetMs: 60_000, baseDelayMs: 10, maxDelayMs: 10 };
/** Generous for 2 busy shared cores; the old code held the loop 0.3–5 s on every one of these answers. */
const STALL_BOUND_MS = 50;

const counters = { total_characters: 120, text_translation_characters: 100, document_translation_characters: 20, text_improvement_characters: 0, speech_to_text_minutes: 0.5 };
const row = (index: number): string =>
  JSON.stringify({ api_key: `key-${index % 150}`, api_key_label: `Caja registradora número ${index % 150} — año de pruebas ñáéíóú`, usage_date: '2026-03-04T00:00:00Z', usage: counters });
/** A real-looking usage report of about 16 MiB, its labels non-ASCII (decoding two-byte text is slow too). */
function usageReport(): { body: string; rows: number } {
  const head = `{"usage_report":{"group_by":"key_and_day","start_date":"2026-01-01T00:00:00Z","end_date":"2026-12-31T00:00:00Z","total_usage":${JSON.stringify(counters)},"key_and_day_usages":[`;
  const rows: string[] = [];
  let size = Buffer.byteLength(head) + 10;
  for (let index = 0; ; index++) {
    const next = row(index);
    const bytes = Buffer.byteLength(next) + 1;
    if (size + bytes > ADMIN_ANSWER_LIMIT) break;
    rows.push(next);
    size += bytes;
  }
  return { body: `${head}${rows.join(',')}]}}`, rows: rows.length };
}

const report = usageReport();
/** Each at most 16 MiB, the most an admin answer may be. */
const HOSTILE: Record<string, { path: string; body: Buffer }> = {
  emptyObjects: { path: '/v2/admin/developer-keys', body: Buffer.from(`[${repeatTo('{},', ADMIN_ANSWER_LIMIT - 8)}{}]`) },
  nestedLists: { path: '/v2/admin/developer-keys', body: Buffer.from(`${'['.repeat(8 * MiB - 1)}${']'.repeat(8 * MiB - 1)}`) },
  junkBesideReport: {
    path: '/v2/admin/analytics',
    body: Buffer.from(`{"junk":[${repeatTo('[],', ADMIN_ANSWER_LIMIT - 400)}[]],"usage_report":{"start_date":"2026-01-01","end_date":"2026-01-31","total_usage":${JSON.stringify(counters)}}}`),
  },
  realisticReport: { path: '/v2/admin/analytics', body: Buffer.from(report.body) },
};

let server: BytesServer;
let current: Buffer = Buffer.from('[]');
beforeAll(async () => {
  server = await startBytesServer(() => ({ body: current }));
});
afterAll(() => server.close());

const client = (policy: RetryPolicy = PATIENT): AdminClient => new AdminClient({ apiKey: ADMIN_KEY, serverUrl: server.url, policy });
const call = (path: string, admin = client()): Promise<unknown> =>
  path === '/v2/admin/analytics' ? admin.usage({ from: '2026-01-01', to: '2026-01-31', ...(current === HOSTILE['realisticReport']!.body ? { groupBy: 'key_and_day' } : {}) }) : admin.listKeys();

const failureOf = serviceFailureOf;

describe('admin answers of 16 MiB (issue 20 item 3)', () => {
  it('never hold the thread that acknowledges tickets for more than a few ms', { timeout: 300_000 }, async () => {
    for (const [name, hostile] of Object.entries(HOSTILE)) {
      current = hostile.body;
      const { best, text } = await bestStall(() => call(hostile.path));
      console.log(`admin ${name}: ${text}`);
      expect(best, `${name} (${hostile.body.length} bytes): ${text}`).toBeLessThan(STALL_BOUND_MS);
    }
  });

  it('reads a real 16 MiB report in full, and says a hostile answer is unreadable', { timeout: 180_000 }, async () => {
    current = HOSTILE['realisticReport']!.body;
    const read = await client().usage({ from: '2026-01-01', to: '2026-01-31', groupBy: 'key_and_day' });
    expect(read.rows).toHaveLength(report.rows);
    expect(read.rows.at(-1)).toMatchObject({ apiKey: `key-${(report.rows - 1) % 150}`, day: '2026-03-04', usage: { totalCharacters: 120 } });
    expect(read.rows[7]!.label).toBe('Caja registradora número 7 — año de pruebas ñáéíóú');
    for (const name of ['emptyObjects', 'nestedLists']) {
      current = HOSTILE[name]!.body;
      const failure = await failureOf(call(HOSTILE[name]!.path));
      expect(failure, name).toMatchObject({ kind: 'bad-response', retryable: false });
      expect(failure.traceId, name).toMatch(/^hostile-/);
    }
  });

  it("gives the read up when the attempt's time runs out or the caller cancels", { timeout: 120_000 }, async () => {
    // The thread alone takes 40–70 ms to start: 20 ms in, the read is under way.
    const body = HOSTILE['realisticReport']!.body;
    const timer = new AbortController();
    setTimeout(() => timer.abort(), 20);
    let started = performance.now();
    await expect(readAnswer({ reader: 'admin', params: { shape: 'usage', groupBy: 'key_and_day' }, body, tooHeavy: (detail) => ({ kind: 'unreadable', detail }) }, timer.signal)).rejects.toThrow(
      ReadAbandonedError,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    // Through the client: cancelled as soon as the server has sent the report, while it is being read.
    const cancel = new AbortController();
    current = body;
    started = performance.now();
    const failure = failureOf(client().usage({ from: '2026-01-01', to: '2026-01-31', groupBy: 'key_and_day' }, cancel.signal));
    await server.sent(server.asked.length + 1);
    cancel.abort();
    expect(await failure).toMatchObject({ kind: 'cancelled' });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
