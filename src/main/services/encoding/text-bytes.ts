import { encodeChar } from '../../../shared/escpos/code-page-lookup';
import type { ProfileCodePage } from '../../../shared/printer-profiles/printer-profile';

const QUESTION = 0x3f;

/**
 * Characters that print nothing: byte order mark, zero-width space/joiners, word joiner, variation selectors. A
 * printer would show each as `?`, so they are dropped before wrapping and encoding.
 */
const INVISIBLE = /\p{Variation_Selector}|[\u{feff}\u{200b}-\u{200d}\u{2060}]/gu;

/** Text without the characters that print nothing (see INVISIBLE). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** Text turned into bytes plus the ESC t switches it needed; `page` is the page in force afterwards. */
export interface EncodedText {
  bytes: number[];
  page: ProfileCodePage | undefined;
}

/**
 * Encodes text for a printer whose current code page is `page` (undefined right after ESC @, when the printer's
 * memory switches decide it: the first character above ASCII then states one). Switches (ESC t n, in the profile's
 * numbering) only when a character is missing, to the page that also covers most of the characters still to come.
 * Control characters never reach the printer as commands: they become spaces. Characters no page has fall back to
 * their unaccented letter, then `?`.
 */
export function encodeText(text: string, page: ProfileCodePage | undefined, pages: readonly ProfileCodePage[]): EncodedText {
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
    const here = current ? encodeChar(current.page, char) : undefined;
    if (here !== undefined) {
      bytes.push(here);
      continue;
    }
    // Unstated page: the profile's first page when it has the character (what the printer most likely has anyway).
    const first = pages[0];
    const better = current === undefined && first && encodeChar(first.page, char) !== undefined ? first : bestPageFor(char, chars, index, pages);
    if (better) {
      current = better;
      bytes.push(0x1b, 0x74, better.escT, encodeChar(better.page, char) ?? QUESTION);
      continue;
    }
    const base = char.normalize('NFD').codePointAt(0) ?? QUESTION;
    bytes.push(base < 0x7f && base >= 0x20 ? base : QUESTION);
  }
  return { bytes, page: current };
}

function bestPageFor(char: string, chars: string[], from: number, pages: readonly ProfileCodePage[]): ProfileCodePage | undefined {
  let best: ProfileCodePage | undefined;
  let bestScore = -1;
  for (const candidate of pages) {
    if (encodeChar(candidate.page, char) === undefined) continue;
    let score = 0;
    for (let index = from + 1; index < chars.length; index++) {
      const next = chars[index] ?? '';
      if ((next.codePointAt(0) ?? 0) > 0x7f && encodeChar(candidate.page, next) !== undefined) score++;
    }
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
