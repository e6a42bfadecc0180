import type { TextRun } from '../../../../shared/document/types';
import type { TextStyle } from '../escpos-writer';
import { withoutInvisible } from '../text-bytes';

/** A stretch of a printed line in one style. */
export interface StyledPiece {
  text: string;
  style: TextStyle;
}

/** What wrapCounted does to text before it wraps it, applied to each run so their characters line up with its lines. */
const prepared = (text: string): string => withoutInvisible(text).normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ');

/**
 * The wrapped lines of a block (wrapCounted's, from the runs joined) cut into pieces of the style each character had
 * in its run. Each wrapped line is the rest of the text from some point, after the spaces and line ends wrapping
 * dropped: that is how its characters are found again. Undefined when they cannot be (a soft hyphen wrapping added
 * a `-`): the block then prints in its own style, as it would without runs.
 */
export function styledLines(lines: readonly string[], runs: readonly TextRun[], base: TextStyle): StyledPiece[][] | undefined {
  const styles: TextStyle[] = [];
  let text = '';
  for (const run of runs) {
    const piece = prepared(run.text);
    const style: TextStyle = { ...base, bold: run.bold ?? base.bold, underline: run.underline ?? base.underline, invert: run.invert ?? base.invert };
    for (let index = 0; index < piece.length; index++) styles.push(style);
    text += piece;
  }
  const result: StyledPiece[][] = [];
  let at = 0;
  for (const line of lines) {
    let start = at;
    while (!text.startsWith(line, start) && (text[start] === ' ' || text[start] === '\n')) start++;
    if (!text.startsWith(line, start)) return undefined;
    result.push(piecesOf(line, styles.slice(start, start + line.length)));
    at = start + line.length;
  }
  return result;
}

function piecesOf(line: string, styles: readonly TextStyle[]): StyledPiece[] {
  const pieces: StyledPiece[] = [];
  for (let index = 0; index < line.length; index++) {
    const style = styles[index];
    const last = pieces[pieces.length - 1];
    if (style === undefined) return pieces;
    if (last?.style === style) last.text += line[index];
    else pieces.push({ text: line[index] ?? '', style });
  }
  return pieces;
}
