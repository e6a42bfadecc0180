import type { CustomTagReport, UsageReport } from './admin-types';

/**
 * The admin reports as CSV (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a comma, quote or
 * line break, quotes doubled). The same text for `admin usage --csv` and the window's export. Columns keep the
 * service's field names so a spreadsheet made from one lines up with the service's documentation.
 */

type Cell = string | number | null;

const USAGE_COLUMNS = [
  'api_key',
  'api_key_label',
  'usage_date',
  'total_characters',
  'text_translation_characters',
  'document_translation_characters',
  'text_improvement_characters',
  'speech_to_text_minutes',
] as const;

const TAG_COLUMNS = ['custom_tag', 'usage_date', 'total_characters', 'text_translation_characters', 'text_improvement_characters'] as const;

/** One row per key (and day) of a grouped report; an ungrouped report is one row of totals. */
export function usageCsv(report: UsageReport): string {
  const rows: Cell[][] =
    report.groupBy === null
      ? [['', '', '', ...counters(report.total)]]
      : report.rows.map((row) => [row.apiKey, row.label, row.day, ...counters(row.usage)]);
  return csv([[...USAGE_COLUMNS], ...rows]);
}

export function customTagCsv(report: CustomTagReport): string {
  return csv([
    [...TAG_COLUMNS],
    ...report.rows.map((row) => [row.tag, row.day, row.usage.totalCharacters, row.usage.textTranslationCharacters, row.usage.textImprovementCharacters]),
  ]);
}

function counters(usage: UsageReport['total']): number[] {
  return [usage.totalCharacters, usage.textTranslationCharacters, usage.documentTranslationCharacters, usage.textImprovementCharacters, usage.speechToTextMinutes];
}

export function csv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Cells a spreadsheet would run as a formula (a key label "=HYPERLINK(…)"): kept as text by a leading quote mark. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
