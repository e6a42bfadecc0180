/**
 * The ESC/POS commands Ticketera sends to learn what a printer did, as the Epson ESC/POS Application Programming
 * Guide documents them. Real-time commands (DLE …) are executed the moment the printer receives them, even while
 * it is offline or busy printing; GS commands are executed in order, after the data before them.
 */
const DLE = 0x10;
const EOT = 0x04;
const GS = 0x1d;

/** "DLE EOT n — Transmit real-time status": n = 1 printer, 2 offline cause, 3 error cause, 4 roll paper sensor. */
export const REAL_TIME_REQUESTS = [1, 2, 3, 4] as const;
export type RealTimeRequest = (typeof REAL_TIME_REQUESTS)[number];
export const realTimeStatusRequest = (n: RealTimeRequest): number[] => [DLE, EOT, n];

/** All four in one write: the printer answers them in order, one byte each. */
export const FULL_STATUS_REQUEST = Uint8Array.from(REAL_TIME_REQUESTS.flatMap(realTimeStatusRequest));

/**
 * "GS a n — Enable/disable Automatic Status Back": bit 0 drawer, bit 1 online/offline, bit 2 error, bit 3 paper
 * sensor. The printer sends a 4-byte status at once and again whenever one of them changes.
 */
export const ASB_ALL = 0x0f;
export const automaticStatusBack = (mask: number): number[] => [GS, 0x61, mask & 0x0f];

/**
 * "GS ( H fn=48 — Transmit the process ID response": pL=6 pH=0 fn=48 m=48 d1..d4 ('0'..'9'). Executed in order, so
 * the printer answers `37 22 d1 d2 d3 d4 00` only once everything before it has been printed.
 */
export function processIdRequest(id: string): number[] {
  if (!/^[0-9]{4}$/.test(id)) throw new Error(`process id must be four digits, got "${id}"`);
  return [GS, 0x28, 0x48, 6, 0, 48, 48, ...Array.from(id, (digit) => digit.charCodeAt(0))];
}

/**
 * "DLE DC4 fn=8 — Clear buffer(s)" (10 14 08 01 03 14 01 06 02 08): drops the receive and print buffers, so what a
 * stopped printer still holds of a job never comes out later. Answered with `37 25 00`.
 */
export const CLEAR_BUFFERS = Uint8Array.from([DLE, 0x14, 0x08, 0x01, 0x03, 0x14, 0x01, 0x06, 0x02, 0x08]);
