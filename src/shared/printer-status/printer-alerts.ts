import type { PrinterLiveStatus } from './live-status';

/** Changes worth telling the shop about, pushed to the window, the tray and `/api/events`. */
export const PRINTER_ALERTS = [
  'paper-near-end',
  'paper-out',
  'paper-back',
  'cover-open',
  'cover-closed',
  'drawer-opened',
  'drawer-closed',
  'offline',
  'back-online',
  'fault',
] as const;
export type PrinterAlert = (typeof PRINTER_ALERTS)[number];

/** The alerts between two readings of the same printer (none on the first reading but a problem it shows). */
export function alertsBetween(before: PrinterLiveStatus | undefined, after: PrinterLiveStatus): PrinterAlert[] {
  const alerts: PrinterAlert[] = [];
  const was = before ?? { ...after, link: 'unknown', paper: 'ok', coverOpen: false, drawerOpen: after.drawerOpen, faults: [] };
  if (after.link === 'silent') {
    if (was.link !== 'silent') alerts.push('offline');
    return alerts;
  }
  if (after.link !== 'answering') return alerts;
  if (was.link === 'silent') alerts.push('back-online');
  if (after.paper !== was.paper) {
    if (after.paper === 'out') alerts.push('paper-out');
    else if (after.paper === 'near-end' && was.paper === 'ok') alerts.push('paper-near-end');
    else if (was.paper === 'out') alerts.push('paper-back');
  }
  if (after.coverOpen !== was.coverOpen) alerts.push(after.coverOpen ? 'cover-open' : 'cover-closed');
  if (before && was.drawerOpen !== null && after.drawerOpen !== null && after.drawerOpen !== was.drawerOpen) {
    alerts.push(after.drawerOpen ? 'drawer-opened' : 'drawer-closed');
  }
  if (after.faults.some((fault) => !was.faults.includes(fault))) alerts.push('fault');
  return alerts;
}
