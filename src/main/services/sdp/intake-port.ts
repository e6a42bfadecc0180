import type { PrintDocument } from '../../../shared/document/types';
import type { PrinterLiveStatus } from '../../../shared/printer-status/live-status';

/**
 * What the Server Direct Print door needs from the rest of the service, injected so the door never imports the server,
 * the fleet or another door. The same shape as the CloudPRNT door's `OnlineOrderIntake` (services/cloudprnt/
 * intake-port.ts) minus `describe`, which SDP does not need: one real intake object serves both doors.
 */
export interface OnlineOrderIntake {
  /**
   * Prints a document once. A known `id` is answered from what the service already knows — still pending: waits for
   * it; finished: its stored result — and is never printed twice (the journal stores a job before its first byte).
   */
  print(request: SdpOrderRequest): Promise<IntakeOutcome>;
  /** The bound printer's last word about itself; undefined for printers that do not read back (spooler queues). */
  status(printer: string): PrinterLiveStatus | undefined;
  /** Calls `listener` whenever the printer's live status changes; returns the way to stop listening. */
  watchStatus(printer: string, listener: () => void): () => void;
}

export interface SdpOrderRequest {
  /** `sdp:<hash of the server URL>:<printjobid>`: the key for exactly once. */
  id: string;
  document: PrintDocument;
  printer: string;
  source: { kind: 'sdp'; label: string };
}

/** The same kinds as the service's document intake (`DocumentOutcomeKind`). */
export type IntakeOutcomeKind = 'printed' | 'refused' | 'held' | 'failed' | 'invalid' | 'busy' | 'timeout';

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

/**
 * The ePOS-Print interpreter, injected (the lead wires services/epos): the `<epos-print>` element of one job, as XML
 * text, becomes a print document, or Epson's own `code` for why not (`SchemaError`, `ParameterError`…).
 */
export type InterpretEposPrint = (xml: string) => { ok: true; document: PrintDocument } | { ok: false; code: string };
