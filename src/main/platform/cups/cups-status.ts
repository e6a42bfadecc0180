import type { PrinterStatus } from '../../../shared/printers';
import type { LpstatPrinter } from './lpstat-parse';

/**
 * CUPS state and printer-state-reasons (lpstat's "Alerts") → the protocol's status. Reasons win over the state
 * because an enabled queue whose device is gone still says "idle".
 */
export function cupsStatus(printer: LpstatPrinter, accepting: boolean | undefined): PrinterStatus {
  const reasons = printer.alerts;
  if (reasons.some((reason) => reason.startsWith('offline'))) return 'offline';
  if (reasons.some((reason) => reason.endsWith('-error'))) return 'error';
  if (printer.state === 'disabled' || accepting === false || reasons.includes('paused')) return 'paused';
  return 'ready';
}
