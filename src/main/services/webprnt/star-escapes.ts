import type { DoorBudget } from '../encoding/door-budget';
import type { WebPrntElement } from './webprnt-request';

/** Work (door-budget units) a character of escaped data takes: unescaped (~5–10 ns), then read line by line. */
const DATA_CHAR_WORK = 10;

/** An element's data with the builder's escapes undone, its work claimed first when there are any. */
export function dataOf(element: WebPrntElement, budget: DoorBudget): string {
  if (!element.text.includes('\\')) return element.text;
  budget.claimWork(element.text.length * DATA_CHAR_WORK, `<${element.name}>`);
  return unescapeStar(element.text);
}

/**
 * StarWebPrintBuilder writes element data with its own escapes (`_encodeEscapeSequence`, and the `Binary` variant for
 * barcode, QR, PDF417 and `binary` text): a backslash becomes `\\`, and control characters, space, `&`, `<`, `>` and
 * DEL (the binary variant also bytes 0x80–0xFF) become `\xNN`. This undoes them. A backslash not starting either form
 * is kept as written.
 */
export function unescapeStar(text: string): string {
  if (!text.includes('\\')) return text;
  // Code unit by code unit into a typed array (a few ns each): a builder escapes every space and line end, so a long
  // receipt is mostly escapes, and building the string a character at a time would take ~100 ns each.
  const out = new Uint16Array(text.length);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === BACKSLASH) {
      const next = text.charCodeAt(index + 1);
      if (next === BACKSLASH) {
        out[length++] = BACKSLASH;
        index += 1;
        continue;
      }
      const high = hexValue(text.charCodeAt(index + 2));
      const low = hexValue(text.charCodeAt(index + 3));
      if (next === LOWER_X && high >= 0 && low >= 0) {
        out[length++] = high * 16 + low;
        index += 3;
        continue;
      }
    }
    out[length++] = unit;
  }
  return Buffer.from(out.buffer, 0, length * 2).toString('utf16le');
}

const BACKSLASH = 0x5c;
const LOWER_X = 0x78;

/** A hex digit's value, or -1 (NaN past the text's end is not one). */
function hexValue(unit: number): number {
  if (unit >= 0x30 && unit <= 0x39) return unit - 0x30;
  if (unit >= 0x41 && unit <= 0x46) return unit - 0x37;
  if (unit >= 0x61 && unit <= 0x66) return unit - 0x57;
  return -1;
}

/**
 * Text whose `\xNN` escapes held bytes 0x80–0xFF (the builder's binary form) as UTF-8 when the element says
 * `codepage="utf8"`; otherwise each such byte stands for the Latin-1 character of that number.
 */
export function textOfBytes(text: string, codepage: string | undefined): string {
  if (codepage !== 'utf8' || !isHighByteString(text)) return text;
  const decoded = Buffer.from(text, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? text : decoded;
}

/** Some characters 0x80–0xFF and none above 0xFF: a string of bytes from `\xNN` escapes. */
function isHighByteString(text: string): boolean {
  let high = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0xff) return false;
    if (code >= 0x80) high = true;
  }
  return high;
}
