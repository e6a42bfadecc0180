import fs from 'node:fs';
import path from 'node:path';

/** Why the journal cannot be written right now; shown on /health and in the window until it clears. */
export interface JournalProblem {
  kind: 'disk-full' | 'unwritable';
  /** Plain words with the file and SQLite's code, e.g. `the disk is full (/data/journal.sqlite: SQLITE_FULL)`. */
  detail: string;
  since: number;
}

/** A journal read or write that failed; carries the problem so callers can say what is wrong. */
export class JournalError extends Error {
  constructor(readonly problem: JournalProblem) {
    super(problem.detail);
    this.name = 'JournalError';
  }
}

/** Less free space than this on the journal's volume counts as a full disk, whatever error SQLite chose to report. */
const NEARLY_FULL_BYTES = 64 * 1024;

function freeBytes(dir: string): number | undefined {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/**
 * Names a storage failure. A full volume shows up as SQLITE_FULL, but also as SQLITE_IOERR_SHMSIZE or ENOSPC
 * depending on which file SQLite was growing, so the free space is asked as well.
 */
export function journalProblemOf(error: unknown, file: string, now = Date.now()): JournalProblem {
  const code = (error as { code?: unknown } | null)?.code;
  const shownCode = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  const free = freeBytes(path.dirname(file));
  const full = code === 'SQLITE_FULL' || code === 'ENOSPC' || (free !== undefined && free < NEARLY_FULL_BYTES);
  return full
    ? { kind: 'disk-full', detail: `the disk is full (${file}: ${shownCode})`, since: now }
    : { kind: 'unwritable', detail: `the journal cannot be written (${file}: ${shownCode})`, since: now };
}
