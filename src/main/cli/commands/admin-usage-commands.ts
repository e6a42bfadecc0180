import { customTagCsv, usageCsv } from '../../../shared/contract/admin-csv';
import type { CustomTagReport, UsageCounters, UsageReport } from '../../../shared/contract/admin-types';
import { alignColumns } from '../text-columns';
import { ADMIN_TEXTS } from './admin-messages';
import { adminSubcommand, outputFormat } from './admin-subcommand';
import type { CliLanguage } from '../cli-language';

function countersJson(usage: UsageCounters): Record<string, number> {
  return {
    total_characters: usage.totalCharacters,
    text_translation_characters: usage.textTranslationCharacters,
    document_translation_characters: usage.documentTranslationCharacters,
    text_improvement_characters: usage.textImprovementCharacters,
    speech_to_text_minutes: usage.speechToTextMinutes,
  };
}

/** The report as the service names its fields (`usage_report`), checked and with days as `yyyy-mm-dd`. */
function usageJson(report: UsageReport): unknown {
  const rowsName = report.groupBy === 'key' ? 'key_usages' : 'key_and_day_usages';
  return {
    usage_report: {
      total_usage: countersJson(report.total),
      ...(report.groupBy ? { group_by: report.groupBy } : {}),
      start_date: report.from,
      end_date: report.to,
      ...(report.groupBy
        ? {
            [rowsName]: report.rows.map((row) => ({
              api_key: row.apiKey,
              api_key_label: row.label,
              ...(row.day ? { usage_date: row.day } : {}),
              usage: countersJson(row.usage),
            })),
          }
        : {}),
    },
  };
}

const minutes = (value: number): string => value.toFixed(2);

export function usageText(report: UsageReport, language: CliLanguage): string {
  const es = language === 'es';
  const t = report.total;
  const totals = alignColumns([
    [es ? 'Del' : 'From', report.from],
    [es ? 'Al' : 'To', report.to],
    [es ? 'Caracteres en total' : 'Total characters', String(t.totalCharacters)],
    [es ? '  Traducción de texto' : '  Text translation', String(t.textTranslationCharacters)],
    [es ? '  Traducción de documentos' : '  Document translation', String(t.documentTranslationCharacters)],
    [es ? '  Mejora de texto' : '  Text improvement', String(t.textImprovementCharacters)],
    [es ? 'Minutos de voz a texto' : 'Speech-to-text minutes', minutes(t.speechToTextMinutes)],
  ]);
  if (report.groupBy === null) return totals;
  const header = [
    es ? 'CLAVE' : 'KEY',
    es ? 'ETIQUETA' : 'LABEL',
    ...(report.groupBy === 'key_and_day' ? [es ? 'DÍA' : 'DAY'] : []),
    'TOTAL',
    es ? 'TEXTO' : 'TEXT',
    es ? 'DOCUMENTOS' : 'DOCUMENTS',
    es ? 'MEJORA' : 'IMPROVEMENT',
    es ? 'MIN. VOZ' : 'STT MIN',
  ];
  const rows = report.rows.map((row) => [
    row.apiKey,
    row.label,
    ...(report.groupBy === 'key_and_day' ? [row.day ?? ''] : []),
    String(row.usage.totalCharacters),
    String(row.usage.textTranslationCharacters),
    String(row.usage.documentTranslationCharacters),
    String(row.usage.textImprovementCharacters),
    minutes(row.usage.speechToTextMinutes),
  ]);
  return `${totals}\n\n${alignColumns([header, ...rows])}`;
}

function customTagJson(report: CustomTagReport): unknown {
  return {
    custom_tag_usage_report: {
      aggregate_by: report.aggregateBy,
      start_date: report.from,
      end_date: report.to,
      pages: report.pages,
      usage: report.rows.map((row) => ({
        custom_tag: row.tag,
        ...(row.day ? { usage_date: row.day } : {}),
        breakdown: {
          total_characters: row.usage.totalCharacters,
          text_translation_characters: row.usage.textTranslationCharacters,
          text_improvement_characters: row.usage.textImprovementCharacters,
        },
      })),
    },
  };
}

function customTagText(report: CustomTagReport, language: CliLanguage): string {
  const es = language === 'es';
  const byDay = report.aggregateBy === 'day';
  const header = [es ? 'ETIQUETA' : 'TAG', ...(byDay ? [es ? 'DÍA' : 'DAY'] : []), 'TOTAL', es ? 'TEXTO' : 'TEXT', es ? 'MEJORA' : 'IMPROVEMENT'];
  const rows = report.rows.map((row) => [
    row.tag,
    ...(byDay ? [row.day ?? ''] : []),
    String(row.usage.totalCharacters),
    String(row.usage.textTranslationCharacters),
    String(row.usage.textImprovementCharacters),
  ]);
  return alignColumns([header, ...rows]);
}

const rangeOptions = {
  from: { type: 'string' },
  to: { type: 'string' },
  json: { type: 'boolean', default: false },
  csv: { type: 'boolean', default: false },
} as const;

export const usageSubcommand = adminSubcommand(
  { name: 'usage', usage: 'usage --from YYYY-MM-DD --to YYYY-MM-DD [--group-by key|key_and_day] [--json|--csv]', options: { ...rangeOptions, 'group-by': { type: 'string' } }, positionals: 0 },
  async (session, { values }) => {
    const format = outputFormat(values);
    const report = await session.client.usage({ from: values.from ?? '', to: values.to ?? '', groupBy: values['group-by'] }, session.signal);
    if (format === 'csv') process.stdout.write(usageCsv(report));
    else process.stdout.write(`${format === 'json' ? JSON.stringify(usageJson(report), null, 2) : usageText(report, session.language)}\n`);
    return 0;
  },
);

export const customTagsSubcommand = adminSubcommand(
  {
    name: 'custom-tags',
    usage: 'custom-tags --from YYYY-MM-DD --to YYYY-MM-DD [--aggregate-by period|day] [--json|--csv]',
    options: { ...rangeOptions, 'aggregate-by': { type: 'string' } },
    positionals: 0,
  },
  async (session, { values }) => {
    const format = outputFormat(values);
    const report = await session.client.customTags({ from: values.from ?? '', to: values.to ?? '', aggregateBy: values['aggregate-by'] }, session.signal);
    if (format === 'csv') process.stdout.write(customTagCsv(report));
    else if (format === 'json') process.stdout.write(`${JSON.stringify(customTagJson(report), null, 2)}\n`);
    else {
      process.stdout.write(`${customTagText(report, session.language)}\n`);
      process.stderr.write(`${ADMIN_TEXTS.pages[session.language](report.pages)}\n`);
    }
    return 0;
  },
);
