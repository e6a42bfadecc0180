import type { PrinterDetail } from '../../../shared/printers';
import { DIRECT_PRINTER_DRIVER } from '../printer-status/direct-printers';

/**
 * The seed's own caveat, shown to the cashier next to any printer list (CLI, window, dashboard): a spooler can only
 * report what the printer tells it, and USB receipt printers without bidirectional support tell it nothing.
 */
export const STALE_STATUS_CAVEAT =
  'El estado es el último que informó la cola de impresión: una impresora USB sin comunicación bidireccional puede ' +
  'aparecer "ready" desconectada o sin papel hasta que se le envía un trabajo. / ' +
  'Printer status is the last one reported by the spooler. USB printers without bidirectional support may show ' +
  '"ready" while unplugged or out of paper until a job is sent to them.';

/**
 * The caveat where it is true: some listed printer's status comes from a spooler. Printers Ticketera reads itself
 * (TCP 9100, direct USB) and the virtual printer report their real state; a list of only those gets no caveat ('').
 */
export function staleStatusCaveat(printers: readonly PrinterDetail[]): string {
  return printers.some((printer) => !printer.is_virtual && printer.driver !== DIRECT_PRINTER_DRIVER) ? STALE_STATUS_CAVEAT : '';
}
