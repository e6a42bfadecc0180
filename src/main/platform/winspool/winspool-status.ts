import type { PrinterStatus } from '../../../shared/printers';

/** PRINTER_STATUS_* bits from winspool.h. */
export const PRINTER_STATUS = {
  PAUSED: 0x1,
  ERROR: 0x2,
  PENDING_DELETION: 0x4,
  PAPER_JAM: 0x8,
  PAPER_OUT: 0x10,
  PAPER_PROBLEM: 0x40,
  OFFLINE: 0x80,
  OUTPUT_BIN_FULL: 0x800,
  NOT_AVAILABLE: 0x1000,
  NO_TONER: 0x40000,
  PAGE_PUNT: 0x80000,
  USER_INTERVENTION: 0x100000,
  OUT_OF_MEMORY: 0x200000,
  DOOR_OPEN: 0x400000,
  SERVER_UNKNOWN: 0x800000,
  SERVER_OFFLINE: 0x2000000,
  DRIVER_UPDATE_NEEDED: 0x4000000,
} as const;

export const PRINTER_ATTRIBUTE_WORK_OFFLINE = 0x400;

const OFFLINE = PRINTER_STATUS.OFFLINE | PRINTER_STATUS.NOT_AVAILABLE | PRINTER_STATUS.SERVER_OFFLINE;
const PAUSED = PRINTER_STATUS.PAUSED | PRINTER_STATUS.PENDING_DELETION;
const ERROR =
  PRINTER_STATUS.ERROR |
  PRINTER_STATUS.PAPER_JAM |
  PRINTER_STATUS.PAPER_OUT |
  PRINTER_STATUS.PAPER_PROBLEM |
  PRINTER_STATUS.OUTPUT_BIN_FULL |
  PRINTER_STATUS.NO_TONER |
  PRINTER_STATUS.PAGE_PUNT |
  PRINTER_STATUS.USER_INTERVENTION |
  PRINTER_STATUS.OUT_OF_MEMORY |
  PRINTER_STATUS.DOOR_OPEN;
const UNKNOWN = PRINTER_STATUS.SERVER_UNKNOWN | PRINTER_STATUS.DRIVER_UPDATE_NEEDED;

/**
 * PRINTER_INFO_2 Status and Attributes → the protocol's status. Offline wins (nothing else matters if the printer
 * is not there), then paused (a person's decision), then errors. Busy, printing, warming up… are all "ready".
 */
export function winspoolStatus(status: number, attributes: number): PrinterStatus {
  if (status & OFFLINE || attributes & PRINTER_ATTRIBUTE_WORK_OFFLINE) return 'offline';
  if (status & PAUSED) return 'paused';
  if (status & ERROR) return 'error';
  if (status & UNKNOWN) return 'unknown';
  return 'ready';
}

/** "paper out, door open" for an error text the cashier can act on. */
export function describeStatusBits(status: number, attributes: number): string {
  const names = Object.entries(PRINTER_STATUS)
    .filter(([, bit]) => status & bit)
    .map(([name]) => name.toLowerCase().replace(/_/g, ' '));
  if (attributes & PRINTER_ATTRIBUTE_WORK_OFFLINE) names.push('"Use Printer Offline" is checked');
  return names.join(', ') || `status 0x${status.toString(16)}`;
}
