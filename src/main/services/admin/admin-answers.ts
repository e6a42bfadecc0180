import {
  TAG_AGGREGATIONS,
  USAGE_GROUPINGS,
  type AdminKey,
  type TagAggregation,
  type TagCounters,
  type TagUsageRow,
  type UsageCounters,
  type UsageGrouping,
  type UsageReport,
  type UsageRow,
} from '../../../shared/contract/admin-types';
import { AnswerShapeError, readArray, readBoolean, readChoice, readDay, readNumber, readObject, readString, type Fields } from './answer-reader';

/**
 * The admin endpoints' JSON (vendor OpenAPI, `AdminApi` tag) checked field by field and turned into the contract's
 * types. What the interface leaves open (a key's limits absent, `is_deactivated` absent) takes its documented default;
 * anything else odd throws AnswerShapeError.
 */

export function keyOf(value: unknown, path: string): AdminKey {
  const key = readObject(value, path);
  const limits = key['usage_limits'] === undefined || key['usage_limits'] === null ? {} : readObject(key['usage_limits'], `${path}.usage_limits`);
  const deactivatedAt = key['deactivated_time'];
  return {
    keyId: readString(key['key_id'], `${path}.key_id`),
    label: readString(key['label'], `${path}.label`),
    createdAt: readString(key['creation_time'], `${path}.creation_time`),
    deactivatedAt: deactivatedAt === undefined || deactivatedAt === null ? null : readString(deactivatedAt, `${path}.deactivated_time`),
    // "The default value is `false`."
    deactivated: key['is_deactivated'] === undefined ? false : readBoolean(key['is_deactivated'], `${path}.is_deactivated`),
    limits: {
      characters: limitOf(limits, 'characters', path),
      speechToTextMilliseconds: limitOf(limits, 'speech_to_text_milliseconds', path),
    },
  };
}

/** `null` (or absent) is "no limit"; 0 is a real limit (the key may use nothing). */
function limitOf(limits: Fields, name: string, path: string): number | null {
  const value = limits[name];
  return value === undefined || value === null ? null : readNumber(value, `${path}.usage_limits.${name}`, 'decimal');
}

export function keyListOf(value: unknown): AdminKey[] {
  return readArray(value, 'developer keys').map((entry, index) => keyOf(entry, `developer keys[${index}]`));
}

function countersOf(value: unknown, path: string): UsageCounters {
  const usage = readObject(value, path);
  return {
    totalCharacters: readNumber(usage['total_characters'], `${path}.total_characters`),
    textTranslationCharacters: readNumber(usage['text_translation_characters'], `${path}.text_translation_characters`),
    documentTranslationCharacters: readNumber(usage['document_translation_characters'], `${path}.document_translation_characters`),
    textImprovementCharacters: readNumber(usage['text_improvement_characters'], `${path}.text_improvement_characters`),
    speechToTextMinutes: readNumber(usage['speech_to_text_minutes'], `${path}.speech_to_text_minutes`, 'decimal'),
  };
}

/** The array each grouping answers with (the spec names only `key_and_day_usages`; `key_usages` is the OpenAPI's). */
const ROWS_FIELD: Record<UsageGrouping, string> = { key: 'key_usages', key_and_day: 'key_and_day_usages' };

export function usageReportOf(value: unknown, asked: UsageGrouping | null): UsageReport {
  const report = readObject(readObject(value, 'answer')['usage_report'], 'usage_report');
  const groupBy = report['group_by'] === undefined || report['group_by'] === null ? null : readChoice(report['group_by'], 'usage_report.group_by', USAGE_GROUPINGS);
  // An echo of something else than we asked for would draw the wrong chart: refuse it.
  if (groupBy !== asked) throw new AnswerShapeError('usage_report.group_by', `is ${groupBy === null ? 'missing' : `"${groupBy}"`}, expected ${asked === null ? 'none' : `"${asked}"`}`);
  const rows = groupBy === null ? [] : readArray(report[ROWS_FIELD[groupBy]], `usage_report.${ROWS_FIELD[groupBy]}`).map((entry, index) => usageRowOf(entry, `usage_report.${ROWS_FIELD[groupBy]}[${index}]`, groupBy));
  return {
    from: readDay(report['start_date'], 'usage_report.start_date'),
    to: readDay(report['end_date'], 'usage_report.end_date'),
    groupBy,
    total: countersOf(report['total_usage'], 'usage_report.total_usage'),
    rows,
  };
}

function usageRowOf(value: unknown, path: string, groupBy: UsageGrouping): UsageRow {
  const row = readObject(value, path);
  return {
    apiKey: readString(row['api_key'], `${path}.api_key`),
    label: readString(row['api_key_label'], `${path}.api_key_label`),
    day: groupBy === 'key_and_day' ? readDay(row['usage_date'], `${path}.usage_date`) : null,
    usage: countersOf(row['usage'], `${path}.usage`),
  };
}

export interface CustomTagPage {
  from: string;
  to: string;
  aggregateBy: TagAggregation;
  nextPage: number | null;
  rows: TagUsageRow[];
}

export function customTagPageOf(value: unknown, asked: TagAggregation): CustomTagPage {
  const report = readObject(readObject(value, 'answer')['custom_tag_usage_report'], 'custom_tag_usage_report');
  const aggregateBy = readChoice(report['aggregate_by'], 'custom_tag_usage_report.aggregate_by', TAG_AGGREGATIONS);
  if (aggregateBy !== asked) throw new AnswerShapeError('custom_tag_usage_report.aggregate_by', `is "${aggregateBy}", expected "${asked}"`);
  const next = report['next_page'];
  return {
    from: readDay(report['start_date'], 'custom_tag_usage_report.start_date'),
    to: readDay(report['end_date'], 'custom_tag_usage_report.end_date'),
    aggregateBy,
    nextPage: next === null ? null : readNumber(next, 'custom_tag_usage_report.next_page'),
    rows: readArray(report['usage'], 'custom_tag_usage_report.usage').map((entry, index) => tagRowOf(entry, `custom_tag_usage_report.usage[${index}]`, aggregateBy)),
  };
}

function tagRowOf(value: unknown, path: string, aggregateBy: TagAggregation): TagUsageRow {
  const row = readObject(value, path);
  const breakdown = readObject(row['breakdown'], `${path}.breakdown`);
  const usage: TagCounters = {
    totalCharacters: readNumber(breakdown['total_characters'], `${path}.breakdown.total_characters`),
    textTranslationCharacters: readNumber(breakdown['text_translation_characters'], `${path}.breakdown.text_translation_characters`),
    textImprovementCharacters: readNumber(breakdown['text_improvement_characters'], `${path}.breakdown.text_improvement_characters`),
  };
  return {
    tag: readString(row['custom_tag'], `${path}.custom_tag`),
    day: aggregateBy === 'day' ? readDay(row['usage_date'], `${path}.usage_date`) : null,
    usage,
  };
}
