import type { PrinterFault, UnknownStatusBits } from '../../../shared/printer-status/live-status';
import type { RealTimeRequest } from './escpos-status-commands';

/** What one status answer says; fields a given answer does not cover stay undefined. */
export interface StatusReading {
  offline?: boolean;
  coverOpen?: boolean;
  paper?: 'ok' | 'near-end' | 'out';
  drawerOpen?: boolean;
  faults?: PrinterFault[];
  unknownBits: UnknownStatusBits[];
}

const bit = (byte: number, n: number): boolean => (byte & (1 << n)) !== 0;

/** Bits set in `byte` outside `known` (fixed and defined bits), reported as unknown rather than guessed at. */
function unknown(source: string, byte: number, known: number): UnknownStatusBits[] {
  const bits = byte & ~known & 0xff;
  return bits === 0 ? [] : [{ source, bits }];
}

/**
 * The drawer kick-out connector's pin 3 reads HIGH while the drawer's switch is open. Most drawers close that switch
 * when shut; one wired the other way shows inverted, which leaves the daily count of openings right (every opening
 * is followed by a closing).
 */
const drawerOpenOf = (byte: number): boolean => bit(byte, 2);

/** A DLE EOT answer has bits 1 and 4 set and bits 0 and 7 clear; an ASB block starts with bit 4 set, bits 0, 1, 7 clear. */
export const isRealTimeByte = (byte: number): boolean => (byte & 0x93) === 0x12;
export const isAsbFirstByte = (byte: number): boolean => (byte & 0x93) === 0x10;
export const isAsbOtherByte = (byte: number): boolean => (byte & 0x90) === 0;

const FIXED_REAL_TIME = 0x93;

/** One DLE EOT n answer, bit by bit as the Epson reference defines it for n = 1..4. */
export function decodeRealTime(n: RealTimeRequest, byte: number): StatusReading {
  const source = `DLE EOT ${n}`;
  switch (n) {
    case 1:
      // bit 2 drawer pin 3, bit 3 offline, bit 5 waiting for online recovery, bit 6 FEED button pressed.
      return { drawerOpen: drawerOpenOf(byte), offline: bit(byte, 3), unknownBits: unknown(source, byte, FIXED_REAL_TIME | 0x6c) };
    case 2:
      // bit 2 cover open, bit 3 paper fed by the FEED button, bit 5 printing stopped by paper end, bit 6 error.
      return { coverOpen: bit(byte, 2), unknownBits: unknown(source, byte, FIXED_REAL_TIME | 0x6c) };
    case 3: {
      // bit 3 auto-cutter error, bit 5 unrecoverable error, bit 6 auto-recoverable error; bit 2 differs by model.
      const faults: PrinterFault[] = [];
      if (bit(byte, 3)) faults.push('cutter');
      if (bit(byte, 5)) faults.push('unrecoverable');
      if (bit(byte, 6)) faults.push('auto-recoverable');
      return { faults, unknownBits: unknown(source, byte, FIXED_REAL_TIME | 0x68) };
    }
    case 4: {
      // bits 2–3 roll paper near-end sensor, bits 5–6 roll paper end sensor (each pair set together).
      const paper = bit(byte, 5) || bit(byte, 6) ? 'out' : bit(byte, 2) || bit(byte, 3) ? 'near-end' : 'ok';
      return { paper, unknownBits: unknown(source, byte, FIXED_REAL_TIME | 0x6c) };
    }
  }
}

/** A 4-byte Automatic Status Back block (GS a). */
export function decodeAsb(bytes: readonly [number, number, number, number]): StatusReading {
  const [first, second, third, fourth] = bytes;
  const faults: PrinterFault[] = [];
  if (bit(second, 2)) faults.push('mechanical');
  if (bit(second, 3)) faults.push('cutter');
  if (bit(second, 5)) faults.push('unrecoverable');
  if (bit(second, 6)) faults.push('auto-recoverable');
  const paper = bit(third, 2) || bit(third, 3) ? 'out' : bit(third, 0) || bit(third, 1) ? 'near-end' : 'ok';
  return {
    drawerOpen: drawerOpenOf(first),
    offline: bit(first, 3),
    coverOpen: bit(first, 5),
    faults,
    paper,
    unknownBits: [
      ...unknown('ASB byte 1', first, 0x93 | 0x6c),
      ...unknown('ASB byte 2', second, 0x90 | 0x6c),
      ...unknown('ASB byte 3', third, 0x90 | 0x0f),
      ...unknown('ASB byte 4', fourth, 0x90),
    ],
  };
}
