import type { EmulatedKey } from './admin-keys-route';
import { errorReply, type Reply } from './reply';

/**
 * `GET /v2/admin/analytics` and `…/analytics/custom-tags`, written from the OpenAPI: usage for any range, made up
 * deterministically from a seed (the same seed, key and day always give the same numbers), grouped by key or by key
 * and day, custom tags over several pages, and the documented 400 messages. Written apart from the client's own
 * range code on purpose, so a mistake there is not mirrored here.
 */
export interface AnalyticsOptions {
  seed: number;
  /** Rows per custom-tag page. */
  tagPageSize: number;
  keys: () => readonly EmulatedKey[];
}

interface Counters {
  total_characters: number;
  text_translation_characters: number;
  document_translation_characters: number;
  text_improvement_characters: number;
  speech_to_text_minutes: number;
}

const MS_PER_DAY = 86_400_000;
const MAX_DAYS = 366;
export const EMULATED_TAGS = [
  'carta-es',
  'carta-en',
  'ticket-cliente',
  'pedido-web',
  'alergenos',
  'menu-del-dia',
  'promociones',
  'reservas',
  'resenas',
  'avisos-cocina',
  'encuestas',
  'facturas',
  'newsletter',
  'instagram',
  'horarios',
  'eventos',
  'catering',
  'vinos',
  'postres',
  'terraza',
  'take-away',
  'proveedores',
  'formacion',
];

/** A day as the service writes them: `2025-09-29T00:00:00` (report range) or with `Z` (a usage date). */
const dateTime = (day: number, zone: '' | 'Z'): string => `${new Date(day * MS_PER_DAY).toISOString().slice(0, 10)}T00:00:00${zone}`;

/** FNV-1a then mulberry32: a small, well-known deterministic generator (no dependency for a test double). */
function randomFor(text: string): () => number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function keyUsageOn(seed: number, key: EmulatedKey, day: number): Counters | undefined {
  const created = Math.floor(Date.parse(key.creation_time) / MS_PER_DAY);
  const deactivated = key.deactivated_time ? Math.floor(Date.parse(key.deactivated_time) / MS_PER_DAY) : Infinity;
  if (day < created || day > deactivated) return undefined;
  const random = randomFor(`${seed}|${key.key_id}|${day}`);
  // Shops close some days.
  if (random() < 0.2) return undefined;
  const text = Math.floor(random() * 4_000) + 100;
  const documents = random() < 0.3 ? Math.floor(random() * 12_000) : 0;
  const improvement = Math.floor(random() * 1_500);
  const minutes = random() < 0.5 ? round2(random() * 25) : 0;
  return {
    total_characters: text + documents + improvement,
    text_translation_characters: text,
    document_translation_characters: documents,
    text_improvement_characters: improvement,
    speech_to_text_minutes: minutes,
  };
}

function tagUsageOn(seed: number, tag: string, day: number): { total_characters: number; text_translation_characters: number; text_improvement_characters: number } | undefined {
  const random = randomFor(`${seed}|tag|${tag}|${day}`);
  if (random() < 0.7) return undefined;
  const text = Math.floor(random() * 900) + 20;
  const improvement = random() < 0.4 ? Math.floor(random() * 300) : 0;
  return { total_characters: text + improvement, text_translation_characters: text, text_improvement_characters: improvement };
}

function add(into: Counters, more: Counters): void {
  into.total_characters += more.total_characters;
  into.text_translation_characters += more.text_translation_characters;
  into.document_translation_characters += more.document_translation_characters;
  into.text_improvement_characters += more.text_improvement_characters;
  into.speech_to_text_minutes = round2(into.speech_to_text_minutes + more.speech_to_text_minutes);
}

const zero = (): Counters => ({ total_characters: 0, text_translation_characters: 0, document_translation_characters: 0, text_improvement_characters: 0, speech_to_text_minutes: 0 });

const maskedKey = (key: EmulatedKey): string => `${key.key_id.slice(0, 4)}****${key.key_id.slice(-4)}`;

type Range = { start: number; end: number } | { error: Reply };

function rangeOf(url: URL): Range {
  const days: number[] = [];
  for (const name of ['start_date', 'end_date']) {
    const value = url.searchParams.get(name);
    if (!value) return { error: errorReply(400, `Missing required parameter '${name}'`) };
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return { error: errorReply(400, `Value for '${name}' is not a valid date`) };
    days.push(ms / MS_PER_DAY);
  }
  const [start, end] = days as [number, number];
  if (end < start) return { error: errorReply(400, 'Bad request. Reason: end_date must not be before start_date') };
  if (end - start + 1 > MAX_DAYS) return { error: errorReply(400, 'Bad request. Reason: Date range cannot exceed 366 days') };
  return { start, end };
}

export function analyticsRoute(url: URL, options: AnalyticsOptions): Reply {
  const range = rangeOf(url);
  if ('error' in range) return range.error;
  const groupBy = url.searchParams.get('group_by') ?? '';
  if (!['', 'key', 'key_and_day'].includes(groupBy)) return errorReply(400, "Value for 'group_by' not supported. Allowed: '', 'key', 'key_and_day'.");
  const total = zero();
  const perKey = new Map<EmulatedKey, Counters>();
  const perKeyAndDay: { api_key: string; api_key_label: string; usage_date: string; usage: Counters }[] = [];
  for (const key of options.keys()) {
    for (let day = range.start; day <= range.end; day++) {
      const usage = keyUsageOn(options.seed, key, day);
      if (!usage) continue;
      add(total, usage);
      const sum = perKey.get(key) ?? zero();
      add(sum, usage);
      perKey.set(key, sum);
      perKeyAndDay.push({ api_key: maskedKey(key), api_key_label: key.label, usage_date: dateTime(day, 'Z'), usage });
    }
  }
  perKeyAndDay.sort((a, b) => a.usage_date.localeCompare(b.usage_date) || a.api_key_label.localeCompare(b.api_key_label));
  return {
    status: 200,
    json: {
      usage_report: {
        total_usage: total,
        ...(groupBy ? { group_by: groupBy } : {}),
        start_date: dateTime(range.start, ''),
        end_date: dateTime(range.end, ''),
        ...(groupBy === 'key' ? { key_usages: [...perKey].map(([key, usage]) => ({ api_key: maskedKey(key), api_key_label: key.label, usage })) } : {}),
        ...(groupBy === 'key_and_day' ? { key_and_day_usages: perKeyAndDay } : {}),
      },
    },
  };
}

export function customTagsRoute(url: URL, options: AnalyticsOptions): Reply {
  const range = rangeOf(url);
  if ('error' in range) return range.error;
  const aggregateBy = url.searchParams.get('aggregate_by') || 'period';
  if (!['period', 'day'].includes(aggregateBy)) return errorReply(400, "Value for 'aggregate_by' not supported. Allowed: '', 'period', 'day'.");
  const pageText = url.searchParams.get('page') ?? '1';
  if (!/^[1-9]\d{0,6}$/.test(pageText)) return errorReply(400, "Value for 'page' must be a positive integer");
  const page = Number(pageText);
  const usage: { custom_tag: string; usage_date?: string; breakdown: NonNullable<ReturnType<typeof tagUsageOn>> }[] = [];
  for (const tag of EMULATED_TAGS) {
    const sum = { total_characters: 0, text_translation_characters: 0, text_improvement_characters: 0 };
    for (let day = range.start; day <= range.end; day++) {
      const used = tagUsageOn(options.seed, tag, day);
      if (!used) continue;
      if (aggregateBy === 'day') usage.push({ custom_tag: tag, usage_date: dateTime(day, 'Z'), breakdown: used });
      sum.total_characters += used.total_characters;
      sum.text_translation_characters += used.text_translation_characters;
      sum.text_improvement_characters += used.text_improvement_characters;
    }
    if (aggregateBy === 'period' && sum.total_characters > 0) usage.push({ custom_tag: tag, breakdown: sum });
  }
  const pages = Math.max(1, Math.ceil(usage.length / options.tagPageSize));
  return {
    status: 200,
    json: {
      custom_tag_usage_report: {
        aggregate_by: aggregateBy,
        start_date: dateTime(range.start, ''),
        end_date: dateTime(range.end, ''),
        next_page: page < pages ? page + 1 : null,
        usage: usage.slice((page - 1) * options.tagPageSize, page * options.tagPageSize),
      },
    },
  };
}
