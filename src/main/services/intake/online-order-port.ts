import type { PrintDocument } from '../../../shared/document/types';
import type { PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { DocumentOutcomeKind } from './document-intake';

/**
 * What the online-order doors (CloudPRNT, Epson Server Direct Print) need from the rest of the service, injected so a
 * door never imports the server, the fleet or another door. service-host wires the real one (online-order-intake.ts)
 * over the same intake as `/ws` — journal first — and the printers' live monitors.
 */
export interface OnlineOrderIntake {
  /**
   * Prints a document once. A known `id` is answered from what the service already knows — still pending: waits for
   * it; printed (or it may be on paper): its stored result — and is never printed twice (the journal stores a job before
   * its first byte). One whose attempts printed nothing (refused while the paper was out…) is printed now. The id alone
   * names the order: another body under a known id (rendered anew at each fetch) is the same order.
   */
  print(request: OnlineOrderRequest): Promise<IntakeOutcome>;
  /** The bound printer's last word about itself; undefined for printers that do not read back (spooler queues). */
  status(printer: string): PrinterLiveStatus | undefined;
  /** Calls `listener` whenever the printer's live status changes; returns the way to stop listening. */
  watchStatus(printer: string, listener: () => void): () => void;
  /** The paper and command language of the bound printer, for CloudPRNT's `PageInfo` and the media types it takes. */
  describe(printer: string): PrinterFacts;
}

export type OnlineOrderKind = 'cloudprnt' | 'sdp';

export interface OnlineOrderRequest {
  /** `<kind>:<hash of the binding>:<jobToken or printjobid>`: the key for exactly once. */
  id: string;
  /**
   * The id the same order had before ids named the binding (`<kind>:<hash of the server URL>:<token>`): an order that
   * printed under it shortly before an upgrade, offered again after it, is answered from that print (see
   * DocumentRequest.formerId).
   */
  formerId?: string | undefined;
  document: PrintDocument;
  printer: string;
  /** Where the order came from, as Jobs shows it: the protocol and the server's host. */
  source: { kind: OnlineOrderKind; label: string };
}

/** The same kinds as the service's document intake (`DocumentOutcomeKind`). */
export type IntakeOutcomeKind = DocumentOutcomeKind;

export interface IntakeOutcome {
  /**
   * `printed` on paper; `refused` the printer could not take it (nothing sent); `held` it stopped during the job;
   * `failed` encoding or transport error; `invalid` the document was refused; `busy` nothing queued (no room);
   * `timeout` still in the queue when the wait ended (it goes on printing).
   */
  kind: IntakeOutcomeKind;
  /** The job's result text, as `/ws` sends it (`PRINTER: sin papel / out of paper`…). */
  mensaje: string;
  /** The printer's status when the job finished, where it reads back. */
  status: PrinterLiveStatus | undefined;
}

export interface PrinterFacts {
  /** Roll width in millimetres (58 or 80). */
  paperWidthMm: number;
  /** Printable dots across the roll. */
  dots: number;
  /** Dots per millimetre of the head (8 for 203 dpi). */
  dotsPerMm: number;
  /** A Star printer takes Star's own command media types (StarPRNT, Line Mode) as raw bytes. */
  star: boolean;
}

/**
 * The ePOS-Print interpreter, injected into the SDP door by service-host (services/epos): the `<epos-print>` element
 * of one job, as XML text, becomes a print document, or Epson's own `code` for why not (`SchemaError`…).
 */
export type InterpretEposPrint = (xml: string, printableDots: number) => { ok: true; document: PrintDocument } | { ok: false; code: string };
