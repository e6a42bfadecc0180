import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { INTERRUPTED_TEXT, type JobRecord, type JobState } from './job-record';

interface JobRow {
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
}

export interface NewJob {
  id: string;
  datos: unknown;
  requestedPrinter: string | null;
}


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
  reprints INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS jobs_state ON jobs(state);
`;

/**
 * The durable record of every accepted job (SQLite, WAL, synchronous FULL). A job is written here before its
 * `ack` leaves, so an acknowledged ticket survives a crash; its state then moves queued → printing → success|error.
 */
export class JobJournal {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.statements = {
      insert: this.db.prepare(
        `INSERT INTO jobs (id, datos, requested_printer, state, created_at) VALUES (?, ?, ?, 'queued', ?)`,
      ),
      start: this.db.prepare(`UPDATE jobs SET state = 'printing', printer_uri = ?, started_at = ? WHERE id = ?`),
      finish: this.db.prepare(`UPDATE jobs SET state = ?, result_text = ?, finished_at = ? WHERE id = ?`),
      requeue: this.db.prepare(
        `UPDATE jobs SET state = 'queued', result_text = NULL, started_at = NULL, finished_at = NULL,
         reprints = reprints + 1, created_at = ? WHERE id = ? AND state IN ('success', 'error')`,
      ),
      get: this.db.prepare(`SELECT * FROM jobs WHERE id = ?`),
      byState: this.db.prepare(`SELECT * FROM jobs WHERE state = ? ORDER BY seq`),
      recent: this.db.prepare(`SELECT * FROM jobs ORDER BY seq DESC LIMIT ?`),
      interrupt: this.db.prepare(
        `UPDATE jobs SET state = 'error', result_text = '${INTERRUPTED_TEXT}', finished_at = ? WHERE state = 'printing'`,
      ),
      prune: this.db.prepare(
        `DELETE FROM jobs WHERE state IN ('success', 'error') AND seq <= (SELECT MAX(seq) FROM jobs) - ?`,
      ),
    };
  }

  /** Writes a batch of accepted jobs in one durable transaction (one fsync for all of them). */
  readonly insertMany = (jobs: readonly NewJob[], now = Date.now()): void => {
    this.db.transaction(() => {
      for (const job of jobs) {
        this.statements.insert.run(job.id, JSON.stringify(job.datos), job.requestedPrinter, now);
      }
    })();
  };

  markPrinting(id: string, printerUri: string, now = Date.now()): void {
    this.statements.start.run(printerUri, now, id);
  }

  markFinished(id: string, state: 'success' | 'error', resultText: string, now = Date.now()): void {
    this.statements.finish.run(state, resultText, now, id);
  }

  /** Puts a finished job back in the queue for a manual reprint; false when the job is unknown or unfinished. */
  requeue(id: string, now = Date.now()): boolean {
    return this.statements.requeue.run(now, id).changes === 1;
  }

  get(id: string): JobRecord | undefined {
    const row = this.statements.get.get(id) as JobRow | undefined;
    return row && toRecord(row);
  }

  recent(limit: number): JobRecord[] {
    return (this.statements.recent.all(limit) as JobRow[]).map(toRecord);
  }

  /**
   * After a crash: jobs caught mid-print are marked `EXECUTION: interrupted` (kept for a manual reprint, never
   * printed twice silently); jobs never started come back, oldest first, to be printed.
   */
  recover(now = Date.now()): { pending: JobRecord[]; interrupted: number } {
    const interrupted = this.statements.interrupt.run(now).changes;
    const pending = (this.statements.byState.all('queued') as JobRow[]).map(toRecord);
    return { pending, interrupted };
  }


  /** Keeps the history bounded: finished jobs older than the newest `keep` are forgotten. */
  prune(keep: number): number {
    return this.statements.prune.run(keep).changes;
  }

  close(): void {
    this.db.close();
  }
}

function toRecord(row: JobRow): JobRecord {
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
  };
}
