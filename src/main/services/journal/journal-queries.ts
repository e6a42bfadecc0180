import type Database from 'better-sqlite3';
import { VIRTUAL_PRINTER_URI, isVirtualPrinter } from '../../../shared/printers';
import { whereOf, pageOf, type JobFilter } from './job-query';
import type { JobPrint, JobRecord, JobState } from './job-record';
import { toRecord, type JobRow, type PrintRow, type Statements } from './journal-rows';

/**
 * What the window reads from the journal (the history's pages, today's counts, the printers a filter offers, a job's
 * earlier prints), apart from the write path every ticket takes. JobJournal runs these inside its error handling.
 */

/** One page of the jobs a filter matches, newest first, and how many match in all. */
export function queryJobs(db: Database.Database, filter: JobFilter): { jobs: JobRecord[]; total: number } {
  const { where, params } = whereOf(filter);
  const { limit, offset } = pageOf(filter);
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM jobs ${where}`).get(...params) as { n: number }).n;
  const rows = db.prepare(`SELECT * FROM jobs ${where} ORDER BY created_at DESC, seq DESC LIMIT ? OFFSET ?`).all(...params, limit, offset) as JobRow[];
  return { jobs: rows.map(toRecord), total };
}

/** See JobJournal.countsSince. */
export function countsOf(statements: Statements, since: number, cancelledText: string): Record<JobState | 'cancelled', number> {
  const counts = { queued: 0, printing: 0, success: 0, error: 0, cancelled: 0 };
  const rows = statements.countsSince.all({ cancelled: cancelledText, since }) as Array<{ state: JobState; cancelled: number | null; n: number }>;
  for (const row of rows) counts[row.state === 'error' && row.cancelled === 1 ? 'cancelled' : row.state] += row.n;
  return counts;
}

/** Every printer the history names (asked for or used); the virtual printer once, by either name. */
export function printerNames(statements: Statements, limit: number): string[] {
  const names = (statements.printers.all(limit) as Array<{ name: string }>).map((row) => (isVirtualPrinter(row.name) ? VIRTUAL_PRINTER_URI : row.name));
  return [...new Set(names)];
}

/** A job's earlier prints, oldest first (the latest one is the job itself). */
export function earlierPrintsOf(statements: Statements, id: string): JobPrint[] {
  return (statements.earlierPrints.all(id) as PrintRow[]).map((row) => ({
    queuedAt: row.queued_at,
    printerUri: row.printer_uri,
    state: row.state,
    resultText: row.result_text,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    outcome: row.outcome,
    ...(row.printed_model !== null ? { model: row.printed_model } : {}),
  }));
}
