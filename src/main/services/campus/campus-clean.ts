import type { CampusFailure, CampusMeta, CampusProblem, ChangelogEntry, WirelessAuth } from '../../../shared/contract/campus-types';
import type { ServiceFailure } from '../../../shared/contract/service-failure';
import { redactOutsideText } from '../http/redact-secrets';

/**
 * What the campus service sent, made safe to show, store and pass between threads: every text redacted and capped
 * (redact-secrets), and lists bounded. The real changelog has a few dozen changes; past the bounds only the newest
 * are kept, which is also all the window and the command line have room for.
 */
export const MAX_CHANGELOG_ENTRIES = 1_000;
export const MAX_CHANGELOG_CHANGES = 2_000;
/** `meta.method` (empty in every sample) is passed on as sent, up to this many values and this deep. */
const MAX_METHOD_VALUES = 100;
const MAX_METHOD_DEPTH = 4;
const MAX_NAME_LENGTH = 100;

const clean = (text: string | null): string | null => (text === null ? null : redactOutsideText(text));

export function cleanMeta(meta: CampusMeta): CampusMeta {
  const budget = { left: MAX_METHOD_VALUES };
  const method: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(meta.method)) {
    if (budget.left <= 0) break;
    method[redactOutsideText(name, { maxLength: MAX_NAME_LENGTH })] = plainValue(value, 1, budget);
  }
  return { ...meta, message: clean(meta.message), method };
}

export function cleanWireless(data: WirelessAuth): WirelessAuth {
  return { count: data.count, lastUpdated: clean(data.lastUpdated) };
}

/** Newest first only to choose what is kept; the kept entries stay in the order the service sent them. */
export function cleanChangelog(entries: readonly ChangelogEntry[]): ChangelogEntry[] {
  const total = entries.reduce((sum, entry) => sum + entry.changes.length, 0);
  let kept: readonly ChangelogEntry[] = entries;
  if (entries.length > MAX_CHANGELOG_ENTRIES || total > MAX_CHANGELOG_CHANGES) {
    const newestFirst = entries.map((entry, index) => ({ entry, index })).sort((a, b) => byDateDescending(a.entry.date, b.entry.date) || a.index - b.index);
    const chosen: { entry: ChangelogEntry; index: number }[] = [];
    let changes = 0;
    for (const candidate of newestFirst) {
      if (chosen.length >= MAX_CHANGELOG_ENTRIES || changes >= MAX_CHANGELOG_CHANGES) break;
      const room = MAX_CHANGELOG_CHANGES - changes;
      chosen.push({ entry: { date: candidate.entry.date, changes: candidate.entry.changes.slice(0, room) }, index: candidate.index });
      changes += Math.min(room, candidate.entry.changes.length);
    }
    kept = chosen.sort((a, b) => a.index - b.index).map(({ entry }) => entry);
  }
  return kept.map((entry) => ({ date: clean(entry.date), changes: entry.changes.map((change) => redactOutsideText(change)) }));
}

/** `Y-m-d` sorts as text; undated last. */
function byDateDescending(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? 1 : -1;
}

function plainValue(value: unknown, depth: number, budget: { left: number }): unknown {
  budget.left -= 1;
  if (typeof value === 'string') return redactOutsideText(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object' || depth >= MAX_METHOD_DEPTH) return null;
  const entries = Array.isArray(value) ? value.slice(0, Math.max(0, budget.left)).map((item: unknown, index) => [String(index), item] as const) : Object.entries(value as Record<string, unknown>);
  const result: Record<string, unknown> = {};
  const list: unknown[] = [];
  for (const [name, item] of entries) {
    if (budget.left <= 0) break;
    const plain = plainValue(item, depth + 1, budget);
    if (Array.isArray(value)) list.push(plain);
    else result[redactOutsideText(name, { maxLength: MAX_NAME_LENGTH })] = plain;
  }
  return Array.isArray(value) ? list : result;
}

/**
 * A failure as it is kept in campus-wireless.json and shown: only the known fields, texts redacted. Also applied to
 * what the file held from an earlier version (which kept trace IDs and messages as the server sent them); anything
 * not of the stored shape is dropped (null).
 */
export function cleanFailure(value: unknown): CampusFailure | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const text = (field: unknown): string | undefined => (typeof field === 'string' ? redactOutsideText(field) : undefined);
  const number = (field: unknown): number | undefined => (typeof field === 'number' && Number.isFinite(field) ? field : undefined);
  if (record['reason'] === 'campus' && typeof record['problem'] === 'string') {
    const code = number(record['code']);
    const serviceMessage = text(record['serviceMessage']);
    return {
      reason: 'campus',
      problem: record['problem'] as CampusProblem,
      ...(code !== undefined ? { code } : {}),
      ...(serviceMessage !== undefined ? { serviceMessage } : {}),
    };
  }
  const failure = record['failure'];
  if (record['reason'] !== 'service' || typeof failure !== 'object' || failure === null) return null;
  const facts = failure as Record<string, unknown>;
  if (typeof facts['kind'] !== 'string') return null;
  const status = number(facts['status']);
  const traceId = text(facts['traceId']);
  const serviceMessage = text(facts['serviceMessage']);
  const detail = text(facts['detail']);
  const clean: ServiceFailure = {
    kind: facts['kind'] as ServiceFailure['kind'],
    ...(status !== undefined ? { status } : {}),
    ...(traceId !== undefined ? { traceId } : {}),
    ...(serviceMessage !== undefined ? { serviceMessage } : {}),
    ...(detail !== undefined ? { detail } : {}),
  };
  return { reason: 'service', failure: clean };
}
