import { JobError } from '../../../../shared/job-error';
import type { ProfileCodePage } from '../../../../shared/printer-profiles/printer-profile';
import { printableAsText } from '../../../../shared/printer-profiles/printable-as-text';
import { textEngine } from './text-engine';

/** Where the fonts for other scripts come from, said in the error a shop sees when one is missing. */
const FONT_HINT =
  process.platform === 'win32'
    ? 'add the language in Windows Settings → Time & language → Language, which installs its fonts'
    : 'install fonts for it (on Debian/Ubuntu: fonts-noto-core and fonts-wqy-microhei)';

/**
 * Refuses text with characters no installed font can draw: the receipt would print empty boxes where the words
 * should be, which looks printed but says nothing. Checked before anything is drawn.
 */
export function refuseMissingGlyphs(path: string, lines: Iterable<string>, pages: readonly ProfileCodePage[]): void {
  const wanted = new Set<string>();
  for (const line of lines) for (const char of line) if (!printableAsText(char, pages)) wanted.add(char);
  const missing = textEngine.missingCharacters(wanted);
  if (missing.length === 0) return;
  const shown = missing.slice(0, 5).map((char) => `"${char}" (U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')})`);
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
  throw new JobError('EXECUTION', `${path}: no font on this computer can print ${shown.join(', ')}${more}; ${FONT_HINT}`);
}
