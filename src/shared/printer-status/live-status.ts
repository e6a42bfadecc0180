import type { PrinterStatus } from '../printers';

/** Faults the printer reports in its error bits (Epson DLE EOT 3 / ASB byte 2, Star's error flags). */
export const PRINTER_FAULTS = ['cutter', 'mechanical', 'unrecoverable', 'auto-recoverable', 'head-temperature'] as const;
export type PrinterFault = (typeof PRINTER_FAULTS)[number];

/** A status bit the command manuals leave undefined (or that models define differently): kept as read, never guessed. */
export interface UnknownStatusBits {
  /** Where it was read: `DLE EOT 3`, `ASB byte 4`, `Star status byte 5`… */
  source: string;
  /** The bits set that have no defined meaning, as a mask of that byte. */
  bits: number;
}

/**
 * What a printer that reads back (TCP 9100, direct USB) said about itself the last time it was asked. Printers behind
 * a spooler do not appear here: the spooler's word is all there is for them.
 */
export interface PrinterLiveStatus {
  uri: string;
  /**
   * `answering`: it replied to the last status request; `silent`: it did not within the bound (offline, unplugged,
   * hung); `unknown`: not asked yet.
   */
  link: 'answering' | 'silent' | 'unknown';
  /** The printer says it is offline (paper end, cover open, error, or feeding by its button). */
  offline: boolean;
  coverOpen: boolean;
  paper: 'ok' | 'near-end' | 'out';
  /** From the drawer connector's sensor (pin 3); null where the printer does not report it. */
  drawerOpen: boolean | null;
  faults: PrinterFault[];
  unknownBits: UnknownStatusBits[];
  /** When the printer last answered (ms since the epoch), null before the first answer. */
  answeredAt: number | null;
  /** True when the printer's model confirms each job on paper (Epson's process ID response to GS ( H). */
  confirmsOnPaper: boolean;
}

/** Why a printer cannot print right now, for holding and refusing jobs. */
export type PrintBlocker = 'paper-out' | 'cover-open' | 'fault' | 'silent';

/** The first reason the printer cannot print, or null when it can (near end still prints). */
export function blockerOf(status: PrinterLiveStatus): PrintBlocker | null {
  if (status.link === 'silent') return 'silent';
  if (status.link === 'unknown') return null;
  if (status.paper === 'out') return 'paper-out';
  if (status.coverOpen) return 'cover-open';
  if (status.faults.length > 0) return 'fault';
  return null;
}

/** The protocol's PrinterDetail status for a printer whose own answer is known. */
export function protocolStatusOf(status: PrinterLiveStatus): PrinterStatus {
  if (status.link === 'unknown') return 'unknown';
  if (status.link === 'silent') return 'offline';
  if (blockerOf(status) !== null || status.offline) return 'error';
  return 'ready';
}

/**
 * The `result` text a POS receives when a job cannot print because of the printer: Spanish and English, as the issue
 * and the shop's cashiers read it, after the protocol's `PRINTER` category.
 */
export const BLOCKER_TEXTS: Record<PrintBlocker, string> = {
  'paper-out': 'sin papel / out of paper',
  'cover-open': 'tapa abierta / cover open',
  fault: 'error de la impresora / printer error',
  silent: 'la impresora no responde / printer not answering',
};
