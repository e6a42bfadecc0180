import type { ServiceFailure } from './service-failure';
/**
 * The organization admin's data as the window and the command line see it: developer keys, usage reports and
 * custom-tag reports, already checked and renamed from the service's snake_case (see services/admin/admin-answers).
 * Days are `yyyy-mm-dd` strings: the service reports whole days without a time zone.
 */

/** One developer key of the organization. */
export interface AdminKey {
  keyId: string;
  label: string;
  /** ISO 8601 as the service sent it. */
  createdAt: string;
  deactivatedAt: string | null;
  deactivated: boolean;
  limits: KeyLimits;
}

/** Monthly limits of a key; `null` = no limit. Speech-to-text in the API's milliseconds (the window shows minutes). */
export interface KeyLimits {
  characters: number | null;
  speechToTextMilliseconds: number | null;
}

export interface UsageCounters {
  totalCharacters: number;
  textTranslationCharacters: number;
  documentTranslationCharacters: number;
  textImprovementCharacters: number;
  /** A decimal number of minutes (e.g. 107.46). */
  speechToTextMinutes: number;
}

export const USAGE_GROUPINGS = ['key', 'key_and_day'] as const;
export type UsageGrouping = (typeof USAGE_GROUPINGS)[number];

/** One row of a grouped report: a key's usage over the range (`day` null) or on one day. */
export interface UsageRow {
  /** Masked by the service: first and last four characters visible. */
  apiKey: string;
  label: string;
  day: string | null;
  usage: UsageCounters;
}

export interface UsageReport {
  from: string;
  to: string;
  groupBy: UsageGrouping | null;
  total: UsageCounters;
  /** Empty without grouping. */
  rows: UsageRow[];
}

export const TAG_AGGREGATIONS = ['period', 'day'] as const;
export type TagAggregation = (typeof TAG_AGGREGATIONS)[number];

export interface TagCounters {
  totalCharacters: number;
  textTranslationCharacters: number;
  textImprovementCharacters: number;
}

export interface TagUsageRow {
  tag: string;
  /** Only with `aggregateBy` `day`. */
  day: string | null;
  usage: TagCounters;
}

/** Every page of the custom-tag report, joined in the service's order. */
export interface CustomTagReport {
  from: string;
  to: string;
  aggregateBy: TagAggregation;
  /** How many pages the service sent. */
  pages: number;
  rows: TagUsageRow[];
}

/** A request the admin client refuses before sending it. */
export type AdminRuleBreak =
  | { rule: 'date-missing'; field: 'from' | 'to' }
  | { rule: 'date-invalid'; field: 'from' | 'to'; value: string }
  | { rule: 'range-backwards'; from: string; to: string }
  | { rule: 'range-too-long'; days: number; maxDays: number }
  | { rule: 'group-by'; value: string; allowed: readonly string[] }
  | { rule: 'aggregate-by'; value: string; allowed: readonly string[] }
  | { rule: 'limit-invalid'; field: 'characters' | 'speechToTextMilliseconds'; value: number }
  | { rule: 'label-invalid'; length: number; maxLength: number };

export type AdminFailure = { reason: 'service'; failure: ServiceFailure } | { reason: 'rule'; broken: AdminRuleBreak };

/**
 * Every admin call answers with this inside the contract's envelope. Failures travel as data, not as a thrown error:
 * in Electron an error crossing the context bridge keeps only its message, and the window needs the kind and the
 * trace id to say what happened in its language and what to tell support.
 */
export type AdminAnswer<T> = { ok: true; value: T } | { ok: false; failure: AdminFailure };
