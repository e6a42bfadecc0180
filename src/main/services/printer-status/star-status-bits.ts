import type { PrinterFault, UnknownStatusBits } from '../../../shared/printer-status/live-status';
import type { StatusReading } from './escpos-status-bits';

/**
 * Star's Automatic Status (ASB), as the "STAR Line Mode Command Specifications" (Rev. 0.00, Appendix 2 "Status
 * Specifications", 5-2-3 "Automatic Status") define it; StarPRNT models send the same block. Byte numbers below are
 * the manual's: byte 1 is Header-1, byte 2 Header-2, bytes 3… printer status 1….
 */

const bit = (byte: number, n: number): boolean => (byte & (1 << n)) !== 0;

/**
 * "(5) Status identification method": Header-1 is `0 * * 0 * * * 1`, every other byte `0 * * 0 * * * 0` (bits 7 and
 * 4 always 0, bit 0 tells Header-1 from the rest). Header-2 bit 7 is the exception: see `hasLengthField`.
 */
const FIXED = 0x91;
export const isStarHeader1 = (byte: number): boolean => (byte & FIXED) === 0x01 && starAsbLength(byte) >= 7;
export const isStarHeader2 = (byte: number): boolean => (byte & 0x11) === 0;
export const isStarStatusByte = (byte: number): boolean => (byte & FIXED) === 0;

/**
 * "Header-1 represents the entire status transmission byte count, including Header-1, using bit 1 to bit 3 and bit
 * 5": bits 1–3 are the count's bits 0–2 and bit 5 its bit 3 (the manual's table: 0Fh = 7 bytes, 21h = 8, 23h = 9 …
 * 2Fh = 15).
 */
export const starAsbLength = (header1: number): number => ((header1 >> 1) & 0x07) | ((header1 >> 2) & 0x08);

/**
 * "5-1-4 Printer Status Transmission Specification when using Ethernet and Wireless LAN Interfaces": Header-2 bit 7
 * ("ASB status expansion") set means a 2-byte Length and that many bytes of other status data follow the block.
 * The manual writes the Length as a value (`0x000a` for 10 bytes) without naming a byte order; it is read high byte
 * first here. The answer to ESC ACK SOH always carries Length 0x0000, so only data Ticketera never asks for depends
 * on that reading.
 */
export const hasLengthField = (header2: number): boolean => bit(header2, 7);
/** "0x0000 ≤ Length ≤ 0x0200". */
export const MAX_EXTRA_STATUS = 0x200;

/** Bits set in `byte` outside `known`, kept rather than guessed at (as for ESC/POS). */
function unknown(position: number, byte: number, known: number): UnknownStatusBits[] {
  const bits = byte & ~known & 0xff;
  return bits === 0 ? [] : [{ source: `Star status byte ${position}`, bits }];
}

/**
 * The meaning of each printer status byte (bytes 3–9) for a receipt printer. Bits a model-specific table defines
 * differently (slip, presenter, black mark…) are left out of `known` so they show as unknown bits, never as a guess.
 */
const KNOWN: Record<number, number> = {
  // Printer status 1: bit 1 ETB executed, bit 2 compulsion switch, bit 3 offline, bit 5 cover open, bit 6 offline by
  // switch input.
  3: FIXED | 0x6e,
  // Printer status 2 (error information): bit 2 mechanical, bit 3 auto-cutter, bit 5 non-recoverable, bit 6 stopped
  // by high head temperature.
  4: FIXED | 0x6c,
  // Printer status 3 (error information): bit 6 reception buffer overflow and bit 5 command error (page mode) are
  // cleared once read and stop nothing; bits 1–3 (head up, presenter jam, black mark) differ by model.
  5: FIXED | 0x60,
  // Printer status 4 (sensor information): bit 1 paper near-end (outer), bit 2 paper near-end (inner), bit 3 paper
  // end, bit 5 black mark sensor reading (white / black: a reading, not an error).
  6: FIXED | 0x2e,
  // Printer status 5 (slip, validation and presenter sensors) defines nothing a receipt printer has.
  7: FIXED,
  // Printer status 6: the 5-bit ETB counter (bits 1–3, 5, 6).
  8: FIXED | 0x6e,
  // Printer status 7: presenter paper position, model-specific.
  9: FIXED,
};

/**
 * One ASB block (Header-1 through the last printer status byte, without the Ethernet Length field): the status it
 * reports. Later printer status bytes the manual does not define yet (Header-1 allows up to 15 bytes) are kept as
 * unknown bits.
 */
export function decodeStarAsb(block: readonly number[]): StatusReading {
  const status = (position: number): number => block[position - 1] ?? 0;
  const first = status(3);
  const errors = status(4);
  const sensors = status(6);
  const faults: PrinterFault[] = [];
  if (bit(errors, 2)) faults.push('mechanical');
  if (bit(errors, 3)) faults.push('cutter');
  if (bit(errors, 5)) faults.push('unrecoverable');
  if (bit(errors, 6)) faults.push('head-temperature');
  const unknownBits: UnknownStatusBits[] = [];
  for (let position = 3; position <= block.length; position++) unknownBits.push(...unknown(position, status(position), KNOWN[position] ?? FIXED));
  return {
    // "Compulsion SW: 0 open, 1 closed". Star's SDK samples read a closed switch as an open drawer by default; a
    // drawer wired the other way shows inverted, which still leaves the daily count of openings right.
    drawerOpen: bit(first, 2),
    offline: bit(first, 3) || bit(first, 6),
    coverOpen: bit(first, 5),
    faults,
    paper: bit(sensors, 3) ? 'out' : bit(sensors, 1) || bit(sensors, 2) ? 'near-end' : 'ok',
    unknownBits,
  };
}
