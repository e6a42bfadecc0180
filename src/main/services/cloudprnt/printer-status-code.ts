import { blockerOf, type PrinterLiveStatus } from '../../../shared/printer-status/live-status';

/**
 * The bound printer's status as a CloudPRNT device reports it in each poll (Star CloudPRNT Developer Guide, "JSON
 * Request" and "7. Printer Status Codes"): `statusCode` a 3-digit code and description — 2xx online (210 paper low),
 * 4xx printer error (410 out of paper, 411 paper jam, 420 cover open) — and `status` the printer's Automatic Status
 * Block as hex bytes ("23 6 0 0 0 0 0 0 0 " in the guide's example).
 */
export interface CloudPrntStatus {
  statusCode: string;
  asb: string;
}

export const STATUS_TEXT = {
  ok: '200 OK',
  paperLow: '210 Paper Low',
  printerError: '400 Printer Error',
  offline: '400 Printer Offline',
  paperOut: '410 Out of Paper',
  coverOpen: '420 Cover Open',
} as const;

/** A printer that does not read back (a spooler queue) or was not asked yet is reported online: it takes jobs. */
export function cloudPrntStatusOf(status: PrinterLiveStatus | undefined): CloudPrntStatus {
  return { statusCode: statusCodeOf(status), asb: asbOf(status) };
}

function statusCodeOf(status: PrinterLiveStatus | undefined): string {
  if (!status) return STATUS_TEXT.ok;
  switch (blockerOf(status)) {
    case 'paper-out':
      return STATUS_TEXT.paperOut;
    case 'cover-open':
      return STATUS_TEXT.coverOpen;
    case 'fault':
      return STATUS_TEXT.printerError;
    case 'silent':
      return STATUS_TEXT.offline;
    case null:
      if (status.offline) return STATUS_TEXT.printerError;
      return status.paper === 'near-end' ? STATUS_TEXT.paperLow : STATUS_TEXT.ok;
  }
}

/**
 * Nine bytes in the layout of Star's ASB ("STAR Line Mode Command Specifications", Automatic Status; decoded in
 * printer-status/star-status-bits.ts): Header-1 0x23 (nine bytes), Header-2 0x06, printer status 1 (bit 2 drawer
 * switch, bit 3 offline, bit 5 cover open), 2 (bit 2 mechanical, bit 3 cutter, bit 5 unrecoverable, bit 6 head
 * temperature), 3, 4 (bit 2 paper near end, bit 3 paper end), 5–7 zero. Whatever the bound printer's own language:
 * the server reads Star's layout.
 */
function asbOf(status: PrinterLiveStatus | undefined): string {
  const bytes = [0x23, 0x06, 0, 0, 0, 0, 0, 0, 0];
  if (status && status.link !== 'unknown') {
    const offline = status.link === 'silent' || status.offline || blockerOf(status) !== null;
    bytes[2] = (status.drawerOpen ? 0x04 : 0) | (offline ? 0x08 : 0) | (status.coverOpen ? 0x20 : 0);
    const faults = new Set(status.faults);
    bytes[3] = (faults.has('mechanical') ? 0x04 : 0) | (faults.has('cutter') ? 0x08 : 0) | (faults.has('unrecoverable') ? 0x20 : 0) | (faults.has('head-temperature') ? 0x40 : 0);
    bytes[5] = status.paper === 'out' ? 0x08 : status.paper === 'near-end' ? 0x04 : 0;
  }
  return `${bytes.map((byte) => byte.toString(16)).join(' ')} `;
}
