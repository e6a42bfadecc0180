import type { PrinterDetail, PrinterSummary } from '../../../shared/printers';

/**
 * The seed's summary: `ok` as soon as one thermal printer is there, `warning` when only physical non-thermal
 * printers are (virtual ones do not count as paper), `error` when there is nothing to print a receipt on.
 */
export function summarizePrinters(printers: readonly PrinterDetail[]): PrinterSummary {
  const thermal = printers.filter((printer) => printer.printer_type === 'thermal').length;
  const physical = printers.filter((printer) => !printer.is_virtual).length;
  const status = thermal > 0 ? 'ok' : physical > 0 ? 'warning' : 'error';
  return {
    status,
    detected_count: printers.length,
    thermal_count: thermal,
    default_name: printers.find((printer) => printer.is_default)?.name ?? '',
  };
}
