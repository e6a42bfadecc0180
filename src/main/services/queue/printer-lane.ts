import { JobError } from '../../../shared/job-error';
import { BLOCKER_TEXTS, blockerOf, type PrintBlocker } from '../../../shared/printer-status/live-status';
import { refusedText } from '../printer-status/check-before-job';
import type { PrinterMonitor } from '../printer-status/printer-monitor';
import { FairWaiting, type WaitingJob } from './fair-waiting';

/** One printer's jobs: printed one at a time, taken from `waiting` in turns by requester (see FairWaiting). */
export interface PrinterLane {
  uri: string;
  /** The model set for this printer in the window (see Encoder). */
  model: string | undefined;
  /** Watches the printer where it reads back (TCP, USB); spooler queues and the virtual printer have none. */
  monitor: PrinterMonitor | undefined;
  waiting: FairWaiting;
  current: Promise<void> | null;
  /** The job `current` prints (from the moment the worker takes it, encoding included). */
  currentId: string | null;
  /** Encoded and waiting for the journal to record that it is printing. */
  held: { job: WaitingJob; bytes: Uint8Array | null } | null;
}

export function newLane(uri: string, model: string | undefined, monitor: PrinterMonitor | undefined): PrinterLane {
  return { uri, model, monitor, waiting: new FairWaiting(), current: null, currentId: null, held: null };
}

/**
 * A printer known to be out of paper, open or in error refuses new jobs; a silent one is still tried (it may be
 * back). The last reading may be older than the fix (paper loaded a second ago), so it is asked once more first.
 */
export async function refusingBlocker(monitor: PrinterMonitor): Promise<PrintBlocker | null> {
  const refuses = (): boolean => {
    const blocker = blockerOf(monitor.status);
    return blocker !== null && blocker !== 'silent';
  };
  if (!refuses()) return null;
  await monitor.poll().catch(() => undefined);
  return refuses() ? blockerOf(monitor.status) : null;
}

export function heldText(detail: string, uri: string, which: 'held' | 'not-sent'): string {
  const what = which === 'held' ? 'Ticketera holds this ticket' : 'this ticket was not sent yet: Ticketera holds it';
  return `PRINTER: ${detail}: the printer at ${uri} stopped, so ${what} and will not print it by itself; print it again from the POS, or with "Print now" in the Ticketera window`;
}

/** How check-before-job ends the text of a job it stopped because the printer did not answer before its first byte. */
const NOT_SENT_ENDING = ', so this ticket was not sent';

/**
 * Whether a delivery failed before the job's first byte left: the monitor's check before the job (check-before-job.ts,
 * on its own session, ahead of any byte of the job) found the printer stopped or silent. Those two texts are the only
 * failures of a delivery that promise nothing was sent; anything else (a connection lost mid-job, a stall, a spooler's
 * refusal) may have left part of the job in the printer and counts as sent, so its id is never printed twice.
 */
export function failedBeforeFirstByte(error: unknown, uri: string): boolean {
  if (!(error instanceof JobError) || error.category !== 'PRINTER') return false;
  const { detail } = error;
  if (detail.endsWith(NOT_SENT_ENDING)) return true;
  return (Object.keys(BLOCKER_TEXTS) as PrintBlocker[]).some((blocker) => detail === refusedText(blocker, uri));
}
