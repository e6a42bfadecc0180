import type { Language } from '../../../shared/contract/settings';
import type { ServiceStatus } from '../../../shared/contract/types';
import { blockerOf, type PrintBlocker, type PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import { PRINTER_STATE_LEVEL, routeStateOf } from '../../../shared/printer-status/printer-state';
import { DESKTOP_TEXT, type DesktopText } from './desktop-texts';
import { printerLabel } from './tray-notification';

export type TrayLevel = 'ok' | 'warning' | 'error';

export interface TrayState {
  level: TrayLevel;
  /** `Cola: 3/100` plus why the icon is not green, in the window's language. */
  tooltip: string;
  paused: boolean;
}

const BLOCKER_TEXT: Record<PrintBlocker, keyof DesktopText> = {
  'paper-out': 'printerPaperOut',
  'cover-open': 'printerCoverOpen',
  fault: 'printerFault',
  silent: 'printerSilent',
};

/** A watched printer's problem: red for what stops it printing, amber for paper running low, none when fine. */
function printerProblem(status: PrinterLiveStatus, text: DesktopText): { level: TrayLevel; reason: string } | null {
  const blocker = blockerOf(status);
  const key = blocker ? BLOCKER_TEXT[blocker] : status.link === 'answering' && status.paper === 'near-end' ? 'printerPaperLow' : null;
  if (key === null) return null;
  return { level: blocker ? 'error' : 'warning', reason: text[key].replace('{printer}', printerLabel(status.uri)) };
}

const worse = (a: TrayLevel, b: TrayLevel): TrayLevel => (a === 'error' || b === 'error' ? 'error' : a === 'warning' || b === 'warning' ? 'warning' : 'ok');

/**
 * The printers' part of the colour: the state of the printer tickets go to, as the window's header badge shows it
 * (shared/printer-status/printer-state.ts), so the virtual printer is amber in both; the printers' summary only while
 * the service has not listed them yet.
 */
function printersLevel(status: ServiceStatus): TrayLevel {
  const route = status.overview?.route;
  if (!route) return status.printers.status;
  const level = PRINTER_STATE_LEVEL[routeStateOf(route, status.printerStatuses)];
  return level === 'info' ? 'ok' : level;
}

/**
 * The tray icon in one glance: red when nothing can print (no printer, the worker stopped, a full disk refusing
 * tickets, or a watched printer out of paper, open, in error or silent), amber when printing is paused, a printer's
 * paper runs low, tickets go to the virtual printer (nothing on paper), only non-thermal printers exist or the
 * journal was repaired, green otherwise.
 */
export function trayStateOf(status: ServiceStatus, language: Language): TrayState {
  const text = DESKTOP_TEXT[language];
  const reasons: string[] = [];
  let level: TrayLevel = printersLevel(status);
  if (status.printers.status === 'error') reasons.push(text.noPrinter);
  if (status.printers.status === 'warning') reasons.push(text.noThermalPrinter);
  if (status.queue.paused) {
    reasons.push(text.paused);
    if (level === 'ok') level = 'warning';
  } else if (!status.queue.running) {
    reasons.push(text.workerStopped);
    level = 'error';
  }
  if (status.journal.status !== 'ok') {
    reasons.push(status.journal.status === 'disk-full' ? text.diskFull : text.journalUnwritable);
    level = 'error';
  } else if (status.journal.damaged_at_start && level === 'ok') {
    reasons.push(text.journalRepaired);
    level = 'warning';
  }
  if (status.tokenLost) {
    // Tickets are no longer checked: as serious as a stopped printer, so the owner sets the token again.
    reasons.push(text.tokenLost);
    level = 'error';
  }
  for (const printer of status.printerStatuses) {
    const problem = printerProblem(printer, text);
    if (!problem) continue;
    reasons.push(problem.reason);
    level = worse(level, problem.level);
  }
  const queue = text.queue.replace('{current}', String(status.queue.current)).replace('{capacity}', String(status.queue.capacity));
  const tooltip = ['Ticketera', queue, ...reasons].join('\n');
  return { level, tooltip, paused: status.queue.paused };
}
