/**
 * Splits ESC/POS bytes into printable text runs and whole commands, knowing every command's length so nothing is
 * skipped by guesswork. The preview interprets the tokens. It splits any bytes somehow, as a printer would, so it is
 * not a security check: safe mode (src/main/services/encoding/safe-mode) validates raw bytes with its own allow-list.
 */
export type CommandEffect =
  /** Prints, moves paper or sets a volatile mode that ESC @ or power-off resets. */
  | 'volatile'
  /** Writes non-volatile memory or changes settings the printer keeps across power cycles. */
  | 'stored'
  /** Not in the parser's table (its length may still be known from a length prefix). */
  | 'unknown';

export interface EscPosToken {
  kind: 'text' | 'command';
  /** `LF`, `ESC a`, `GS ( k`, … or `?` for bytes the parser cannot place. */
  name: string;
  start: number;
  end: number;
  effect: CommandEffect;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;

const SINGLE_BYTE: Record<number, string> = { 0x09: 'HT', 0x0a: 'LF', 0x0c: 'FF', 0x0d: 'CR', 0x18: 'CAN' };

/** ESC x and GS x commands of fixed total length (prefix included). */
const ESC_FIXED: Record<number, number> = {
  0x40: 2, 0x21: 3, 0x2d: 3, 0x45: 3, 0x47: 3, 0x4d: 3, 0x61: 3, 0x74: 3, 0x64: 3, 0x4a: 3, 0x32: 2, 0x33: 3,
  0x52: 3, 0x7b: 3, 0x56: 3, 0x20: 3, 0x24: 4, 0x5c: 4, 0x70: 5, 0x42: 4, 0x63: 4, 0x3d: 3, 0x65: 3, 0x55: 3,
  0x53: 2, 0x69: 2, 0x6d: 2, 0x25: 3, 0x72: 3, 0x3f: 3,
};
const GS_FIXED: Record<number, number> = {
  0x21: 3, 0x42: 3, 0x48: 3, 0x66: 3, 0x68: 3, 0x77: 3, 0x4c: 4, 0x57: 4, 0x2f: 3, 0x72: 3, 0x49: 3, 0x61: 3,
  0x50: 4, 0x62: 3, 0x54: 3, 0x24: 4, 0x5c: 4, 0x3a: 2,
};
const FS_FIXED: Record<number, number> = { 0x70: 4, 0x2e: 2, 0x26: 2, 0x43: 3, 0x21: 3, 0x2d: 3, 0x53: 4, 0x57: 3 };

/** `GS ( X` functions known to the preview or known harmless; everything else under `GS (` counts as unknown. */
const GS_PAREN_VOLATILE = new Set([0x41, 0x6b, 0x48, 0x44, 0x4b, 0x4e]); // A test print, k symbols, H, D, K, N
const GS_PAREN_STORED = new Set([0x45, 0x4d, 0x43]); // E user setup, M save/restore settings, C NV user memory
/** `GS ( L` / `GS 8 L` graphics functions that write or erase NV graphics. */
const NV_GRAPHICS_FUNCTIONS = new Set([65, 66, 67, 68]);

const name = (prefix: string, byte: number): string =>
  `${prefix} ${byte >= 0x21 && byte <= 0x7e ? String.fromCharCode(byte) : `0x${byte.toString(16).padStart(2, '0')}`}`;

/** The token starting at `pos` (pos < bytes.length). */
export function nextToken(bytes: Uint8Array, pos: number): EscPosToken {
  const first = bytes[pos] ?? 0;
  if (first >= 0x20 && first !== 0x7f) {
    let end = pos + 1;
    while (end < bytes.length && (bytes[end] ?? 0) >= 0x20 && bytes[end] !== 0x7f) end++;
    return { kind: 'text', name: 'text', start: pos, end, effect: 'volatile' };
  }
  const single = SINGLE_BYTE[first];
  if (single) return command(single, pos, pos + 1, 'volatile', bytes);
  const second = bytes[pos + 1];
  if (second === undefined) return command('?', pos, pos + 1, 'unknown', bytes);
  switch (first) {
    case ESC:
      return escCommand(bytes, pos, second);
    case GS:
      return gsCommand(bytes, pos, second);
    case FS:
      return fsCommand(bytes, pos, second);
    case DLE:
      return dleCommand(bytes, pos, second);
    default:
      return command('?', pos, pos + 1, 'unknown', bytes);
  }
}

/** Every token of a byte string, in order. */
export function* tokenize(bytes: Uint8Array): Generator<EscPosToken> {
  let pos = 0;
  while (pos < bytes.length) {
    const token = nextToken(bytes, pos);
    yield token;
    pos = token.end;
  }
}

function command(label: string, start: number, end: number, effect: CommandEffect, bytes: Uint8Array): EscPosToken {
  // A command cut short by the end of the data is not a command: show its bytes, refuse it in safe mode.
  if (end > bytes.length) return { kind: 'command', name: '?', start, end: bytes.length, effect: 'unknown' };
  return { kind: 'command', name: label, start, end, effect };
}

const u16 = (bytes: Uint8Array, at: number): number => (bytes[at] ?? 0) + (bytes[at + 1] ?? 0) * 256;

function escCommand(bytes: Uint8Array, pos: number, second: number): EscPosToken {
  const fixed = ESC_FIXED[second];
  if (fixed !== undefined) return command(name('ESC', second), pos, pos + fixed, 'volatile', bytes);
  if (second === 0x28) return parenCommand(bytes, pos, 'ESC', second, (fn) => (fn === 0x41 ? 'volatile' : 'unknown'));
  if (second === 0x2a) {
    // ESC * m nL nH: column bit image, 1 or 3 bytes per column. With another m a printer takes ESC * m alone and
    // prints what follows as data, so the bytes after it are tokens of their own, never image data.
    const m = bytes[pos + 2];
    if (m !== undefined && m !== 0 && m !== 1 && m !== 32 && m !== 33) return command('ESC *', pos, pos + 3, 'unknown', bytes);
    const columns = u16(bytes, pos + 3);
    return command('ESC *', pos, pos + 5 + columns * (m === undefined || m < 32 ? 1 : 3), 'volatile', bytes);
  }
  if (second === 0x44) return tabPositions(bytes, pos);
  if (second === 0x26) return userCharacters(bytes, pos);
  return command(name('ESC', second), pos, pos + 2, 'unknown', bytes);
}

/**
 * ESC D n1 … nk NUL: horizontal tab positions. A printer stops reading them at NUL, at a position not after the one
 * before (that byte and what follows are data again), or after 32 positions.
 */
function tabPositions(bytes: Uint8Array, pos: number): EscPosToken {
  let previous = 0;
  for (let end = pos + 2; end <= pos + 34; end++) {
    const value = bytes[end];
    // NUL ends the list; the end of the data cuts it short, which command() shows as unknown bytes.
    if (value === undefined || value === 0) return command('ESC D', pos, end + 1, 'volatile', bytes);
    if (value <= previous || end === pos + 34) return command('ESC D', pos, end, 'volatile', bytes);
    previous = value;
  }
  return command('ESC D', pos, pos + 34, 'volatile', bytes);
}

/** ESC & y c1 c2 [x d1…d(y×x)]…: downloadable characters, kept in RAM only. */
function userCharacters(bytes: Uint8Array, pos: number): EscPosToken {
  const height = bytes[pos + 2] ?? 0;
  const from = bytes[pos + 3] ?? 0;
  const to = bytes[pos + 4] ?? 0;
  let end = pos + 5;
  for (let code = from; code <= to && end <= bytes.length; code++) end += 1 + height * (bytes[end] ?? 0);
  return command('ESC &', pos, end, 'volatile', bytes);
}

function parenCommand(
  bytes: Uint8Array,
  pos: number,
  prefix: string,
  second: number,
  effectOf: (fn: number, functionCode: number) => CommandEffect,
): EscPosToken {
  const fn = bytes[pos + 2] ?? 0;
  const length = u16(bytes, pos + 3);
  const functionCode = bytes[pos + 6] ?? 0;
  return command(`${name(prefix, second)} ${String.fromCharCode(fn)}`, pos, pos + 5 + length, effectOf(fn, functionCode), bytes);
}

function gsCommand(bytes: Uint8Array, pos: number, second: number): EscPosToken {
  const fixed = GS_FIXED[second];
  if (fixed !== undefined) return command(name('GS', second), pos, pos + fixed, 'volatile', bytes);
  switch (second) {
    case 0x56: {
      const mode = bytes[pos + 2] ?? 0;
      return command('GS V', pos, pos + ([0, 1, 48, 49].includes(mode) ? 3 : 4), 'volatile', bytes);
    }
    case 0x6b: {
      const symbology = bytes[pos + 2] ?? 0;
      if (symbology <= 6) {
        const nul = bytes.indexOf(0, pos + 3);
        return command('GS k', pos, nul < 0 ? bytes.length + 1 : nul + 1, 'volatile', bytes);
      }
      return command('GS k', pos, pos + 4 + (bytes[pos + 3] ?? 0), 'volatile', bytes);
    }
    case 0x76:
      if (bytes[pos + 2] !== 0x30) return command(name('GS v', bytes[pos + 2] ?? 0), pos, pos + 3, 'unknown', bytes);
      return command('GS v 0', pos, pos + 8 + u16(bytes, pos + 4) * u16(bytes, pos + 6), 'volatile', bytes);
    case 0x2a:
      return command('GS *', pos, pos + 4 + (bytes[pos + 2] ?? 0) * (bytes[pos + 3] ?? 0) * 8, 'volatile', bytes);
    case 0x28:
      return parenCommand(bytes, pos, 'GS', second, (fn, functionCode) => {
        if (fn === 0x4c) return NV_GRAPHICS_FUNCTIONS.has(functionCode) ? 'stored' : 'volatile';
        if (GS_PAREN_STORED.has(fn)) return 'stored';
        return GS_PAREN_VOLATILE.has(fn) ? 'volatile' : 'unknown';
      });
    case 0x38:
      if (bytes[pos + 2] === 0x4c) {
        // GS 8 L p1 p2 p3 p4 m fn …: the 4-byte-length form of GS ( L.
        const length = u16(bytes, pos + 3) + u16(bytes, pos + 5) * 65536;
        const functionCode = bytes[pos + 8] ?? 0;
        return command('GS 8 L', pos, pos + 7 + length, NV_GRAPHICS_FUNCTIONS.has(functionCode) ? 'stored' : 'volatile', bytes);
      }
      return command('GS 8', pos, pos + 3, 'unknown', bytes);
    case 0x67:
      // GS g 0 m nL nH resets a maintenance counter kept in NV memory.
      return command('GS g', pos, pos + 6, bytes[pos + 2] === 0x30 ? 'stored' : 'volatile', bytes);
    default:
      return command(name('GS', second), pos, pos + 2, 'unknown', bytes);
  }
}

function fsCommand(bytes: Uint8Array, pos: number, second: number): EscPosToken {
  const fixed = FS_FIXED[second];
  if (fixed !== undefined) return command(name('FS', second), pos, pos + fixed, 'volatile', bytes);
  if (second === 0x71) {
    // FS q n [xL xH yL yH d1…dk]×n: defines NV bit images.
    let end = pos + 3;
    for (let image = 0; image < (bytes[pos + 2] ?? 0) && end <= bytes.length; image++) {
      end += 4 + u16(bytes, end) * u16(bytes, end + 2) * 8;
    }
    return command('FS q', pos, end, 'stored', bytes);
  }
  if (second === 0x67 && bytes[pos + 2] === 0x31) {
    // FS g 1 m a1 a2 a3 a4 nL nH d…: writes NV user memory.
    return command('FS g 1', pos, pos + 10 + u16(bytes, pos + 8), 'stored', bytes);
  }
  if (second === 0x28) return parenCommand(bytes, pos, 'FS', second, () => 'unknown');
  return command(name('FS', second), pos, pos + 2, 'unknown', bytes);
}

function dleCommand(bytes: Uint8Array, pos: number, second: number): EscPosToken {
  if (second === 0x04 || second === 0x05) return command(second === 4 ? 'DLE EOT' : 'DLE ENQ', pos, pos + 3, 'volatile', bytes);
  if (second === 0x14) {
    const fn = bytes[pos + 2] ?? 0;
    if (fn === 1 || fn === 2) return command(`DLE DC4 ${fn}`, pos, pos + 5, 'volatile', bytes);
    if (fn === 8) return command('DLE DC4 8', pos, pos + 10, 'volatile', bytes);
  }
  return command(name('DLE', second), pos, pos + 2, 'unknown', bytes);
}
