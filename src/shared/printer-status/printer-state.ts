import type { PrintRoute } from '../contract/types';
import type { PrinterStatus } from '../printers';
import type { PrinterLiveStatus } from './live-status';

/**
 * One printer's state, derived here and nowhere else, so the Home guide and cards, the header badge, the tray, the
 * Printers page and /health never tell different stories about the same printer (issue 21, item 2).
 */
export const PRINTER_STATES = [
  'ready',
  'paper-low',
  'not-ready',
  'paper-out',
  'cover-open',
  'error',
  'offline',
  'paused',
  'checking',
  'unknown',
  'missing',
  'virtual',
] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

/** `ok`: tickets come out on paper; `warning`: they do, or will, not as expected; `error`: they cannot; `info`: not known yet. */
export type PrinterStateLevel = 'ok' | 'warning' | 'error' | 'info';

export const PRINTER_STATE_LEVEL: Record<PrinterState, PrinterStateLevel> = {
  ready: 'ok',
  'paper-low': 'warning',
  'not-ready': 'warning',
  paused: 'warning',
  // It works as designed (a picture and the bytes of each ticket in a folder), but nothing comes out on paper.
  virtual: 'warning',
  'paper-out': 'error',
  'cover-open': 'error',
  error: 'error',
  offline: 'error',
  missing: 'error',
  checking: 'info',
  unknown: 'info',
};

/** What is known about a printer: what the system lists, and what the printer itself said when it reads back. */
export interface PrinterFacts {
  /** The Ticketera virtual printer (or any printer that only makes files): never ready to print on paper. */
  virtual: boolean;
  /** The spooler's status, or `missing` for a configured name that is not installed; undefined when not listed. */
  listed?: PrinterStatus | 'missing';
  /** The printer's own word (TCP 9100, direct USB): it wins over the spooler's, which is often "always ready". */
  live?: PrinterLiveStatus;
}

/** The state, the most urgent problem first: what stops printing, then what soon will. */
export function printerStateOf(facts: PrinterFacts): PrinterState {
  if (facts.virtual) return 'virtual';
  const live = facts.live;
  if (live && live.link !== 'unknown') {
    if (live.link === 'silent') return 'offline';
    if (live.paper === 'out') return 'paper-out';
    if (live.coverOpen) return 'cover-open';
    if (live.faults.length > 0) return 'error';
    if (live.offline) return 'not-ready';
    if (live.paper === 'near-end') return 'paper-low';
    return 'ready';
  }
  if (live) return 'checking';
  switch (facts.listed) {
    case 'ready':
      return 'ready';
    case 'paused':
      return 'paused';
    case 'offline':
      return 'offline';
    case 'error':
      return 'error';
    case 'missing':
      return 'missing';
    default:
      return 'unknown';
  }
}

/** The state of the printer tickets without `datos.printer` go to, from the route and the live statuses by URI. */
export function routeStateOf(route: PrintRoute, live: readonly PrinterLiveStatus[]): PrinterState {
  return printerStateOf({ virtual: route.virtual, listed: route.status, live: live.find((status) => status.uri === route.target) });
}

/** Whether a printer in this state puts tickets on paper now (paper low still prints). */
export const printsOnPaper = (state: PrinterState): boolean => state === 'ready' || state === 'paper-low';
