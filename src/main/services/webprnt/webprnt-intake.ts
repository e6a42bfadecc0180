import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ImageData, PrintDocument } from '../../../shared/document/types';
import type { PrinterLiveStatus, PrintBlocker } from '../../../shared/printer-status/live-status';
import type { DoorCaller } from '../intake/requester-identity';

/**
 * What the WebPRNT door needs from the rest of the service. The door only reads Star's request and writes Star's
 * answer; the intake (journal, queue, printer truth) and the browser's site consent live elsewhere and are wired in
 * by whoever mounts the route.
 */

/** One print request through the door, as the intake takes it. */
export interface WebPrntPrintRequest {
  /**
   * A job id when the request carries one (`?printjobid=` on the path, as ePOS requests name theirs; Star's trader sends
   * none, so the intake assigns one): a repeat with the same id is never printed twice.
   */
  id?: string;
  document: PrintDocument;
  /** The POS id the owner gave a printer (`/<pos-id>/StarWebPRNT/SendMessage`), or `default`. */
  printer: string;
  /** How long the POS waits for the answer: the intake answers within it. */
  timeoutMs: number;
  /** Who sent it, as the browser gate verified it (see identifyCaller): its requester and its source in the journal. */
  caller: DoorCaller;
}

/**
 * What became of the request: `printed` on paper (or every byte taken by a printer that does not confirm paper),
 * `held` (the printer stopped during it, or before its turn: nothing more of it prints until the owner says so in the
 * window), `refused` (the printer cannot print now, or the document cannot print: nothing was sent), `busy` (queue full
 * or too many requests: the POS should send again), `failed` (anything else).
 */
export interface WebPrntOutcome {
  kind: 'printed' | 'held' | 'refused' | 'busy' | 'failed';
  /** The printer's own last word, when it reads back (TCP 9100, direct USB); absent behind a spooler. */
  status?: PrinterLiveStatus;
  /** Why it cannot print, when the printer is the reason (also without a live status, e.g. from the spooler). */
  blocker?: PrintBlocker;
  /** The job's result text, for the log. */
  detail?: string;
}

export interface WebPrntIntake {
  print(request: WebPrntPrintRequest): Promise<WebPrntOutcome>;
}

/** The browser side: preflights and the per-site consent, shared with the other doors. */
export interface WebPrntCors {
  /** Answers an OPTIONS preflight (CORS and Private Network Access) for this path. */
  preflight(request: IncomingMessage, response: ServerResponse): void | Promise<void>;
  /**
   * Whether the sender of this request may print: who it is and the headers to add to the answer
   * (Access-Control-Allow-Origin…), or why not (nothing is printed then).
   */
  admit(request: IncomingMessage): Promise<WebPrntAdmission>;
}

/**
 * The caller and the headers to answer with, `site-not-allowed` for a page whose site the owner has not allowed,
 * `wrong-token` for any other request that lacks the token protecting the service.
 */
export type WebPrntAdmission = { caller: DoorCaller; headers: Record<string, string> } | 'site-not-allowed' | 'wrong-token';

export interface WebPrntDeps {
  intake: WebPrntIntake;
  cors: WebPrntCors;
  /** The shop's stored logo by Star's logo number (`<logo number="1"/>`), when the service keeps logos. */
  logo?: (number: number) => ImageData | undefined;
  /** Dots the printer a POS id names prints across: how wide a `<pagemode>` page may be drawn. */
  printableDots?: (printer: string) => Promise<number>;
  /** How long a request may wait for its outcome; Star's StarWebPrintTrader waits 90 s by default. */
  timeoutMs?: number;
  /** Largest request body read, in bytes (8 MiB when left out). */
  maxBodyBytes?: number;
  log?: (line: string) => void;
}
