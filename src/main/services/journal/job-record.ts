import type { JobSource } from '../../../shared/contract/job-source';
import type { JobOutcome, JobPrintView } from '../../../shared/contract/types';

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
 * A finished job that put nothing on paper and was never printed again by hand: not final for its id, so the same id
 * offered again (a POS resending, a server offering the order again) is a new attempt. Anything that printed, or may
 * have (bytes sent, a held or interrupted job), is answered from the journal and never printed twice.
 */
export const printedNothing = (record: JobRecord): boolean => record.state === 'error' && record.bytesSent === false && record.reprints === 0;

/** One earlier print of a job, kept when it was printed again (the latest print is the job's own fields). */
export type JobPrint = JobPrintView;

/** In the shared contract: the window tells it apart to show it in its own language. */
export { INTERRUPTED_TEXT } from '../../../shared/contract/types';
