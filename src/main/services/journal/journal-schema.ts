import type Database from 'better-sqlite3';
import { searchTextOf } from './ticket-search-text';

/**
 * The journal's tables and the migrations that bring a journal written by an earlier version up to date (nullable
 * columns added, filled where it is cheap), run every time the file is opened.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS jobs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  datos TEXT NOT NULL,
  requested_printer TEXT,
  printer_uri TEXT,
  state TEXT NOT NULL CHECK (state IN ('queued', 'printing', 'success', 'error')),
  result_text TEXT,
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER,
  reprints INTEGER NOT NULL DEFAULT 0,
  search_text TEXT
);
CREATE INDEX IF NOT EXISTS jobs_state ON jobs(state);
CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL);
`;

/**
 * The history is listed newest first, paged and by date range: one small integer index makes those a range read
 * instead of a sort of the whole history (at most `historyLimit` rows).
 */
const CREATED_INDEX = `CREATE INDEX IF NOT EXISTS jobs_created ON jobs(created_at)`;
/** Held jobs are listed on every window refresh and swept for expiry each minute: a few rows out of the history. */
const HELD_INDEX = `CREATE INDEX IF NOT EXISTS jobs_held ON jobs(finished_at) WHERE outcome = 'held'`;
/** Each time a printer's drawer sensor went from closed to open (cash-control audits count them per day). */
const DRAWER_TABLE = `CREATE TABLE IF NOT EXISTS drawer_openings (printer_uri TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS drawer_openings_at ON drawer_openings(at)`;
/**
 * Each earlier print of a job, kept when the job is printed again (issue 24: a reprint never rewrites history). The
 * job's own row always holds the latest print; its `created_at` never changes, `requeued_at` is when the latest
 * reprint was asked for.
 */
const PRINTS_TABLE = `CREATE TABLE IF NOT EXISTS job_prints (
  job_id TEXT NOT NULL, attempt INTEGER NOT NULL, queued_at INTEGER NOT NULL, printer_uri TEXT, state TEXT NOT NULL,
  result_text TEXT, started_at INTEGER, finished_at INTEGER, outcome TEXT, PRIMARY KEY (job_id, attempt)
)`;
/** Journals written before search existed get the column, and their jobs' words, once at start-up. */
const BACKFILL_BATCH = 500;

/** Damage found by SQLite itself, as opposed to a volume that is full or cannot be written. */
export class DamageFound extends Error {}
export const DAMAGE_CODES = /^SQLITE_(NOTADB|CORRUPT)/;
export function configure(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  // Commits reach the OS at once and the disk when `flush()` says so (see there).
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new DamageFound(`integrity check: ${String(check)}`);
  db.exec(SCHEMA);
  addSearchText(db);
  addOutcome(db);
  addColumn(db, 'requeued_at', 'INTEGER');
  addColumn(db, 'printed_model', 'TEXT');
  // Where each ticket came from (see shared/contract/job-source); null in jobs journaled before it was kept.
  addColumn(db, 'source_kind', 'TEXT');
  addColumn(db, 'source_label', 'TEXT');
  addBytesSent(db);
  db.exec(PRINTS_TABLE);
  addColumn(db, 'printed_model', 'TEXT', 'job_prints');
  db.exec(CREATED_INDEX);
  db.exec(HELD_INDEX);
  db.exec(DRAWER_TABLE);
}

/** Adds the search column to a journal from an earlier version and fills it from each stored ticket. */
function addSearchText(db: Database.Database): void {
  const columns = db.pragma('table_info(jobs)') as Array<{ name: string }>;
  if (!columns.some((column) => column.name === 'search_text')) db.exec('ALTER TABLE jobs ADD COLUMN search_text TEXT');
  const missing = db.prepare('SELECT seq, datos FROM jobs WHERE search_text IS NULL LIMIT ?');
  const fill = db.prepare('UPDATE jobs SET search_text = ? WHERE seq = ?');
  for (;;) {
    const rows = missing.all(BACKFILL_BATCH) as Array<{ seq: number; datos: string }>;
    if (rows.length === 0) return;
    db.transaction(() => {
      for (const row of rows) fill.run(searchTextOf(parsedOrText(row.datos)), row.seq);
    })();
  }
}

/** Journals from before outcomes were recorded get the column; their jobs keep a null outcome (shown by state). */
function addOutcome(db: Database.Database): void {
  const columns = db.pragma('table_info(jobs)') as Array<{ name: string }>;
  if (!columns.some((column) => column.name === 'outcome')) db.exec('ALTER TABLE jobs ADD COLUMN outcome TEXT');
}

/**
 * Whether any byte of a job's latest attempt may have reached a printer (1) or none did (0): a job that printed nothing
 * is not final for its id (an offer again under it prints). Journals from before it was kept are filled once from what
 * they know: a job that never started sending (refused before its first byte, held behind another, cancelled) sent
 * nothing; one that started may have, and one that printed did.
 */
function addBytesSent(db: Database.Database): void {
  const columns = db.pragma('table_info(jobs)') as Array<{ name: string }>;
  if (columns.some((column) => column.name === 'bytes_sent')) return;
  db.exec('ALTER TABLE jobs ADD COLUMN bytes_sent INTEGER');
  db.exec(`UPDATE jobs SET bytes_sent = CASE WHEN state = 'success' OR started_at IS NOT NULL THEN 1 ELSE 0 END WHERE state IN ('success', 'error')`);
}

/** Adds a nullable column a journal from an earlier version lacks. */
function addColumn(db: Database.Database, name: string, type: string, table: 'jobs' | 'job_prints' = 'jobs'): void {
  const columns = db.pragma(`table_info(${table})`) as Array<{ name: string }>;
  if (!columns.some((column) => column.name === name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
}

/** Tickets are stored as JSON; should one not parse, its raw text is still searchable. */
function parsedOrText(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return { text: json };
  }
}
