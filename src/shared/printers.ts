/** Printer listing shapes of the protocol's `printers` message and `/health`. */
export const PRINTER_STATUSES = ['ready', 'offline', 'paused', 'error', 'unknown'] as const;
export type PrinterStatus = (typeof PRINTER_STATUSES)[number];

export const PRINTER_TYPES = ['thermal', 'virtual', 'network', 'unknown'] as const;
export type PrinterType = (typeof PRINTER_TYPES)[number];

export interface PrinterDetail {
  name: string;
  port: string;
  driver: string;
  status: PrinterStatus;
  is_default: boolean;
  is_virtual: boolean;
  printer_type: PrinterType;
}

export interface PrinterSummary {
  status: 'ok' | 'warning' | 'error';
  detected_count: number;
  thermal_count: number;
  default_name: string;
}

/** How jobs name the built-in virtual printer. */
export const VIRTUAL_PRINTER_URI = 'virtual';
/** How the printer list names it (and a POS may ask for it by that name). */
export const VIRTUAL_PRINTER_LISTED_NAME = 'Ticketera Virtual Printer';

/** The virtual printer, by either of its names: one printer for the history's filter and the window. */
export const isVirtualPrinter = (printer: string): boolean => printer === VIRTUAL_PRINTER_URI || printer.toLowerCase() === VIRTUAL_PRINTER_LISTED_NAME.toLowerCase();
