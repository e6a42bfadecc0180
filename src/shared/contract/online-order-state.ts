import type { OnlineOrderBinding, OnlineOrderProtocol } from './online-orders';

/**
 * Why the last poll or order of an online-order server went wrong, as the window words it (never the server's own
 * text: it may be in any language, or carry a key):
 * - `unreachable`: no answer (network, refused, timed out); `password`: the server refused the user or password;
 * - `not-found`: nothing at that address; `not-a-server`: an answer, but not one of that protocol;
 * - `server-error`: the server failed; `too-many-jobs`: it sent more orders than a shop prints, the rest wait;
 * - `paper-out`, `cover-open`, `printer`: the bound printer could not print the order (the server was told);
 * - `job-refused`: the order could not be read or printed as sent (the server was told);
 * - `other`: anything else (the log has the detail).
 */
export const ONLINE_ORDER_PROBLEMS = ['unreachable', 'password', 'not-found', 'not-a-server', 'server-error', 'too-many-jobs', 'paper-out', 'cover-open', 'printer', 'job-refused', 'mixed-addresses', 'other'] as const;
export type OnlineOrderProblem = (typeof ONLINE_ORDER_PROBLEMS)[number];

/** One configured server as it runs now (the window's "Pedidos en línea" row). */
export interface OnlineOrderState {
  /** The binding's id in the settings (`cli-…` for a server given with `serve --cloudprnt/--sdp`). */
  id: string;
  protocol: OnlineOrderProtocol;
  /** The server's host only: the path and query may carry the shop's key. */
  host: string;
  /** The Ticketera printer the orders print on, as configured (`default` or an address). */
  printer: string;
  /**
   * What the server's owner registers: CloudPRNT's MAC-style id derived from the server and printer, or the SDP `ID`
   * set in the binding ('' when none is set: the server then knows the printer by its `Name` or not at all).
   */
  printerId: string;
  /** When the last poll began (ms since the epoch), null before the first. */
  lastPollAt: number | null;
  /** The last poll reached the server and it answered like a server of its protocol. */
  lastPollOk: boolean;
  /** Orders printed since the service started. */
  jobsPrinted: number;
  lastProblem: OnlineOrderProblem | null;
  /** False while the service has not started its client (a printer not resolved yet, a restart in progress). */
  running: boolean;
}

/** What "Probar" found: one poll now. */
export interface OnlineOrderTestResult {
  /** The server answered like a server of its protocol. */
  answered: boolean;
  /** An order was waiting and printed (or was printed before and confirmed again). */
  printedOrder: boolean;
  problem: OnlineOrderProblem | null;
}

/** A configured server as the window lists it: the binding (never its password) and how it runs now. */
export interface OnlineOrderRow {
  binding: OnlineOrderBinding;
  /** A password is kept for it (sealed; never sent back). */
  passwordSet: boolean;
  /** Null while the service restarts with it, or when the command line's servers run instead. */
  state: OnlineOrderState | null;
}

export interface OnlineOrdersView {
  rows: OnlineOrderRow[];
  /** `--cloudprnt`/`--sdp` fixed the servers for this run: the window shows them and cannot change them. */
  fixedBy: string | null;
}
