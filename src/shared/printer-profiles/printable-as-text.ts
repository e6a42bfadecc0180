import { encodeChar } from '../escpos/code-page-lookup';
import type { ProfileCodePage } from './printer-profile';

/**
 * Whether the printer can print `char` as text: ASCII, or a character of one of the profile's code pages. The one
 * place that decides when text must go out as a picture instead (the encoder's script-raster, and the designer's
 * warning that says so on the block).
 */
export function printableAsText(char: string, pages: readonly ProfileCodePage[]): boolean {
  const code = char.codePointAt(0) ?? 0;
  // A soft hyphen never reaches the printer as itself: wrapping turns it into `-` or drops it.
  return code < 0x80 || char === '\u00ad' || pages.some(({ page }) => encodeChar(page, char) !== undefined);
}
