import { printerStateOf, printsOnPaper, type PrinterState } from '../../../shared/printer-status/printer-state';
import type { PrintService } from '../print-service';
import { lastListingOf } from '../printers/last-listing';
import { withDirectPrinters } from './direct-printers';

/** One printer's state as /health gives it: the same state the window and the tray show (shared/printer-status/printer-state.ts). */
export interface PrinterStateEntry {
  /** The listed name, or the URI of a printer Ticketera reaches itself; `virtual` is the Ticketera virtual printer. */
  printer: string;
  state: PrinterState;
  /** Tickets sent to it come out on paper (never for the virtual printer). */
  on_paper: boolean;
}

/** Every printer the service knows now, each with its state; printers that read back by their own word. */
export function printerStatesOf(service: PrintService): PrinterStateEntry[] {
  const live = service.printerStatuses();
  const printers = withDirectPrinters(lastListingOf(service.catalog) ?? [], live, undefined);
  return printers.map((printer) => {
    const state = printerStateOf({ virtual: printer.is_virtual, listed: printer.status, live: live.find((status) => status.uri === printer.name) });
    return { printer: printer.name, state, on_paper: printsOnPaper(state) };
  });
}
