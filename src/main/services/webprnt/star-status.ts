import type { PrinterLiveStatus, PrintBlocker } from '../../../shared/printer-status/live-status';

/**
 * The printer's state in Star's Automatic Status layout (ASB), as WebPRNT's `<status>` carries it: hex, two digits a
 * byte. Layout from the "STAR Line Mode Command Specifications" (Appendix "Status Specifications", Automatic Status;
 * decoded the other way in printer-status/star-status-bits.ts) and the offsets StarWebPrintTrader.js reads
 * (`isOffLine`: byte 3 bit 3, `isPaperEnd`: byte 6 bit 3…, counting bytes from 1):
 *
 * - byte 1, Header-1 `23`: a 9-byte block; byte 2, Header-2 `86`: its bit 7 says a 2-byte Length follows (here 0000),
 *   as in Star's own example answer `2386000000000000000000`;
 * - byte 3: bit 5 cover open, bit 3 offline, bit 2 compulsion switch (the drawer sensor);
 * - byte 4: bit 2 mechanical error, bit 3 auto-cutter error, bit 5 non-recoverable error, bit 6 head too hot;
 * - byte 6: bit 3 paper end, bit 2 paper near end (the inner sensor, the one `isPaperNearEnd` reads).
 */
const HEADER_1 = 0x23;
const HEADER_2 = 0x86;
const BLOCK_BYTES = 9;

export function starStatusHex(status: PrinterLiveStatus | undefined, blocker: PrintBlocker | undefined): string {
  const bytes = Array.from({ length: BLOCK_BYTES + 2 }, () => 0);
  bytes[0] = HEADER_1;
  bytes[1] = HEADER_2;
  const live = status && status.link !== 'unknown' ? status : undefined;
  const paperOut = live?.paper === 'out' || blocker === 'paper-out';
  const coverOpen = live?.coverOpen === true || blocker === 'cover-open';
  const faults = live?.faults ?? [];
  // A Star printer goes offline for paper end, an open cover and errors; one that does not answer is offline too.
  const offline = live?.offline === true || live?.link === 'silent' || blocker !== undefined || paperOut || coverOpen || faults.length > 0;
  bytes[2] = (coverOpen ? 0x20 : 0) | (offline ? 0x08 : 0) | (live?.drawerOpen === true ? 0x04 : 0);
  bytes[3] =
    (faults.includes('mechanical') ? 0x04 : 0) |
    (faults.includes('cutter') ? 0x08 : 0) |
    (faults.includes('unrecoverable') ? 0x20 : 0) |
    (faults.includes('head-temperature') ? 0x40 : 0);
  bytes[5] = (paperOut ? 0x08 : 0) | (live?.paper === 'near-end' ? 0x04 : 0);
  return bytes.map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join('');
}
