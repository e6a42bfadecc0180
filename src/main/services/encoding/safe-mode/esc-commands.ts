import { ANY_BYTE, between, byteName, digitOrAscii, either, oneOf, parameters, type CommandReader, type CommandSpec } from './command-reader';
import { columnBitImage, userCharacters } from './graphics-commands';
import { OTHER_DEVICE, outOfRange, UNKNOWN } from './reasons';

/** `ESC x n`: one parameter byte. */
const oneParameter = (label: string, allowed = ANY_BYTE): CommandSpec => parameters(3, [label, allowed]);
const bare: CommandSpec = parameters(2);

/** ESC t: Epson's character code tables (PC437 … WPC1252, the Thai and Indian pages, user-defined pages). */
const CODE_TABLES = either(between(0, 8), between(11, 26), between(30, 53), between(66, 75), oneOf(82, 254, 255));
/** ESC R: international character sets. */
const INTERNATIONAL_SETS = either(between(0, 17), between(66, 75), oneOf(82));

/** ESC D n1 … nk NUL: at most 32 tab stops, each after the one before (a printer stops reading at the first that is not). */
const tabPositions: CommandSpec = (command) => {
  let previous = 0;
  for (let index = 0; ; index++) {
    const value = command.at(2 + index);
    if (value === 0) return 3 + index;
    if (index === 32) command.refuse(outOfRange('k (tab stops)', 33, '0–32'));
    command.check(`n${index + 1}`, value, between(previous + 1, 255));
    previous = value;
  }
};

/** ESC c 3 / 4 / 5 n: paper sensors for the paper-end signal / for stopping, panel buttons. Kept until ESC @. */
const panelSettings: CommandSpec = (command) => {
  const fn = command.param('fn', 2, oneOf(0x33, 0x34, 0x35));
  command.name = `ESC c ${String.fromCharCode(fn)}`;
  command.param('n', 3, ANY_BYTE);
  return 4;
};

/** ESC ( A: fn 48 beeps the buzzer (TM-m30 and later), fn 97 the TM-U230 beeper. Its other functions configure it. */
const beeper: CommandSpec = (command) => {
  const length = command.u16(3);
  const fn = command.param('fn', 5, oneOf(48, 97));
  if (fn === 48) {
    command.check('pL + pH × 256', length, oneOf(4));
    // n (sound pattern), c (count) and t (cycle) are model-specific; the length is fixed either way.
    return 9;
  }
  command.check('pL + pH × 256', length, oneOf(5));
  command.param('n', 6, oneOf(100));
  command.param('c', 7, between(0, 63));
  return 10;
};

const ESC_PAREN: Record<number, CommandSpec> = { 0x41: beeper };

const escParen: CommandSpec = (command) => {
  const fn = command.at(2);
  command.name = `ESC ( ${byteName(fn)}`;
  const spec = ESC_PAREN[fn];
  if (!spec) return command.refuse(UNKNOWN);
  return spec(command);
};

/** ESC commands safe mode passes, each checking its parameters against the Epson ESC/POS reference. */
export const ESC_COMMANDS: Record<number, CommandSpec> = {
  0x20: oneParameter('n'), // ESC SP: right-side character spacing
  0x21: oneParameter('n'), // ESC !: print mode bits
  0x24: parameters(4, ['nL', ANY_BYTE], ['nH', ANY_BYTE]), // ESC $: absolute print position
  0x25: oneParameter('n'), // ESC %: user-defined character set on/off
  0x26: userCharacters, // ESC &: define user-defined characters (RAM, cleared by ESC @)
  0x28: escParen,
  0x2a: columnBitImage, // ESC *: bit image
  0x2d: oneParameter('n', digitOrAscii(0, 1, 2)), // ESC -: underline
  0x32: bare, // ESC 2: default line spacing
  0x33: oneParameter('n'), // ESC 3: line spacing
  0x3d: (command) => command.refuse(OTHER_DEVICE, 3), // ESC =: select peripheral device (printer or customer display)
  0x3f: oneParameter('n', between(32, 126)), // ESC ?: cancel a user-defined character
  0x40: bare, // ESC @: initialize
  0x42: parameters(4, ['n', between(1, 9)], ['t', between(1, 9)]), // ESC B: beep n times for t × 100 ms, as the encoder sends it
  0x44: tabPositions, // ESC D
  0x45: oneParameter('n'), // ESC E: emphasized
  0x47: oneParameter('n'), // ESC G: double-strike
  0x4a: oneParameter('n'), // ESC J: print and feed n dots
  0x4d: oneParameter('n', digitOrAscii(0, 1, 2)), // ESC M: font
  0x52: oneParameter('n', INTERNATIONAL_SETS), // ESC R
  0x55: oneParameter('n'), // ESC U: unidirectional printing
  0x56: oneParameter('n', digitOrAscii(0, 1, 2)), // ESC V: 90° rotation
  0x5c: parameters(4, ['nL', ANY_BYTE], ['nH', ANY_BYTE]), // ESC \: relative print position
  0x61: oneParameter('n', digitOrAscii(0, 1, 2)), // ESC a: justification
  0x63: panelSettings, // ESC c 3/4/5
  0x64: oneParameter('n'), // ESC d: print and feed n lines
  0x65: oneParameter('n'), // ESC e: print and reverse feed n lines
  0x69: bare, // ESC i: partial cut (one point left)
  0x6d: bare, // ESC m: partial cut (three points left)
  0x70: parameters(5, ['m', digitOrAscii(0, 1)], ['t1', ANY_BYTE], ['t2', ANY_BYTE]), // ESC p: drawer pulse
  0x72: oneParameter('n', digitOrAscii(0, 1)), // ESC r: print colour
  0x74: oneParameter('n', CODE_TABLES), // ESC t: character code table
  0x7b: oneParameter('n'), // ESC {: upside-down printing
};

export function escCommand(command: CommandReader): number {
  const spec = ESC_COMMANDS[command.at(1)];
  if (!spec) return command.refuse(UNKNOWN);
  return spec(command);
}
