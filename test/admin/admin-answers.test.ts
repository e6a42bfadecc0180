import { describe, expect, it } from 'vitest';
import { customTagCsv, usageCsv } from '../../src/shared/contract/admin-csv';
import { customTagPageOf, keyListOf, usageReportOf } from '../../src/main/services/admin/admin-answers';

/** The OpenAPI's own example (`withGrouping`). */
const GROUPED = {
  usage_report: {
    total_usage: { total_characters: 9619, text_translation_characters: 4892, document_translation_characters: 0, text_improvement_characters: 4727, speech_to_text_minutes: 107.46 },
    group_by: 'key_and_day',
    start_date: '2025-09-29T00:00:00',
    end_date: '2025-10-01T00:00:00',
    key_and_day_usages: [
      {
        api_key: 'dc88****3a2c',
        api_key_label: 'Staging API Key',
        usage_date: '2025-09-29T00:00:00Z',
        usage: { total_characters: 315, text_translation_characters: 159, document_translation_characters: 0, text_improvement_characters: 156, speech_to_text_minutes: 11.94 },
      },
    ],
  },
};

describe('reading the usage report', () => {
  it('reads the documented example, with decimal speech-to-text minutes and days', () => {
    const report = usageReportOf(GROUPED, 'key_and_day');
    expect(report).toMatchObject({ from: '2025-09-29', to: '2025-10-01', groupBy: 'key_and_day' });
    expect(report.total.speechToTextMinutes).toBe(107.46);
    expect(report.rows).toEqual([
      {
        apiKey: 'dc88****3a2c',
        label: 'Staging API Key',
        day: '2025-09-29',
        usage: { totalCharacters: 315, textTranslationCharacters: 159, documentTranslationCharacters: 0, textImprovementCharacters: 156, speechToTextMinutes: 11.94 },
      },
    ]);
  });

  it('refuses null where a number belongs, naming the field', () => {
    const broken = structuredClone(GROUPED);
    (broken.usage_report.key_and_day_usages[0]!.usage as Record<string, unknown>)['text_translation_characters'] = null;
    expect(() => usageReportOf(broken, 'key_and_day')).toThrow('usage_report.key_and_day_usages[0].usage.text_translation_characters is null, expected a whole number');
    const decimal = structuredClone(GROUPED);
    decimal.usage_report.total_usage.total_characters = 9619.5;
    expect(() => usageReportOf(decimal, 'key_and_day')).toThrow('usage_report.total_usage.total_characters is 9619.5, expected a whole number');
  });

  it('refuses a grouping echo other than the one asked for, known or not', () => {
    const unknown = { usage_report: { ...GROUPED.usage_report, group_by: 'week' } };
    expect(() => usageReportOf(unknown, 'key_and_day')).toThrow('usage_report.group_by is "week", expected one of key, key_and_day');
    expect(() => usageReportOf(GROUPED, 'key')).toThrow('usage_report.group_by is "key_and_day", expected "key"');
    const { group_by: _dropped, key_and_day_usages: _rows, ...plain } = GROUPED.usage_report;
    expect(() => usageReportOf({ usage_report: plain }, 'key')).toThrow('usage_report.group_by is missing, expected "key"');
    expect(usageReportOf({ usage_report: plain }, null).rows).toEqual([]);
  });

  it('refuses a grouped report without its rows', () => {
    const { key_and_day_usages: _rows, ...rowless } = GROUPED.usage_report;
    expect(() => usageReportOf({ usage_report: rowless }, 'key_and_day')).toThrow('usage_report.key_and_day_usages is missing');
  });
});

describe('reading developer keys', () => {
  it('takes the documented defaults for what may be left out, and keeps 0 apart from no limit', () => {
    const [bare, limited] = keyListOf([
      { key_id: 'a:b', label: 'DeepL API Key', creation_time: '2025-07-08T08:15:29.362Z' },
      { key_id: 'c:d', label: 'Caja', creation_time: '2025-07-08T08:15:29.362Z', deactivated_time: null, is_deactivated: false, usage_limits: { characters: 0, speech_to_text_milliseconds: null } },
    ]);
    expect(bare).toEqual({ keyId: 'a:b', label: 'DeepL API Key', createdAt: '2025-07-08T08:15:29.362Z', deactivatedAt: null, deactivated: false, limits: { characters: null, speechToTextMilliseconds: null } });
    expect(limited?.limits).toEqual({ characters: 0, speechToTextMilliseconds: null });
  });

  it('refuses a key without an id or with a negative limit', () => {
    expect(() => keyListOf([{ label: 'x', creation_time: 'now' }])).toThrow('developer keys[0].key_id is missing, expected a string');
    expect(() => keyListOf([{ key_id: 'a', label: 'x', creation_time: 'now', usage_limits: { characters: -5 } }])).toThrow('usage_limits.characters is -5');
    expect(() => keyListOf({ keys: [] })).toThrow('developer keys is an object, expected an array');
  });
});

describe('reading a custom-tag page', () => {
  it('reads rows, days and the next page, and refuses an aggregation not asked for', () => {
    const page = customTagPageOf(
      {
        custom_tag_usage_report: {
          aggregate_by: 'day',
          start_date: '2026-05-03T00:00:00',
          end_date: '2026-05-15T00:00:00',
          next_page: 2,
          usage: [{ custom_tag: 'carta', usage_date: '2026-05-04T00:00:00Z', breakdown: { total_characters: 380, text_translation_characters: 380, text_improvement_characters: 0 } }],
        },
      },
      'day',
    );
    expect(page).toEqual({
      from: '2026-05-03',
      to: '2026-05-15',
      aggregateBy: 'day',
      nextPage: 2,
      rows: [{ tag: 'carta', day: '2026-05-04', usage: { totalCharacters: 380, textTranslationCharacters: 380, textImprovementCharacters: 0 } }],
    });
    expect(() => customTagPageOf({ custom_tag_usage_report: { aggregate_by: 'day' } }, 'period')).toThrow('expected "period"');
  });
});

describe('CSV of the reports', () => {
  it('quotes commas, quotes and line breaks, keeps decimals, and defuses formulas', () => {
    const text = usageCsv({
      from: '2025-01-01',
      to: '2025-01-02',
      groupBy: 'key_and_day',
      total: { totalCharacters: 0, textTranslationCharacters: 0, documentTranslationCharacters: 0, textImprovementCharacters: 0, speechToTextMinutes: 0 },
      rows: [
        { apiKey: 'dc88****3a2c', label: 'Caja "1", barra\nnorte', day: '2025-01-01', usage: { totalCharacters: 10, textTranslationCharacters: 7, documentTranslationCharacters: 0, textImprovementCharacters: 3, speechToTextMinutes: 1.25 } },
        { apiKey: 'ab12****cd34', label: '=HYPERLINK("x")', day: '2025-01-02', usage: { totalCharacters: 1, textTranslationCharacters: 1, documentTranslationCharacters: 0, textImprovementCharacters: 0, speechToTextMinutes: 0 } },
      ],
    });
    expect(text.split('\r\n')).toEqual([
      'api_key,api_key_label,usage_date,total_characters,text_translation_characters,document_translation_characters,text_improvement_characters,speech_to_text_minutes',
      'dc88****3a2c,"Caja ""1"", barra\nnorte",2025-01-01,10,7,0,3,1.25',
      `ab12****cd34,"'=HYPERLINK(""x"")",2025-01-02,1,1,0,0,0`,
      '',
    ]);
    expect(customTagCsv({ from: 'a', to: 'b', aggregateBy: 'period', pages: 1, rows: [{ tag: 'carta', day: null, usage: { totalCharacters: 5, textTranslationCharacters: 5, textImprovementCharacters: 0 } }] })).toBe(
      'custom_tag,usage_date,total_characters,text_translation_characters,text_improvement_characters\r\ncarta,,5,5,0\r\n',
    );
  });
});
