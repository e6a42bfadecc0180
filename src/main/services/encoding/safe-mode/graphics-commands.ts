import { between, digitOrAscii, oneOf, type CommandReader, type CommandSpec } from './command-reader';
import { STORED, UNKNOWN } from './reasons';

/**
 * ESC * m nL nH d1…dk: a bit image k columns wide, 1 byte a column (m = 0, 1) or 3 (m = 32, 33). A printer given
 * another m or width prints the bytes after it as data, so they are never taken for image data here.
 */
export const columnBitImage: CommandSpec = (command) => {
  const m = command.param('m', 2, oneOf(0, 1, 32, 33));
  command.param('nH', 4, between(0, 3));
  const columns = command.check('nL + nH × 256', command.u16(3), between(1, 1023));
  return 5 + columns * (m >= 32 ? 3 : 1);
};

/** ESC & y c1 c2 [x d1…d(y × x)]…: user-defined characters, kept in RAM and cleared by ESC @. */
export const userCharacters: CommandSpec = (command) => {
  const height = command.param('y', 2, between(2, 3));
  const first = command.param('c1', 3, between(32, 126));
  const last = command.param('c2', 4, between(first, 126));
  let length = 5;
  for (let code = first; code <= last; code++) {
    const width = command.param(`x (character ${code})`, length, between(0, 12));
    length += 1 + height * width;
  }
  return length;
};

/** GS v 0 m xL xH yL yH d1…dk: a raster image of x bytes by y rows, k = x × y. */
export const rasterImage: CommandSpec = (command) => {
  if (command.at(2) !== 0x30) return command.refuse(UNKNOWN);
  command.name = 'GS v 0';
  command.param('m', 3, digitOrAscii(0, 1, 2, 3));
  const bytesWide = command.check('xL + xH × 256', command.u16(4), between(1, 256));
  const rows = command.check('yL + yH × 256', command.u16(6), between(1, 2303));
  return 8 + bytesWide * rows;
};

/** GS * x y d1…d(x × y × 8): defines the downloaded bit image (RAM, cleared by ESC @). */
export const downloadBitImage: CommandSpec = (command) => {
  const x = command.param('x', 2, between(1, 255));
  const y = command.param('y', 3, between(1, 48));
  command.check('x × y', x * y, between(1, 1536));
  return 4 + x * y * 8;
};

/** GS ( L / GS 8 L functions that define or delete NV graphics (65–68) or download graphics (81–84). */
const GRAPHICS_WRITES = new Set([65, 66, 67, 68, 81, 82, 83, 84]);
const GRAPHICS_FUNCTIONS = '1, 2, 49, 50, 69, 85, 112, 113';

/**
 * The functions of GS ( L pL pH m fn … and GS 8 L p1 p2 p3 p4 m fn … (`body` is where m is, `size` the byte count
 * after the length field). Every function's length is checked against what its parameters need, so a printer that
 * reads the parameters and one that trusts the length field split the bytes the same way.
 */
function graphicsFunction(command: CommandReader, body: number, size: number, sizeLabel: string): number {
  command.param('m', body, oneOf(48));
  const fn = command.at(body + 1);
  if (GRAPHICS_WRITES.has(fn)) command.refuse(STORED, body + size);
  const sizeIs = (expected: number): void => {
    command.check(sizeLabel, size, oneOf(expected));
  };
  switch (fn) {
    case 1:
    case 49: // set the reference dot density
      sizeIs(4);
      command.param('x', body + 2, oneOf(50, 51));
      command.param('y', body + 3, oneOf(50, 51));
      break;
    case 2:
    case 50: // print the graphics in the print buffer
      sizeIs(2);
      break;
    case 69:
    case 85: // print NV graphics (stored by the owner's setup tool) / download graphics, by key code
      sizeIs(6);
      command.param('kc1', body + 2, between(32, 126));
      command.param('kc2', body + 3, between(32, 126));
      command.param('x', body + 4, oneOf(1, 2));
      command.param('y', body + 5, oneOf(1, 2));
      break;
    case 112:
    case 113: {
      // store graphics in the print buffer, raster (112) or column (113) format
      command.param('a', body + 2, oneOf(48));
      command.param('bx', body + 3, oneOf(1, 2));
      command.param('by', body + 4, oneOf(1, 2));
      command.param('c', body + 5, fn === 112 ? between(49, 52) : between(49, 51));
      const x = command.check('xL + xH × 256', command.u16(body + 6), between(1, 2047));
      const y = command.check('yL + yH × 256', command.u16(body + 8), fn === 112 ? between(1, 1662) : between(1, 128));
      sizeIs(10 + (fn === 112 ? Math.ceil(x / 8) * y : x * Math.ceil(y / 8)));
      break;
    }
    default:
      command.check('fn', fn, { has: () => false, text: GRAPHICS_FUNCTIONS });
  }
  return body + size;
}

export const graphics: CommandSpec = (command) => {
  command.name = 'GS ( L';
  return graphicsFunction(command, 5, command.u16(3), 'pL + pH × 256');
};

export const largeGraphics: CommandSpec = (command) => {
  if (command.at(2) !== 0x4c) return command.refuse(UNKNOWN);
  command.name = 'GS 8 L';
  return graphicsFunction(command, 7, command.u32(3), 'p1 + p2 × 256 + p3 × 65536 + p4 × 16777216');
};

/** FS p n m: prints NV bit image n, defined beforehand by the owner's setup tool (reading NV memory only). */
export const printNvBitImage: CommandSpec = (command) => {
  command.param('n', 2, between(1, 255));
  command.param('m', 3, digitOrAscii(0, 1, 2, 3));
  return 4;
};
