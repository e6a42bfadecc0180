import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface CachedTranslation {
  text: string;
  detectedSourceLanguage: string;
  /** What the service billed when it first translated this text (a cache hit bills nothing). */
  billedCharacters: number;
  modelTypeUsed?: string;
}

export interface UsageCounters {
  /** Texts answered from the cache (never sent, never billed). */
  hits: number;
  /** Texts sent to the service. */
  sentTexts: number;
  billedCharacters: number;
}

export interface TemplateUsage extends UsageCounters {
  /** The label the caller passed (the designer passes the template name); '' for unlabelled requests. */
  template: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS translations (
  key TEXT PRIMARY KEY,
  source_lang TEXT,
  target_lang TEXT NOT NULL,
  translation TEXT NOT NULL,
  detected_source_language TEXT NOT NULL,
  billed_characters INTEGER NOT NULL,
  model_type_used TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS usage (
  template TEXT PRIMARY KEY,
  hits INTEGER NOT NULL DEFAULT 0,
  sent_texts INTEGER NOT NULL DEFAULT 0,
  billed_characters INTEGER NOT NULL DEFAULT 0
);
`;

interface TranslationRow {
  translation: string;
  detected_source_language: string;
  billed_characters: number;
  model_type_used: string | null;
}

/**
 * Translations already paid for, in their own SQLite file under the data dir (never mixed with the print journal),
 * plus the counters the owner sees: hits and billed characters, per template.
 */
export class TranslationCache {
  private readonly statements;

  private constructor(private readonly db: Database.Database) {
    this.statements = {
      get: db.prepare<[string], TranslationRow>('SELECT translation, detected_source_language, billed_characters, model_type_used FROM translations WHERE key = ?'),
      put: db.prepare(
        `INSERT OR REPLACE INTO translations (key, source_lang, target_lang, translation, detected_source_language, billed_characters, model_type_used, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      count: db.prepare(
        `INSERT INTO usage (template, hits, sent_texts, billed_characters) VALUES (?, ?, ?, ?)
         ON CONFLICT(template) DO UPDATE SET hits = hits + excluded.hits, sent_texts = sent_texts + excluded.sent_texts,
         billed_characters = billed_characters + excluded.billed_characters`,
      ),
      usage: db.prepare<[], { template: string; hits: number; sent_texts: number; billed_characters: number }>('SELECT * FROM usage ORDER BY template'),
    };
  }

  static open(file: string): TranslationCache {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    // The app and a CLI run may use the cache at the same time.
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 3000');
    db.exec(SCHEMA);
    return new TranslationCache(db);
  }

  get(key: string): CachedTranslation | undefined {
    const row = this.statements.get.get(key);
    if (!row) return undefined;
    return {
      text: row.translation,
      detectedSourceLanguage: row.detected_source_language,
      billedCharacters: row.billed_characters,
      ...(row.model_type_used ? { modelTypeUsed: row.model_type_used } : {}),
    };
  }

  put(key: string, languages: { source?: string | undefined; target: string }, entry: CachedTranslation): void {
    this.statements.put.run(
      key,
      languages.source ?? null,
      languages.target,
      entry.text,
      entry.detectedSourceLanguage,
      entry.billedCharacters,
      entry.modelTypeUsed ?? null,
      Date.now(),
    );
  }

  count(template: string, counters: UsageCounters): void {
    if (counters.hits === 0 && counters.sentTexts === 0 && counters.billedCharacters === 0) return;
    this.statements.count.run(template, counters.hits, counters.sentTexts, counters.billedCharacters);
  }

  usage(): { total: UsageCounters; templates: TemplateUsage[] } {
    const templates = this.statements.usage.all().map((row) => ({
      template: row.template,
      hits: row.hits,
      sentTexts: row.sent_texts,
      billedCharacters: row.billed_characters,
    }));
    const total = templates.reduce(
      (sum, row) => ({ hits: sum.hits + row.hits, sentTexts: sum.sentTexts + row.sentTexts, billedCharacters: sum.billedCharacters + row.billedCharacters }),
      { hits: 0, sentTexts: 0, billedCharacters: 0 },
    );
    return { total, templates };
  }

  close(): void {
    this.db.close();
  }
}
