import fs from 'node:fs';
import path from 'node:path';
import type { WalInspection } from './wal-inspection';

/** A journal found damaged at start-up: what was done about it and what may be lost, said loudly everywhere. */
export interface JournalDamage {
  /** The damaged file: the journal itself or its write-ahead log. */
  file: string;
  /** Where the damaged files were kept (never deleted). */
  keptAt: string;
  reason: string;
  /**
   * `acknowledged`: tickets that got an `ack` were lost. `unacknowledged`: only writes never acknowledged were lost.
   * `maybe-acknowledged`: the damage hides which. `history`: the whole journal was unreadable and a new one started.
   */
  lost: 'acknowledged' | 'unacknowledged' | 'maybe-acknowledged' | 'history';
  /** The same in one English sentence, for the log and /health. */
  message: string;
}

const LOST_TEXT: Record<JournalDamage['lost'], string> = {
  acknowledged: 'Tickets acknowledged just before the service stopped were lost and will not print: send them again from the POS.',
  'maybe-acknowledged': 'Tickets acknowledged just before the service stopped may have been lost: check the last sales printed.',
  unacknowledged: 'Only writes that were never acknowledged were lost: no acknowledged ticket is missing.',
  history:
    'A new, empty journal was started: jobs waiting to print when the service stopped were not printed, and the job history is only in the kept file.',
};

/** A folder beside the journal named after the moment, for the damaged files. */
export function damagedFilesFolder(journalFile: string, now: Date): string {
  return path.join(path.dirname(journalFile), `journal-damaged-${now.toISOString().replace(/[:.]/g, '-')}`);
}

/** Copies the journal and its log aside before SQLite reads (and so rewrites) the log. */
export function keepCopies(journalFile: string, folder: string): void {
  fs.mkdirSync(folder, { recursive: true });
  for (const suffix of ['', '-wal']) {
    const source = `${journalFile}${suffix}`;
    if (fs.existsSync(source)) fs.copyFileSync(source, path.join(folder, path.basename(source)));
  }
}

/** Moves an unreadable journal and its companions aside so a fresh one can start in its place. */
export function moveAside(journalFile: string, folder: string): void {
  fs.mkdirSync(folder, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    const source = `${journalFile}${suffix}`;
    if (fs.existsSync(source)) fs.renameSync(source, path.join(folder, path.basename(source)));
  }
}

export function walDamage(walFile: string, keptAt: string, wal: Extract<WalInspection, { state: 'damaged' }>): JournalDamage {
  const lost = wal.acknowledgedLost === 'yes' ? 'acknowledged' : wal.acknowledgedLost === 'no' ? 'unacknowledged' : 'maybe-acknowledged';
  return {
    file: walFile,
    keptAt,
    reason: wal.reason,
    lost,
    message: `The journal's log ${walFile} was damaged: ${wal.reason}. ${LOST_TEXT[lost]} The damaged files were kept in ${keptAt}.`,
  };
}

export function unreadableJournal(file: string, keptAt: string, reason: string): JournalDamage {
  return {
    file,
    keptAt,
    reason,
    lost: 'history',
    message: `The journal ${file} could not be read (${reason}) and was moved to ${keptAt}. ${LOST_TEXT.history}`,
  };
}
