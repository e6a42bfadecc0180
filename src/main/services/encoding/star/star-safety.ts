import { LINE_DOTS } from '../job-budget';
import { ANY_BYTE, between, byteName, CommandReader, CutShort, digitOrAscii, oneOf, parameters, Refused, type CommandSpec } from '../safe-mode/command-reader';
import { describeRefusal, type SafeModeRefusal } from '../safe-mode';
import { STORED, UNKNOWN } from '../safe-mode/reasons';

/**
 * Safe mode for Star commands (Star Line Mode and StarPRNT, the bytes WebPRNT's `rawdata` carries): the Star twin of
 * the ESC/POS allow-list in ../safe-mode. Raw bytes pass only when every byte is printable text or a command listed
 * here that prints, formats, feeds, cuts, opens the drawer or rings the buzzer, with its parameters in range and its
 * data all there. Commands that write the printer's memory switches, its non-volatile logos or mark formats, define
 * characters, or that Ticketera does not know are refused, naming the first one and its byte offset.
 */

/** Control bytes that act alone: HT LF VT FF CR, SO/SI/DC4 (expanded print), CAN, BEL/FS and SUB/EM (drawers), RS (buzzer). */
const SINGLE: Record<number, string> = {
  0x07: 'BEL', 0x09: 'HT', 0x0a: 'LF', 0x0b: 'VT', 0x0c: 'FF', 0x0d: 'CR', 0x0e: 'SO', 0x0f: 'SI', 0x14: 'DC4',
  0x18: 'CAN', 0x19: 'EM', 0x1a: 'SUB', 0x1c: 'FS', 0x1e: 'RS',
};

const bare = parameters(2);
const one = (label: string, allowed = ANY_BYTE): CommandSpec => parameters(3, [label, allowed]);
const NV_LOGO = 'it stores a logo in the printer\u2019s non-volatile memory';
const MEMORY_SWITCH = "it writes the printer's memory switches";

/** ESC b n1 n2 n3 n4 d… RS: a barcode, its data up to the RS that ends it. */
const barcode: CommandSpec = (command) => {
  command.param('n1 (symbology)', 2, digitOrAscii(0, 1, 2, 3, 4, 5, 6, 7, 8));
  command.param('n2 (text under)', 3, digitOrAscii(1, 2, 3, 4));
  command.param('n3 (width)', 4, digitOrAscii(1, 2, 3, 4, 5, 6, 7, 8, 9));
  command.param('n4 (height)', 5, between(1, 255));
  for (let offset = 6; ; offset++) if (command.at(offset) === 0x1e) return offset + 1;
};

/** ESC X n1 n2 d…: one 24-dot stripe, three bytes a column. */
const stripe: CommandSpec = (command) => 4 + command.u16(2) * 3;

const ESC: Record<number, CommandSpec> = {
  0x40: bare, // ESC @ initialise
  0x45: bare, // ESC E / ESC F bold
  0x46: bare,
  0x34: bare, // ESC 4 / ESC 5 highlight (white on black)
  0x35: bare,
  0x2d: one('n', digitOrAscii(0, 1)), // ESC - n underline
  0x5f: one('n', digitOrAscii(0, 1)), // ESC _ n upperline
  0x69: parameters(4, ['n1', digitOrAscii(0, 1, 2, 3, 4, 5)], ['n2', digitOrAscii(0, 1, 2, 3, 4, 5)]), // ESC i sizes
  0x57: one('n', digitOrAscii(0, 1, 2, 3, 4, 5)), // ESC W / ESC h expanded width, height
  0x68: one('n', digitOrAscii(0, 1, 2, 3, 4, 5)),
  0x4d: bare, // ESC M / P / : pitch
  0x50: bare,
  0x3a: bare,
  0x52: one('n'), // ESC R international characters
  0x6c: one('n'), // ESC l / Q margins
  0x51: one('n'),
  0x61: one('n', between(1, 127)), // ESC a n: feed n lines
  0x4a: one('n'), // ESC J / I: feed n dots
  0x49: one('n'),
  0x30: bare, // ESC 0 / ESC z n: line pitch
  0x7a: one('n', digitOrAscii(0, 1)),
  0x64: one('n', digitOrAscii(0, 1, 2, 3)), // ESC d n: cut
  0x07: parameters(4, ['n1', ANY_BYTE], ['n2', ANY_BYTE]), // ESC BEL n1 n2: drawer pulse
  0x62: barcode,
  0x58: stripe,
};

/** ESC GS …: alignment, code page, QR codes, raster graphics, the buzzer. */
const escGs: CommandSpec = (command) => {
  const kind = command.at(2);
  command.name = `ESC GS ${byteName(kind)}`;
  switch (kind) {
    case 0x61:
      command.param('n', 3, digitOrAscii(0, 1, 2));
      return 4;
    case 0x74:
      command.param('n', 3, ANY_BYTE);
      return 4;
    case 0x79:
      return qr(command);
    case 0x53: {
      command.param('m', 3, oneOf(1));
      const wide = command.u16(4);
      const rows = command.u16(6);
      command.param('n', 8, oneOf(1));
      return 9 + wide * rows;
    }
    case 0x19: {
      command.param('function', 3, oneOf(0x11, 0x12));
      command.param('m', 4, digitOrAscii(1, 2));
      command.need(7);
      return 7;
    }
    case 0x23:
      return command.refuse(MEMORY_SWITCH, 3);
    case 0x2a:
      return command.refuse('it writes the mark format to the printer\u2019s non-volatile memory', 4);
    default:
      return command.refuse(UNKNOWN, 3);
  }
};

/** ESC GS y S 0/1/2 n (model, level, cell), ESC GS y D 1 0 nL nH d…, ESC GS y P. */
function qr(command: CommandReader): number {
  const kind = command.param('kind', 3, oneOf(0x53, 0x44, 0x50));
  if (kind === 0x53) {
    command.param('setting', 4, digitOrAscii(0, 1, 2));
    command.param('n', 5, between(0, 8));
    return 6;
  }
  if (kind === 0x44) {
    command.param('m', 4, digitOrAscii(1));
    return 8 + command.u16(6);
  }
  return 4;
}

/** ESC RS F n (font), ESC RS a n (automatic status). */
const escRs: CommandSpec = (command) => {
  const kind = command.at(2);
  command.name = `ESC RS ${byteName(kind)}`;
  if (kind !== 0x46 && kind !== 0x61) command.refuse(UNKNOWN, 3);
  command.param('n', 3, digitOrAscii(0, 1, 2));
  return 4;
};

const refusing = (reason: string): CommandSpec => (command) => command.refuse(reason, 3);

const ESC_PREFIXED: Record<number, CommandSpec> = {
  ...ESC,
  0x1d: escGs,
  0x1e: escRs,
  0x23: refusing(MEMORY_SWITCH), // ESC # …: memory switch settings
  0x1c: refusing(NV_LOGO), // ESC FS q: define NV logos
  0x26: refusing(STORED), // ESC &: download characters
};

const isText = (byte: number): boolean => byte >= 0x20 && byte !== 0x7f;

/** A checked Star command: its name and bytes. */
interface StarCommand {
  name: string;
  start: number;
  end: number;
}

function readOne(bytes: Uint8Array, start: number): StarCommand | SafeModeRefusal {
  const first = bytes[start] ?? 0;
  const shown = (length = 8): Uint8Array => bytes.slice(start, Math.min(bytes.length, start + Math.min(8, length)));
  if (isText(first)) {
    let end = start + 1;
    while (end < bytes.length && isText(bytes[end] ?? 0)) end++;
    return { name: 'text', start, end };
  }
  const single = SINGLE[first];
  if (single) return { name: single, start, end: start + 1 };
  const second = bytes[start + 1];
  const spec = first === 0x1b && second !== undefined ? ESC_PREFIXED[second] : undefined;
  const name = first === 0x1b && second !== undefined ? `ESC ${byteName(second)}` : byteName(first);
  if (!spec) return { name, offset: start, shown: shown(2), reason: first === 0x1b && second === undefined ? 'it is cut short at the end of the data' : UNKNOWN };
  const command = new CommandReader(bytes, start, name);
  try {
    const length = spec(command);
    command.need(length);
    return { name: command.name, start, end: start + length };
  } catch (error) {
    if (error instanceof Refused) return { name: command.name, offset: start, shown: shown(error.length), reason: error.reason };
    if (error instanceof CutShort) return { name: command.name, offset: start, shown: shown(), reason: error.message };
    throw error;
  }
}

export type StarSafetyCheck = { ok: true; feedDots: number } | { ok: false; problem: string };

/** Walks Star bytes command by command: passed (with the paper their feeds take), or the first command refused. */
export function checkStarCommands(bytes: Uint8Array): StarSafetyCheck {
  let feedDots = 0;
  for (let at = 0; at < bytes.length; ) {
    const read = readOne(bytes, at);
    if ('reason' in read) return { ok: false, problem: describeRefusal(read) };
    feedDots += feedOf(bytes, read);
    at = read.end;
  }
  return { ok: true, feedDots };
}

/** Paper a passed command feeds: line feeds, ESC a lines, ESC J / I dots, raster rows. */
function feedOf(bytes: Uint8Array, command: StarCommand): number {
  const n = bytes[command.start + 2] ?? 0;
  if (command.name === 'LF' || command.name === 'FF') return LINE_DOTS;
  if (command.name === 'ESC a') return n * LINE_DOTS;
  if (command.name === 'ESC J' || command.name === 'ESC I') return n;
  if (command.name === 'ESC GS S') return (bytes[command.start + 6] ?? 0) + (bytes[command.start + 7] ?? 0) * 256;
  return 0;
}
