import { NothingSentError } from '../../../shared/job-error';
import { blockerOf, type PrintBlocker } from '../../../shared/printer-status/live-status';
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

/**
 * Whether a delivery failed before the job's first byte left: only a failure its transport or the printer's monitor
 * marked as such (NothingSentError: not connected, device not opened, refused before the job existed, stopped by the
 * printer's answer just before it). Anything else (a connection lost mid-job, a stall, a spooler that may hold the
 * job) may have left part of it in the printer and counts as sent, so its id is never printed twice.
 */
export const failedBeforeFirstByte = (error: unknown): boolean => error instanceof NothingSentError;
