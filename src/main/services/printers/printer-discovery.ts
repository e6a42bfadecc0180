import type { PrinterStatus } from '../../../shared/printers';

/** One printer as a platform adapter found it, before Ticketera classifies it. */
export interface DiscoveredPrinter {
  /** Queue name shown to the user and accepted as `datos.printer`. */
  name: string;
  /** The URI jobs for this printer are sent to (`windows:NAME`, `cups:NAME`, `usb:VID:PID`, …). */
  uri: string;
  port: string;
  driver: string;
  status: PrinterStatus;
  isDefault: boolean;
  /** Extra text that helps classification but is not shown as a field (a CUPS description, a make and model). */
  hints?: string[];
  /**
   * Set when the source did not answer in time and this entry comes from its last good listing: why, and from when
   * (the catalog reports it with the source's errors). Its status is then `unknown` unless known otherwise.
   */
  stale?: string;
}

/** A source of printers: the Windows spooler, CUPS, … Each call asks the system again. */
export interface PrinterDiscovery {
  /** Shown in diagnostics when this source fails (`winspool`, `cups`). */
  readonly source: string;
  discover(): Promise<DiscoveredPrinter[]>;
}
