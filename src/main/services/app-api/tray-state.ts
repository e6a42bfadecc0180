import type { ServiceStatus } from '../../../shared/contract/types';

export type TrayLevel = 'ok' | 'warning' | 'error';

export interface TrayState {
  level: TrayLevel;
  /** `Queue: 3/100` plus why the icon is not green. */
  tooltip: string;
  paused: boolean;
}

/**
 * The tray icon in one glance: red when nothing can print (no printer, the worker stopped, or a full disk refusing
 * tickets), amber when printing is paused, only non-thermal printers exist or the journal was repaired, green otherwise.
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
  if (status.journal.status !== 'ok') {
    reasons.push(status.journal.status === 'disk-full' ? 'Disco lleno: no se aceptan tickets / Disk full: tickets refused' : 'Diario sin escritura / Journal unwritable');
    level = 'error';
  } else if (status.journal.damaged_at_start && level === 'ok') {
    reasons.push('Diario reparado al arrancar / Journal repaired at start');
    level = 'warning';
  }
  const tooltip = ['Ticketera', status.queueText, ...reasons].join('\n');
  return { level, tooltip, paused: status.queue.paused };
}
