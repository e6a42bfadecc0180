import { cutShort, outOfRange } from './reasons';

/** The values one parameter may take, and how an error shows them. */
export interface Allowed {
  has(value: number): boolean;
  text: string;
}

export const oneOf = (...values: number[]): Allowed => ({ has: (value) => values.includes(value), text: values.join(', ') });
export const between = (low: number, high: number): Allowed => ({ has: (value) => value >= low && value <= high, text: `${low}–${high}` });
export const either = (...parts: Allowed[]): Allowed => ({ has: (value) => parts.some((part) => part.has(value)), text: parts.map((part) => part.text).join(', ') });
export const ANY_BYTE = between(0, 255);
/** ESC/POS's usual "n or the ASCII digit n" choices. */
export const digitOrAscii = (...values: number[]): Allowed => oneOf(...values, ...values.map((value) => value + 48));

/** A command safe mode will not pass: why, and its length when known (to show just its bytes). */
export class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly length?: number,
  ) {
    super(reason);
  }
}

/** A command that goes on past the end of the data; `needed` is its whole length when known. */
export class CutShort extends Error {
  constructor(left: number, needed?: number) {
    super(cutShort(left, needed));
  }
}

/**
 * One command being read at `start`: offsets are from its first byte. Reads past the end throw CutShort, checks
 * that fail throw Refused; the walker turns both into a refusal, so a command's validator reads like its spec.
 */
export class CommandReader {
  constructor(
    readonly bytes: Uint8Array,
    readonly start: number,
    /** `ESC *`, `GS ( k`…: refined by the validator as it learns more (`GS v 0`, `DLE DC4 2`). */
    public name: string,
  ) {}

  /** Bytes from `start` to the end of the data. */
  get left(): number {
    return this.bytes.length - this.start;
  }

  at(offset: number): number {
    const value = this.bytes[this.start + offset];
    if (value === undefined) throw new CutShort(this.left);
    return value;
  }

  /** Throws CutShort unless the data holds the command's whole `length`. */
  need(length: number): void {
    if (this.left < length) throw new CutShort(this.left, length);
  }

  u16(offset: number): number {
    return this.at(offset) + this.at(offset + 1) * 256;
  }

  u32(offset: number): number {
    return this.u16(offset) + this.u16(offset + 2) * 65536;
  }

  /** The byte at `offset`, which must be one of `allowed`. */
  param(label: string, offset: number, allowed: Allowed): number {
    return this.check(label, this.at(offset), allowed);
  }

  check(label: string, value: number, allowed: Allowed): number {
    if (!allowed.has(value)) throw new Refused(outOfRange(label, value, allowed.text));
    return value;
  }

  refuse(reason: string, length?: number): never {
    throw new Refused(reason, length);
  }
}

/** Reads one command at the reader's start and returns its whole length, or throws Refused / CutShort. */
export type CommandSpec = (command: CommandReader) => number;

const CONTROL_NAMES = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'BEL', 'BS', 'HT', 'LF', 'VT', 'FF', 'CR', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
];

/** How a byte reads in a command name: `*`, `DC4`, `0x80`. */
export function byteName(byte: number): string {
  if (byte > 0x20 && byte < 0x7f) return String.fromCharCode(byte);
  if (byte === 0x7f) return 'DEL';
  if (byte === 0x20) return 'SP';
  return CONTROL_NAMES[byte] ?? `0x${byte.toString(16).padStart(2, '0')}`;
}

/** A command of fixed `length` whose parameters follow its two prefix bytes, each with its allowed values. */
export function parameters(length: number, ...checks: Array<[label: string, allowed: Allowed]>): CommandSpec {
  return (command) => {
    checks.forEach(([label, allowed], index) => command.param(label, 2 + index, allowed));
    return length;
  };
}
