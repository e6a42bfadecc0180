import type { PrinterDetail } from '../../../shared/printers';
import { printerStateOf, printsOnPaper, type PrinterState } from '../../../shared/printer-status/printer-state';
import type { PrintService } from '../print-service';
import type { PrinterCatalog } from '../printers/printer-catalog';
import { withDirectPrinters } from './direct-printers';

/** One printer's state as /health gives it: the same state the window and the tray show (shared/printer-status/printer-state.ts). */
export interface PrinterStateEntry {
  /** The listed name, or the URI of a printer Ticketera reaches itself; `virtual` is the Ticketera virtual printer. */
  printer: string;
  state: PrinterState;
  /** Tickets sent to it come out on paper (never for the virtual printer). */
  on_paper: boolean;
}

/** The catalog's last listing, kept as it comes: /health answers at once and never waits on the system. */
const listings = new WeakMap<PrinterCatalog, PrinterDetail[] | null>();

function lastListing(catalog: PrinterCatalog): PrinterDetail[] {
  if (!listings.has(catalog)) {
    listings.set(catalog, null);
    catalog.onListing?.((list) => listings.set(catalog, list.printers));
    catalog.list().then(
      (list) => listings.set(catalog, list.printers),
      () => undefined,
    );
  }
  return listings.get(catalog) ?? [];
}

/** Every printer the service knows now, each with its state; printers that read back by their own word. */
export function printerStatesOf(service: PrintService): PrinterStateEntry[] {
  const live = service.printerStatuses();
  const printers = withDirectPrinters(lastListing(service.catalog), live, undefined);
  return printers.map((printer) => {
    const state = printerStateOf({ virtual: printer.is_virtual, listed: printer.status, live: live.find((status) => status.uri === printer.name) });
    return { printer: printer.name, state, on_paper: printsOnPaper(state) };
  });
}
