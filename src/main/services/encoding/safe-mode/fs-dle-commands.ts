import { ANY_BYTE, between, byteName, digitOrAscii, oneOf, parameters, type CommandReader, type CommandSpec } from './command-reader';
import { printNvBitImage } from './graphics-commands';
import { CLEARS_BUFFERS, ERROR_RECOVERY, POWER_OFF, STORED, UNKNOWN } from './reasons';

const oneParameter = (label: string, allowed = ANY_BYTE): CommandSpec => parameters(3, [label, allowed]);

/** FS q n [xL xH yL yH d…]…: defines NV bit images. */
const defineNvBitImages: CommandSpec = (command) => command.refuse(STORED);

/** FS g 1 writes NV user memory; the other FS g functions only report. */
const userMemory: CommandSpec = (command) => {
  if (command.at(2) !== 0x31) return command.refuse(UNKNOWN);
  command.name = 'FS g 1';
  const low = command.bytes[command.start + 8];
  const high = command.bytes[command.start + 9];
  return command.refuse(STORED, low === undefined || high === undefined ? undefined : 10 + low + high * 256);
};

/** FS commands safe mode passes (Kanji modes, NV bit image printing) or refuses by name. */
export const FS_COMMANDS: Record<number, CommandSpec> = {
  0x21: oneParameter('n'), // FS !: Kanji print mode
  0x28: (command) => {
    // FS ( A, C, E, L…: character fonts and encodings, NV settings, label paper: none is needed for a receipt.
    command.name = `FS ( ${byteName(command.at(2))}`;
    return command.refuse(UNKNOWN);
  },
  0x26: parameters(2), // FS &: Kanji mode on
  0x2d: oneParameter('n', digitOrAscii(0, 1, 2)), // FS -: Kanji underline
  0x2e: parameters(2), // FS .: Kanji mode off
  0x43: oneParameter('n', digitOrAscii(0, 1)), // FS C: Kanji code system
  0x53: parameters(4, ['n1', ANY_BYTE], ['n2', ANY_BYTE]), // FS S: Kanji spacing
  0x57: oneParameter('n'), // FS W: Kanji quadruple size
  0x67: userMemory, // FS g
  0x70: printNvBitImage, // FS p
  0x71: defineNvBitImages, // FS q
};

export function fsCommand(command: CommandReader): number {
  const spec = FS_COMMANDS[command.at(1)];
  if (!spec) return command.refuse(UNKNOWN);
  return spec(command);
}

/**
 * DLE DC4 fn …: real-time commands, run as soon as the printer receives them. fn 1 pulses the drawer (what ESC p
 * does, but also while the printer is offline), fn 2 powers off, fn 8 clears the buffers.
 */
const realTime: CommandSpec = (command) => {
  const fn = command.at(2);
  command.name = `DLE DC4 ${fn}`;
  if (fn === 2) return command.refuse(POWER_OFF, 5);
  if (fn === 8) return command.refuse(CLEARS_BUFFERS, 10);
  if (fn !== 1) return command.refuse(UNKNOWN);
  command.param('m', 3, oneOf(0, 1));
  command.param('t', 4, between(1, 8));
  return 5;
};

/** DLE commands: status requests and the drawer pulse pass; the rest are refused. */
export const DLE_COMMANDS: Record<number, CommandSpec> = {
  0x04: oneParameter('n', between(1, 4)), // DLE EOT n: real-time status (read only)
  0x05: (command) => command.refuse(ERROR_RECOVERY, 3), // DLE ENQ n: error recovery
  0x14: realTime, // DLE DC4
};

export function dleCommand(command: CommandReader): number {
  const spec = DLE_COMMANDS[command.at(1)];
  if (!spec) return command.refuse(UNKNOWN);
  return spec(command);
}
