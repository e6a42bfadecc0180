import { daysOf } from '../../../../shared/contract/admin-range';
import type { UsageCounters, UsageReport, UsageRow } from '../../../../shared/contract/admin-types';
import type { TableGrouping } from '../../stores/admin-usage-store';

/** One day of the charts: characters by counter, and speech-to-text minutes apart (another unit, another chart). */
export interface DayPoint {
  day: string;
  text: number;
  documents: number;
  improvement: number;
  speech: number;
}

/** One key of the per-key chart. */
export interface KeyPoint {
  /** The service's masked key, to tell apart two keys with the same label. */
  apiKey: string;
  label: string;
  text: number;
  documents: number;
  improvement: number;
  total: number;
}

/** Minutes are decimals: sums keep two places so 0.1 + 0.2 shows as 0.3. */
const minutes = (value: number): number => Math.round(value * 100) / 100;

const NO_USAGE: UsageCounters = { totalCharacters: 0, textTranslationCharacters: 0, documentTranslationCharacters: 0, textImprovementCharacters: 0, speechToTextMinutes: 0 };

function plus(a: UsageCounters, b: UsageCounters): UsageCounters {
  return {
    totalCharacters: a.totalCharacters + b.totalCharacters,
    textTranslationCharacters: a.textTranslationCharacters + b.textTranslationCharacters,
    documentTranslationCharacters: a.documentTranslationCharacters + b.documentTranslationCharacters,
    textImprovementCharacters: a.textImprovementCharacters + b.textImprovementCharacters,
    speechToTextMinutes: minutes(a.speechToTextMinutes + b.speechToTextMinutes),
  };
}

/** Every day of the range, days without usage at zero (a gap in the bars is a day without use, not a missing day). */
export function perDay(report: UsageReport): DayPoint[] {
  const byDay = new Map<string, UsageCounters>();
  for (const row of report.rows) if (row.day) byDay.set(row.day, plus(byDay.get(row.day) ?? NO_USAGE, row.usage));
  return daysOf(report.from, report.to).map((day) => {
    const usage = byDay.get(day) ?? NO_USAGE;
    return { day, text: usage.textTranslationCharacters, documents: usage.documentTranslationCharacters, improvement: usage.textImprovementCharacters, speech: usage.speechToTextMinutes };
  });
}

/** The rows summed per key, in the order keys first appear. */
export function rowsByKey(rows: readonly UsageRow[]): UsageRow[] {
  const byKey = new Map<string, UsageRow>();
  for (const row of rows) {
    const id = `${row.apiKey}\u0000${row.label}`;
    const sum = byKey.get(id);
    byKey.set(id, { apiKey: row.apiKey, label: row.label, day: null, usage: plus(sum?.usage ?? NO_USAGE, row.usage) });
  }
  return [...byKey.values()];
}

/** Keys by characters used, the heaviest first. */
export function perKey(rows: readonly UsageRow[]): KeyPoint[] {
  return rowsByKey(rows)
    .map((row) => ({
      apiKey: row.apiKey,
      label: row.label,
      text: row.usage.textTranslationCharacters,
      documents: row.usage.documentTranslationCharacters,
      improvement: row.usage.textImprovementCharacters,
      total: row.usage.totalCharacters,
    }))
    .sort((a, b) => b.total - a.total);
}

/** The report as the table (and its CSV) shows it: per key and day as the service sent it, or summed per key. */
export function reportAsGrouped(report: UsageReport, grouping: TableGrouping): UsageReport {
  return grouping === 'key' ? { ...report, groupBy: 'key', rows: rowsByKey(report.rows) } : report;
}

export const hasUsage = (report: UsageReport): boolean => report.total.totalCharacters > 0 || report.total.speechToTextMinutes > 0;
