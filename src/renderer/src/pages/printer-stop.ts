import { BLOCKER_TEXTS, type PrintBlocker } from '../../../shared/printer-status/live-status';

// Apart from page-parts, like job-result.ts: the reading of the service's words is testable alone.

/**
 * A ticket the printer's state stopped, as the service words it for the POS (bilingual, with the printer's address):
 * refused before any byte (check-before-job.ts `refusedText`), held when the printer stopped with it, or held behind
 * one that stopped before being sent at all (printer-lane.ts `heldText`). The window tells it in its own language.
 */
export interface PrinterStop {
  how: 'refused' | 'held' | 'not-sent';
  /** The printer's address as the service wrote it (named in words by printer-label). */
  uri: string;
  blocker: PrintBlocker | undefined;
}

const REFUSED = /the printer at (.+?) cannot print now, so this ticket was not taken/;
const HELD = /the printer at (.+?) stopped, so (Ticketera holds this ticket|this ticket was not sent yet)/;

/** The stop a `PRINTER:` detail describes, if it is one of the service's held or refused texts. */
export function printerStopIn(detail: string): PrinterStop | undefined {
  const blocker = (Object.keys(BLOCKER_TEXTS) as PrintBlocker[]).find((candidate) => detail.includes(BLOCKER_TEXTS[candidate]));
  const refused = REFUSED.exec(detail);
  if (refused?.[1] !== undefined) return { how: 'refused', uri: refused[1], blocker };
  const held = HELD.exec(detail);
  if (held?.[1] !== undefined) return { how: held[2] === 'Ticketera holds this ticket' ? 'held' : 'not-sent', uri: held[1], blocker };
  return undefined;
}
