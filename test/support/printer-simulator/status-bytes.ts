/**
 * The bytes an Epson TM printer sends about itself, as the Epson ESC/POS Command Reference defines them
 * (DLE EOT "Transmit real-time status", GS a "Enable/disable Automatic Status Back", GS ( H fn=48
 * "Transmit process ID response", DLE DC4 fn=8 "Clear buffer(s)").
 */
import type { SimulatedState } from './types';

/** Printing stops on paper end, cover open and errors; near end still prints (the default of TM models). */
export const isOnline = (state: SimulatedState): boolean =>
  state.paper !== 'out' && !state.coverOpen && !hasError(state);

const hasError = (state: SimulatedState): boolean => state.cutterError || state.unrecoverableError;

/** DLE EOT answers always have bit 1 and bit 4 set, bits 0 and 7 clear. */
const REAL_TIME_FIXED = 0x12;

/**
 * The one-byte answer to DLE EOT n (n = 1..4). The FEED-button bits and "waiting for online recovery" stay 0: the
 * simulator has no FEED button and no auto-recoverable errors. With paper out, the near-end bits are set too: the
 * near-end sensor sees no paper either (real TM printers answer DLE EOT 4 with 0x7E then).
 */
export function realTimeStatus(n: 1 | 2 | 3 | 4, state: SimulatedState): number {
  switch (n) {
    case 1:
      // bit 2: drawer kick-out connector pin 3 HIGH (drawer open here); bit 3: offline.
      return REAL_TIME_FIXED | (state.drawerOpen ? 0x04 : 0) | (isOnline(state) ? 0 : 0x08);
    case 2:
      // bit 2: cover open; bit 5: printing stopped by paper end; bit 6: error occurred.
      return REAL_TIME_FIXED | (state.coverOpen ? 0x04 : 0) | (state.paper === 'out' ? 0x20 : 0) | (hasError(state) ? 0x40 : 0);
    case 3:
      // bit 3: auto-cutter error; bit 5: unrecoverable error; bit 6: auto-recoverable error (never here).
      return REAL_TIME_FIXED | (state.cutterError ? 0x08 : 0) | (state.unrecoverableError ? 0x20 : 0);
    case 4:
      // bits 2-3: roll paper near-end sensor; bits 5-6: roll paper end sensor.
      return REAL_TIME_FIXED | (state.paper !== 'ok' ? 0x0c : 0) | (state.paper === 'out' ? 0x60 : 0);
  }
}

/**
 * The 4-byte Automatic Status Back block. Byte 1: bit 4 set, bit 2 drawer pin 3, bit 3 offline, bit 5 cover open;
 * byte 2: bit 3 auto-cutter error, bit 5 unrecoverable error; byte 3: bits 0-1 near end, bits 2-3 paper end; byte 4: 0.
 */
export function asbBlock(state: SimulatedState): Uint8Array {
  return Uint8Array.of(
    0x10 | (state.drawerOpen ? 0x04 : 0) | (isOnline(state) ? 0 : 0x08) | (state.coverOpen ? 0x20 : 0),
    (state.cutterError ? 0x08 : 0) | (state.unrecoverableError ? 0x20 : 0),
    (state.paper !== 'ok' ? 0x03 : 0) | (state.paper === 'out' ? 0x0c : 0),
    0,
  );
}

/**
 * The ASB bits each GS a n bit enables, by the bit's number (0 drawer, 1 online/offline, 2 error, 3 roll paper
 * sensor): the printer sends a block when one of the enabled groups changes.
 */
export function asbGroups(state: SimulatedState): [number, number, number, number] {
  const [first = 0, second = 0, third = 0] = asbBlock(state);
  return [first & 0x04, first & 0x68, second, third];
}

/** GS ( H pL pH fn m d1..d4 with pL=6, pH=0, fn=48, m=48 and d = '0'..'9': the process ID, else null. */
export function processIdOf(command: Uint8Array): string | null {
  if (command.length !== 11 || command[3] !== 6 || command[4] !== 0 || command[5] !== 48 || command[6] !== 48) return null;
  const digits = command.subarray(7, 11);
  if (!digits.every((byte) => byte >= 0x30 && byte <= 0x39)) return null;
  return String.fromCharCode(...digits);
}

/** Process ID response: header 37h, identifier 22h, d1..d4, NUL. */
export const processIdResponse = (id: string): Uint8Array => Uint8Array.of(0x37, 0x22, ...Buffer.from(id, 'latin1'), 0x00);

/** DLE DC4 fn=8 carries this fixed key after fn so stray data cannot clear the buffer. */
const CLEAR_BUFFER = Uint8Array.of(0x10, 0x14, 0x08, 0x01, 0x03, 0x14, 0x01, 0x06, 0x02, 0x08);
export const isClearBuffer = (command: Uint8Array): boolean =>
  command.length === CLEAR_BUFFER.length && command.every((byte, index) => byte === CLEAR_BUFFER[index]);

/** Clear buffer response: header 37h, identifier 25h, NUL. */
export const CLEAR_BUFFER_RESPONSE = Uint8Array.of(0x37, 0x25, 0x00);
