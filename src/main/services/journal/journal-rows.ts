import type Database from 'better-sqlite3';
import type { JobSource } from '../../../shared/contract/job-source';
import type { JobOutcome } from '../../../shared/contract/types';
import type { JobRecord, JobState } from './job-record';

/** The journal's rows as SQLite returns them, its prepared statements, and a row turned into a JobRecord. */
export interface JobRow {
  id: string;
  datos: string;
  requested_printer: string | null;
  printer_uri: string | null;
  state: JobState;
  result_text: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  reprints: number;
  outcome: JobOutcome | null;
  requeued_at: number | null;
  printed_model: string | null;
  source_kind: string | null;
  source_label: string | null;
  bytes_sent: 0 | 1 | null;
}

export interface PrintRow {
  queued_at: number;
  printer_uri: string | null;
  state: JobState;
  result_text: string | null;
  started_at: number | null;
  finished_at: number | null;
  outcome: JobOutcome | null;
  printed_model: string | null;
}

export const INSERT_JOBS = 'INSERT INTO jobs (id, datos, requested_printer, state, created_at, search_text, source_kind, source_label) VALUES';
export const INSERT_ROW = "(?, ?, ?, 'queued', ?, ?, ?, ?)";
/** Rows per INSERT statement of a batch: 224 parameters, far below SQLite's limit of 32,766. */
export const ROWS_PER_INSERT = 32;

export function prepare(db: Database.Database) {
  return {
    insert: db.prepare(`${INSERT_JOBS} ${INSERT_ROW}`),
    // From `printing` on, bytes may leave: a crash now leaves the job marked as having sent some (never printed twice).
    start: db.prepare(`UPDATE jobs SET state = 'printing', printer_uri = ?, started_at = ?, printed_model = ?, bytes_sent = 1 WHERE id = ?`),
    // `bytes_sent` as the queue knows it; when not told, what `printing` said (never started: nothing sent).
    finish: db.prepare(
      `UPDATE jobs SET state = ?, result_text = ?, finished_at = ?, outcome = ?, printer_uri = COALESCE(printer_uri, ?),
       bytes_sent = COALESCE(?, bytes_sent, 0) WHERE id = ?`,
    ),
    cancel: db.prepare(`UPDATE jobs SET state = 'error', result_text = ?, finished_at = ?, outcome = 'failed', bytes_sent = 0 WHERE id = ? AND state = 'queued'`),
    held: db.prepare(`SELECT * FROM jobs WHERE outcome = 'held' ORDER BY finished_at, seq LIMIT ?`),
    heldBefore: db.prepare(`SELECT id FROM jobs WHERE outcome = 'held' AND finished_at < ?`),
    release: db.prepare(`UPDATE jobs SET outcome = ? WHERE id = ? AND outcome = 'held'`),
    drawerOpened: db.prepare(`INSERT INTO drawer_openings (printer_uri, at) VALUES (?, ?)`),
    drawerOpenings: db.prepare(`SELECT printer_uri AS printer, at FROM drawer_openings WHERE at >= ? AND at < ? ORDER BY at`),
    // Printed and failed count by when each print ended; waiting and printing by when they were last asked for. An
    // earlier print of a reprinted job counts only if it came out (an owner's "printed today" is the paper that came
    // out today): an earlier failure is not one, since the ticket's own row says how it finally went (a ticket held
    // for paper and printed later is no failure beside the list that shows it printed).
    // At most `historyLimit` rows are read (about half a millisecond for 10,000): no index to keep up on every finish.
    countsSince: db.prepare(
      `SELECT state, cancelled, COUNT(*) AS n FROM (
         SELECT state, result_text = :cancelled AS cancelled FROM jobs
         WHERE CASE WHEN state IN ('success', 'error') THEN finished_at ELSE COALESCE(requeued_at, created_at) END >= :since
         UNION ALL
         SELECT state, 0 AS cancelled FROM job_prints WHERE finished_at >= :since AND state = 'success'
       ) GROUP BY state, cancelled`,
    ),
    printers: db.prepare(
      `SELECT name FROM (SELECT requested_printer AS name FROM jobs UNION SELECT printer_uri FROM jobs)
       WHERE name IS NOT NULL ORDER BY name LIMIT ?`,
    ),
    keepPrint: db.prepare(
      `INSERT OR REPLACE INTO job_prints (job_id, attempt, queued_at, printer_uri, state, result_text, started_at, finished_at, outcome, printed_model)
       SELECT id, reprints, COALESCE(requeued_at, created_at), printer_uri, state, result_text, started_at, finished_at, outcome, printed_model
       FROM jobs WHERE id = ? AND state IN ('success', 'error')`,
    ),
    requeue: db.prepare(
      `UPDATE jobs SET state = 'queued', result_text = NULL, started_at = NULL, finished_at = NULL,
       reprints = reprints + 1, requeued_at = ?, outcome = NULL, printed_model = NULL, bytes_sent = NULL WHERE id = ? AND state IN ('success', 'error')`,
    ),
    // An id offered again after an attempt that put nothing on a printer (and never printed again by hand, nor was
    // cancelled or discarded by the owner: the last `?` is the cancel's result text): the new attempt takes the row's
    // place, with the document as offered now. Guarded here, in the statement that writes it (printedNothing).
    retry: db.prepare(
      `UPDATE jobs SET datos = ?, requested_printer = ?, search_text = ?, source_kind = ?, source_label = ?, requeued_at = ?,
       state = 'queued', result_text = NULL, printer_uri = NULL, started_at = NULL, finished_at = NULL, outcome = NULL,
       printed_model = NULL, bytes_sent = NULL WHERE id = ? AND state = 'error' AND bytes_sent = 0 AND reprints = 0
       AND outcome IS NOT 'discarded' AND result_text IS NOT ?`,
    ),
    // A new attempt whose acceptance could not be made durable: it ends as not taken, nothing sent (its POS was told).
    undoRetry: db.prepare(
      `UPDATE jobs SET state = 'error', result_text = ?, finished_at = ?, outcome = 'failed', bytes_sent = 0 WHERE id = ? AND state = 'queued'`,
    ),
    earlierPrints: db.prepare(`SELECT * FROM job_prints WHERE job_id = ? ORDER BY attempt`),
    pruneprints: db.prepare(`DELETE FROM job_prints WHERE job_id NOT IN (SELECT id FROM jobs)`),
    get: db.prepare(`SELECT * FROM jobs WHERE id = ?`),
    document: db.prepare(`SELECT datos FROM jobs WHERE id = ?`),
    byState: db.prepare(`SELECT * FROM jobs WHERE state = ? ORDER BY seq`),
    recent: db.prepare(`SELECT * FROM jobs ORDER BY seq DESC LIMIT ?`),
    interrupt: db.prepare(`UPDATE jobs SET state = 'error', result_text = ?, finished_at = ?, outcome = 'failed' WHERE state = 'printing'`),
    prune: db.prepare(`DELETE FROM jobs WHERE state IN ('success', 'error') AND seq <= (SELECT MAX(seq) FROM jobs) - ?`),
    probe: db.prepare(`INSERT OR REPLACE INTO probe (id, at) VALUES (1, ?)`),
    forget: db.prepare(`DELETE FROM jobs WHERE id = ? AND state = 'queued'`),
    ids: db.prepare(`SELECT id FROM jobs`),
  };
}
export type Statements = ReturnType<typeof prepare>;

export function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    datos: JSON.parse(row.datos) as unknown,
    requestedPrinter: row.requested_printer,
    printerUri: row.printer_uri,
    state: row.state,
    resultText: row.result_text,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    reprints: row.reprints,
    outcome: row.outcome,
    requeuedAt: row.requeued_at,
    printedModel: row.printed_model,
    source: sourceOf(row),
    bytesSent: row.bytes_sent === null ? null : row.bytes_sent === 1,
  };
}

/** The stored source; none for a job journaled before sources were kept. */
function sourceOf(row: JobRow): JobSource | null {
  return row.source_kind === null ? null : { kind: row.source_kind, label: row.source_label ?? '' };
}
