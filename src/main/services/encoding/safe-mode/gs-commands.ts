import { ANY_BYTE, between, byteName, digitOrAscii, either, oneOf, parameters, type CommandReader, type CommandSpec } from './command-reader';
import { downloadBitImage, graphics, largeGraphics, rasterImage } from './graphics-commands';
import { ENABLES_POWER_OFF, MACRO, SELF_TEST, STORED, UNKNOWN } from './reasons';
import { barcode, symbol } from './symbol-commands';

const oneParameter = (label: string, allowed = ANY_BYTE): CommandSpec => parameters(3, [label, allowed]);
const position = parameters(4, ['nL', ANY_BYTE], ['nH', ANY_BYTE]);

/** GS V: cut (m = 0, 1, 48, 49), feed n and cut (65, 66), reserve a cut n dots ahead (97, 98, 103, 104). */
const cut: CommandSpec = (command) => {
  const m = command.param('m', 2, oneOf(0, 1, 48, 49, 65, 66, 97, 98, 103, 104));
  if (m < 65) return 3;
  command.param('n', 3, ANY_BYTE);
  return 4;
};

/**
 * GS ( D pL pH m [a b]…: enables or disables DLE DC4 fn 1 (drawer pulse) and fn 2 (power off) as real-time commands.
 * Disabling either is what a careful program does before graphics; enabling power-off is refused.
 */
const realTimeSwitches: CommandSpec = (command) => {
  const size = command.check('pL + pH × 256', command.u16(3), { has: (value) => value >= 3 && value % 2 === 1, text: 'odd, 3 or more' });
  command.param('m', 5, oneOf(20));
  for (let at = 6; at < 5 + size; at += 2) {
    const kind = command.param('a', at, oneOf(1, 2));
    const enable = command.param('b', at + 1, oneOf(0, 1, 48, 49)) % 48 === 1;
    if (kind === 2 && enable) command.refuse(ENABLES_POWER_OFF, 5 + size);
  }
  return 5 + size;
};

/** GS ( K pL pH fn n: print density (fn 49) and speed (fn 50), kept until ESC @. */
const printControl: CommandSpec = (command) => {
  command.check('pL + pH × 256', command.u16(3), oneOf(2));
  const fn = command.param('fn', 5, oneOf(49, 50));
  command.param('n', 6, fn === 49 ? either(between(0, 6), between(250, 255)) : between(1, 13));
  return 7;
};

/** Length of a GS ( X pL pH … command, for showing the bytes of one safe mode refuses outright. */
const parenLength = (command: CommandReader): number | undefined => {
  const low = command.bytes[command.start + 3];
  const high = command.bytes[command.start + 4];
  return low === undefined || high === undefined ? undefined : 5 + low + high * 256;
};

const GS_PAREN: Record<number, CommandSpec> = {
  0x41: (command) => command.refuse(SELF_TEST, parenLength(command)), // GS ( A: test print
  0x43: (command) => command.refuse(STORED, parenLength(command)), // GS ( C: NV user memory
  0x44: realTimeSwitches, // GS ( D
  0x45: (command) => command.refuse(STORED, parenLength(command)), // GS ( E: user setup (memory switches…)
  0x4b: printControl, // GS ( K
  0x4c: graphics, // GS ( L
  0x4d: (command) => command.refuse(STORED, parenLength(command)), // GS ( M: save/restore settings
  0x6b: symbol, // GS ( k
};

const gsParen: CommandSpec = (command) => {
  const fn = command.at(2);
  command.name = `GS ( ${byteName(fn)}`;
  const spec = GS_PAREN[fn];
  if (!spec) return command.refuse(UNKNOWN);
  return spec(command);
};

/** GS g 0 m nL nH resets a maintenance counter kept in NV memory; the other GS g functions only report. */
const counters: CommandSpec = (command) => {
  if (command.at(2) !== 0x30) return command.refuse(UNKNOWN);
  command.name = 'GS g 0';
  return command.refuse(STORED, 6);
};

/** GS commands safe mode passes or refuses by name; any other GS is refused as unknown. */
export const GS_COMMANDS: Record<number, CommandSpec> = {
  0x21: oneParameter('n', { has: (value) => (value & 0x88) === 0, text: 'width and height 0–7' }), // GS !: character size
  0x24: position, // GS $: absolute vertical position (page mode)
  0x28: gsParen,
  0x2a: downloadBitImage, // GS *
  0x2f: oneParameter('m', digitOrAscii(0, 1, 2, 3)), // GS /: print the downloaded bit image
  0x38: largeGraphics, // GS 8 L
  0x3a: (command) => command.refuse(MACRO, 2), // GS :: start/end a macro definition
  0x42: oneParameter('n'), // GS B: white/black reverse
  0x48: oneParameter('n', digitOrAscii(0, 1, 2, 3)), // GS H: HRI position
  0x49: oneParameter('n', either(digitOrAscii(1, 2, 3), between(65, 69))), // GS I: transmit printer ID (read only)
  0x4c: position, // GS L: left margin
  0x50: parameters(4, ['x', ANY_BYTE], ['y', ANY_BYTE]), // GS P: motion units
  0x54: oneParameter('n', digitOrAscii(0, 1)), // GS T: go to the start of the line
  0x56: cut, // GS V
  0x57: position, // GS W: print area width
  0x5c: position, // GS \: relative vertical position (page mode)
  0x5e: (command) => command.refuse(MACRO, 5), // GS ^: run a macro
  0x62: oneParameter('n'), // GS b: smoothing
  0x66: oneParameter('n', digitOrAscii(0, 1, 2)), // GS f: HRI font
  0x67: counters, // GS g
  0x68: oneParameter('n', between(1, 255)), // GS h: barcode height
  0x6b: barcode, // GS k
  0x72: oneParameter('n', digitOrAscii(1, 2)), // GS r: transmit status (read only)
  0x76: rasterImage, // GS v 0
  0x77: oneParameter('n', between(1, 6)), // GS w: barcode module width
};

export function gsCommand(command: CommandReader): number {
  const spec = GS_COMMANDS[command.at(1)];
  if (!spec) return command.refuse(UNKNOWN);
  return spec(command);
}
