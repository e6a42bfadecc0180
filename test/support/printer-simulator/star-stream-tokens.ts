import type { EscPosToken } from '../../../src/shared/escpos/parse-escpos';
import type { TokenCutter } from './stream-tokens';

const ESC = 0x1b;
const GS = 0x1d;
const RS = 0x1e;
const LF = 0x0a;
/** Star's drawer drive bytes: BEL drives device 1, SUB device 2. */
const DRAWER = new Set([0x07, 0x1a]);

/** Where the command at `pos` ends, or null when the data ends inside it. */
type Span = { name: string; end: number } | null;

const fixed = (name: string, pos: number, length: number, data: Uint8Array): Span => (pos + length <= data.length ? { name, end: pos + length } : null);
const word = (data: Uint8Array, at: number): number => (data[at] ?? 0) + (data[at + 1] ?? 0) * 256;

/**
 * The Star commands Ticketera's Star encoder writes (star-bytes.ts), by their length in the STAR Line Mode / StarPRNT
 * command specifications; an ESC sequence not listed is taken as ESC and one byte.
 */
function escape(data: Uint8Array, pos: number): Span {
  if (pos + 1 >= data.length) return null;
  const second = data[pos + 1] as number;
  const third = data[pos + 2];
  switch (second) {
    case 0x06:
      return fixed(third === 0x01 ? 'ESC ACK SOH' : 'ESC ACK', pos, 3, data);
    case 0x40: case 0x45: case 0x46: case 0x34: case 0x35: case 0x30: case 0x31:
      return fixed(`ESC ${String.fromCharCode(second)}`, pos, 2, data);
    case 0x2d: case 0x61: case 0x7a: case 0x64: case 0x4a:
      return fixed(`ESC ${String.fromCharCode(second)}`, pos, 3, data);
    case 0x69:
      return fixed('ESC i', pos, 4, data);
    case RS:
      return fixed('ESC RS', pos, third === 0x46 || third === 0x61 ? 4 : 3, data);
    case 0x58:
      // ESC X n1 n2 d…: a stripe of (n1 + n2×256) columns, 3 bytes each.
      return pos + 4 <= data.length ? fixed('ESC X', pos, 4 + 3 * word(data, pos + 2), data) : null;
    case 0x62: {
      // ESC b n1 n2 n3 n4 d… RS.
      const end = data.indexOf(RS, pos + 6);
      return end < 0 ? null : { name: 'ESC b', end: end + 1 };
    }
    case GS:
      return escapeGs(data, pos);
    default:
      return fixed('ESC ?', pos, 2, data);
  }
}

function escapeGs(data: Uint8Array, pos: number): Span {
  if (pos + 2 >= data.length) return null;
  const third = data[pos + 2] as number;
  if (third === 0x74 || third === 0x61) return fixed(`ESC GS ${String.fromCharCode(third)}`, pos, 4, data);
  if (third === 0x19) return fixed('ESC GS EM', pos, 7, data);
  if (third === 0x53) {
    // ESC GS S m xL xH yL yH n d…: x bytes across, y rows.
    return pos + 9 <= data.length ? fixed('ESC GS S', pos, 9 + word(data, pos + 4) * word(data, pos + 6), data) : null;
  }
  if (third === 0x79) {
    if (pos + 3 >= data.length) return null;
    const fourth = data[pos + 3];
    if (fourth === 0x53) return fixed('ESC GS y S', pos, 6, data);
    if (fourth === 0x44) return pos + 8 <= data.length ? fixed('ESC GS y D', pos, 8 + word(data, pos + 6), data) : null;
    return fixed('ESC GS y', pos, 4, data);
  }
  return fixed('ESC GS ?', pos, 3, data);
}

function spanAt(data: Uint8Array, pos: number): Span {
  const byte = data[pos] as number;
  if (byte === ESC) return escape(data, pos);
  if (byte === LF) return { name: 'LF', end: pos + 1 };
  if (DRAWER.has(byte)) return { name: 'star drawer', end: pos + 1 };
  if (byte < 0x20) return { name: '?', end: pos + 1 };
  let end = pos + 1;
  while (end < data.length && (data[end] as number) >= 0x20) end++;
  return { name: 'text', end };
}

/**
 * A Star printer's cutter for StreamTokens: whole Star commands and text, so an ESC ACK SOH split across TCP segments
 * is still one request. ESC/POS bytes mean nothing here: DLE EOT is three unknown single bytes. Text may continue in
 * the next chunk; it is cut where the chunk ends anyway, as a printer prints what it has.
 */
export const starCutter: TokenCutter = (data, pos) => {
  const span = spanAt(data, pos);
  return span ? tokenOf(span.name, pos, span.end) : null;
};

const tokenOf = (name: string, start: number, end: number): EscPosToken => ({
  kind: name === 'text' ? 'text' : 'command',
  name,
  start,
  end,
  effect: name === 'ESC ?' || name === 'ESC GS ?' || name === '?' ? 'unknown' : 'volatile',
});
