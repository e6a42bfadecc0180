import type { Language } from '../../../shared/contract/settings';
import type { ServiceStatus } from '../../../shared/contract/types';
import { DESKTOP_TEXT } from './desktop-texts';

export type TrayLevel = 'ok' | 'warning' | 'error';

export interface TrayState {
  level: TrayLevel;
  /** `Cola: 3/100` plus why the icon is not green, in the window's language. */
  tooltip: string;
  paused: boolean;
}

/**
 * The tray icon in one glance: red when nothing can print (no printer, the worker stopped, or a full disk refusing
 * tickets), amber when printing is paused, only non-thermal printers exist or the journal was repaired, green otherwise.
 */
export function trayStateOf(status: ServiceStatus, language: Language): TrayState {
  const text = DESKTOP_TEXT[language];
  const reasons: string[] = [];
  let level: TrayLevel = status.printers.status;
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
  const queue = text.queue.replace('{current}', String(status.queue.current)).replace('{capacity}', String(status.queue.capacity));
  const tooltip = ['Ticketera', queue, ...reasons].join('\n');
  return { level, tooltip, paused: status.queue.paused };
}
