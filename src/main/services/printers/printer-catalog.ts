import type { PrinterDetail, PrinterSummary } from '../../../shared/printers';

export interface PrinterListing {
  printers: PrinterDetail[];
  summary: PrinterSummary;
}

/** Printer listing for `get_printers`, `/health` and the window, and routing of each job to a printer URI. */
export interface PrinterCatalog {
  /** Fresh listing; each call asks the system again. */
  list(): Promise<PrinterListing>;
  /** The last listing's summary without asking the system (for `/health`, which must stay cheap). */
  lastSummary(): PrinterSummary;
  /**
   * The printer URI for a job: its own `datos.printer` (a queue name or a URI), else the configured default,
   * else the system's default thermal printer, else the virtual printer.
   */
  resolve(requested: string | undefined): Promise<string>;
  /** Optional: re-reads printer status in the background once a job finished (see SystemPrinterCatalog). */
  refreshAfterJob?(): void;
  /** Optional: tells `listener` about every fresh listing, whoever asked for it; returns the unsubscribe. */
  onListing?(listener: (list: PrinterListing) => void): () => void;
}
