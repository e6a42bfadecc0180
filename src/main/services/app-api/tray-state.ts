import type { ServiceStatus } from '../../../shared/contract/types';

export type TrayLevel = 'ok' | 'warning' | 'error';

export interface TrayState {
  level: TrayLevel;
  /** `Queue: 3/100` plus why the icon is not green. */
  tooltip: string;
  paused: boolean;
}

/**
 * The tray icon in one glance: red when nothing can print (no printer, or the worker stopped), amber when printing
 * is paused or only non-thermal printers exist, green otherwise.
 */
export function trayStateOf(status: ServiceStatus): TrayState {
  const reasons: string[] = [];
  let level: TrayLevel = status.printers.status;
  if (status.printers.status === 'error') reasons.push('Sin impresora / No printer');
  if (status.printers.status === 'warning') reasons.push('Sin impresora térmica / No thermal printer');
  if (status.queue.paused) {
    reasons.push('Impresión en pausa / Printing paused');
    if (level === 'ok') level = 'warning';
  } else if (!status.queue.running) {
    reasons.push('Servicio detenido / Worker stopped');
    level = 'error';
  }
  const tooltip = ['Ticketera', status.queueText, ...reasons].join('\n');
  return { level, tooltip, paused: status.queue.paused };
}
