import type { PrinterDetail } from '../../../shared/printers';
import { protocolStatusOf, type PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import { parsePrinterUri } from '../printers/printer-uri';

/** The driver column of printers Ticketera reaches itself: their status is their own answer, not a spooler's. */
export const DIRECT_PRINTER_DRIVER = 'Ticketera (direct)';

/**
 * The system's listing plus each printer Ticketera talks to directly (TCP 9100, USB), named by its URI, with the
 * status the printer itself reported: the spooler does not know these printers, and its word would be stale anyway.
 */
export function withDirectPrinters(listed: readonly PrinterDetail[], statuses: readonly PrinterLiveStatus[], defaultUri: string | undefined): PrinterDetail[] {
  const direct = statuses.filter((status) => !listed.some((printer) => printer.name === status.uri)).map((status) => directDetail(status, defaultUri));
  // The virtual printer stays last, where the listing always had it.
  const virtualAt = listed.findIndex((printer) => printer.is_virtual && printer.port === 'virtual');
  if (virtualAt < 0) return [...listed, ...direct];
  return [...listed.slice(0, virtualAt), ...direct, ...listed.slice(virtualAt)];
}

function directDetail(status: PrinterLiveStatus, defaultUri: string | undefined): PrinterDetail {
  const parsed = parsePrinterUri(status.uri);
  return {
    name: status.uri,
    port: parsed.kind === 'tcp' ? `${parsed.host}:${parsed.port}` : status.uri.replace(/^usb:/, 'USB '),
    driver: DIRECT_PRINTER_DRIVER,
    status: protocolStatusOf(status),
    is_default: status.uri === defaultUri,
    is_virtual: false,
    // Ticketera speaks only receipt-printer languages (ESC/POS, Star) to the printers it reaches itself.
    printer_type: 'thermal',
  };
}
