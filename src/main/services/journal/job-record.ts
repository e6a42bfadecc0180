import type { JobSource } from '../../../shared/contract/job-source';
import { CANCELLED_TEXT, type JobOutcome, type JobPrintView } from '../../../shared/contract/types';

/** A job as the journal keeps it. */
export type JobState = 'queued' | 'printing' | 'success' | 'error';

export interface JobRecord {
  id: string;
  /** The print document exactly as received (`datos`). */
  datos: unknown;
  /** The printer the job asked for (`datos.printer`), if any. */
  requestedPrinter: string | null;
  /** The printer URI it went to, once known. */
  printerUri: string | null;
  state: JobState;
  /** The `result` text once finished: `Print completed in …` or `CATEGORY: …`. */
  resultText: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** How many times the job was printed again by hand after the first attempt. */
  reprints: number;
  outcome: JobOutcome | null;
  /**
   * When the latest attempt was queued again (a reprint, or the id offered again after an attempt that printed
   * nothing); null before any. `createdAt` stays the ticket's arrival.
   */
  requeuedAt: number | null;
  /** The printer profile the latest print was encoded for (null before it printed, and in journals from before). */
  printedModel: string | null;
  /** Where the ticket came from (null in journals from before it was kept): a reprint never changes it. */
  source: JobSource | null;
  /**
   * Whether any byte of the latest attempt may have reached a printer: false when none did (refused before the job,
   * failed before its first byte, held behind another, cancelled); null while it waits and for jobs journaled before
   * this was kept that never finished.
   */
  bytesSent: boolean | null;
}

/**
 * The owner said "do not print this": cancelled in the window while it waited, or held and discarded. Final for its id
 * like a print, so a POS or a server offering the id again cannot undo it (an expiry is no one's decision: not this).
 * A cancel is known by its result text, as the day's counts know it (countsOf).
 */
export const stoppedByOwner = (record: Pick<JobRecord, 'outcome' | 'resultText'>): boolean => record.outcome === 'discarded' || record.resultText === CANCELLED_TEXT;

/**
 * A finished job that put nothing on paper, was never printed again by hand and was not stopped by the owner: not
 * final for its id, so the same id offered again (a POS resending, a server offering the order again) is a new
 * attempt. Anything that printed, or may have (bytes sent, a held or interrupted job), and anything the owner cancelled
 * or discarded, is answered from the journal and never printed by an offer.
 */
export const printedNothing = (record: JobRecord): boolean => record.state === 'error' && record.bytesSent === false && record.reprints === 0 && !stoppedByOwner(record);

/** One earlier print of a job, kept when it was printed again (the latest print is the job's own fields). */
export type JobPrint = JobPrintView;

/** In the shared contract: the window tells it apart to show it in its own language. */
export { INTERRUPTED_TEXT } from '../../../shared/contract/types';
