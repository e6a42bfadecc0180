import { encodeChar } from '../../../shared/escpos/code-page-lookup';
import type { CodePage } from '../../../shared/escpos/code-pages';
import { codePageByName } from '../../../shared/escpos/code-page-lookup';

/** Pages tried for a character the current page lacks: € pages first, then the common Latin ones. */
const PREFERENCE = ['PC858', 'WPC1252', 'PC437', 'PC850', 'ISO8859_15', 'PC860', 'PC863', 'PC865', 'PC852', 'WPC1250', 'PC866', 'WPC1251'].map(codePageByName);

const QUESTION = 0x3f;

/**
 * Whether the printer can print `char` as text: ASCII, or a character of one of the code pages text is sent in.
 * The one place that decides when text must go out as a picture instead (script-raster); printer profiles will
 * narrow the pages here.
 */
export function printableAsText(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 || PREFERENCE.some((page) => encodeChar(page, char) !== undefined);
}

/** Text turned into bytes plus the ESC t switches it needed; `page` is the page in force afterwards. */
export interface EncodedText {
  bytes: number[];
  page: CodePage;
}

/**
 * Encodes text for a printer whose current code page is `page`, switching (ESC t n) only when a character is
 * missing, to the page that also covers most of the characters still to come. Control characters never reach the
 * printer as commands: they become spaces. Characters no page has fall back to their unaccented letter, then `?`.
 */
export function encodeText(text: string, page: CodePage): EncodedText {
  const chars = [...text.normalize('NFC')];
  const bytes: number[] = [];
  let current = page;
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] ?? '';
    const code = char.codePointAt(0) ?? QUESTION;
    if (code < 0x20 || code === 0x7f) {
      bytes.push(0x20);
      continue;
    }
    if (code < 0x7f) {
      bytes.push(code);
      continue;
    }
    const here = encodeChar(current, char);
    if (here !== undefined) {
      bytes.push(here);
      continue;
    }
    const better = bestPageFor(char, chars, index);
    if (better) {
      current = better;
      bytes.push(0x1b, 0x74, better.escT, encodeChar(better, char) ?? QUESTION);
      continue;
    }
    const base = char.normalize('NFD').codePointAt(0) ?? QUESTION;
    bytes.push(base < 0x7f && base >= 0x20 ? base : QUESTION);
  }
  return { bytes, page: current };
}

function bestPageFor(char: string, chars: string[], from: number): CodePage | undefined {
  let best: CodePage | undefined;
  let bestScore = -1;
  for (const candidate of PREFERENCE) {
    if (encodeChar(candidate, char) === undefined) continue;
    let score = 0;
    for (let index = from + 1; index < chars.length; index++) {
      const next = chars[index] ?? '';
      if ((next.codePointAt(0) ?? 0) > 0x7f && encodeChar(candidate, next) !== undefined) score++;
    }
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
