import { between, either, oneOf, type Allowed, type CommandReader, type CommandSpec } from './command-reader';

const DIGITS = between(0x30, 0x39);
const CODE39 = either(DIGITS, between(0x41, 0x5a), oneOf(0x20, 0x24, 0x25, 0x2a, 0x2b, 0x2d, 0x2e, 0x2f));
const CODABAR = either(DIGITS, between(0x41, 0x44), between(0x61, 0x64), oneOf(0x24, 0x2b, 0x2d, 0x2e, 0x2f, 0x3a));
const ASCII = between(0, 127);
const PRINTABLE = between(0x20, 0x7e);
const evenBetween = (low: number, high: number): Allowed => ({ has: (value) => value % 2 === 0 && value >= low && value <= high, text: `even, ${low}–${high}` });

interface Symbology {
  /** Data lengths the symbology takes. */
  lengths: Allowed;
  /** Bytes its data may hold. */
  bytes: Allowed;
}

const UPC_A: Symbology = { lengths: between(11, 12), bytes: DIGITS };
const UPC_E: Symbology = { lengths: either(between(6, 8), between(11, 12)), bytes: DIGITS };
const EAN13: Symbology = { lengths: between(12, 13), bytes: DIGITS };
const EAN8: Symbology = { lengths: between(7, 8), bytes: DIGITS };
const ITF: Symbology = { lengths: evenBetween(2, 254), bytes: DIGITS };
const DATABAR_13: Symbology = { lengths: oneOf(13), bytes: DIGITS };

/** GS k m d1…dk NUL (function A). */
const FUNCTION_A: Record<number, Symbology> = {
  0: UPC_A,
  1: UPC_E,
  2: EAN13,
  3: EAN8,
  4: { lengths: between(1, 255), bytes: CODE39 },
  5: ITF,
  6: { lengths: between(1, 255), bytes: CODABAR },
};

/** GS k m n d1…dn (function B). */
const FUNCTION_B: Record<number, Symbology> = {
  65: UPC_A,
  66: UPC_E,
  67: EAN13,
  68: EAN8,
  69: { lengths: between(1, 255), bytes: CODE39 },
  70: ITF,
  71: { lengths: between(1, 255), bytes: CODABAR },
  72: { lengths: between(1, 255), bytes: ASCII }, // CODE93
  73: { lengths: between(2, 255), bytes: ASCII }, // CODE128, starting with a code set ({A, {B or {C)
  74: { lengths: between(2, 255), bytes: PRINTABLE }, // GS1-128
  75: DATABAR_13, // GS1 DataBar Omnidirectional
  76: DATABAR_13, // GS1 DataBar Truncated
  77: DATABAR_13, // GS1 DataBar Limited
  78: { lengths: between(2, 255), bytes: PRINTABLE }, // GS1 DataBar Expanded
};

/**
 * GS k, both forms. Every data byte is checked against the symbology: a printer that meets a byte its symbology
 * cannot hold may end the barcode there and read the rest as commands.
 */
export const barcode: CommandSpec = (command) => {
  const m = command.param('m', 2, either(between(0, 6), between(65, 78)));
  const symbology = FUNCTION_A[m] ?? FUNCTION_B[m];
  if (!symbology) return command.check('m', m, { has: () => false, text: '0–6, 65–78' });
  if (m <= 6) {
    let count = 0;
    for (let byte = command.at(3); byte !== 0; byte = command.at(3 + count)) {
      count = command.check('k (bytes before NUL)', count + 1, between(1, 255));
      command.check(`d${count}`, byte, symbology.bytes);
    }
    command.check('k (bytes before NUL)', count, symbology.lengths);
    return 4 + count;
  }
  const count = command.param('n', 3, symbology.lengths);
  command.need(4 + count);
  for (let index = 1; index <= count; index++) command.param(`d${index}`, 3 + index, symbology.bytes);
  if (m === 73) {
    command.param('d1', 4, oneOf(0x7b));
    command.param('d2', 5, oneOf(0x41, 0x42, 0x43));
  }
  return 4 + count;
};

type SymbolFunction = (command: CommandReader, size: number) => void;

const sizeIs = (command: CommandReader, size: number, expected: Allowed): void => {
  command.check('pL + pH × 256', size, expected);
};
/** A function with one parameter byte after cn fn. */
const setting =
  (label: string, allowed: Allowed): SymbolFunction =>
  (command, size) => {
    sizeIs(command, size, oneOf(3));
    command.param(label, 7, allowed);
  };
const store =
  (maxSize: number): SymbolFunction =>
  (command, size) => {
    sizeIs(command, size, between(4, maxSize));
    command.param('m', 7, oneOf(48));
  };
const print = setting('m', oneOf(48));

/** GS ( k cn = 49: QR Code. */
const QR: Record<number, SymbolFunction> = {
  65: (command, size) => {
    sizeIs(command, size, oneOf(4));
    command.param('n1 (model)', 7, oneOf(49, 50, 51));
    command.param('n2', 8, oneOf(0));
  },
  67: setting('n (module size)', between(1, 16)),
  69: setting('n (error correction)', between(48, 51)),
  80: store(7092),
  81: print,
};

/** GS ( k cn = 48: PDF417. */
const PDF417: Record<number, SymbolFunction> = {
  65: setting('n (columns)', between(0, 30)),
  66: setting('n (rows)', either(oneOf(0), between(3, 90))),
  67: setting('n (module width)', between(2, 8)),
  68: setting('n (row height)', between(2, 8)),
  69: (command, size) => {
    sizeIs(command, size, oneOf(4));
    const m = command.param('m', 7, oneOf(48, 49));
    command.param('n (error correction)', 8, m === 48 ? between(48, 56) : between(1, 40));
  },
  70: setting('m (options)', oneOf(0, 1)),
  80: store(65535),
  81: print,
};

/** GS ( k pL pH cn fn …: QR Code and PDF417, each function with its exact length. */
export const symbol: CommandSpec = (command) => {
  command.name = 'GS ( k';
  const size = command.u16(3);
  const cn = command.param('cn', 5, oneOf(48, 49));
  const functions = cn === 49 ? QR : PDF417;
  const fn = command.at(6);
  const read = functions[fn];
  if (!read) return command.check('fn', fn, { has: () => false, text: cn === 49 ? '65, 67, 69, 80, 81' : '65–70, 80, 81' });
  read(command, size);
  return 5 + size;
};
