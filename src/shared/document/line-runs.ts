import type { TextRun } from './types';

/** The styles a run can change (see TextRun). */
export interface RunStyle {
  bold: boolean;
  underline: boolean;
  invert: boolean;
}

/**
 * A line of text collected piece by piece, as the vendors' protocols send it (a bold "TOTAL", then the amount in
 * plain), with the style of each piece: `take` gives the line's text and, when its pieces differ in style from the
 * line's, the runs that print them so (only the fields that differ, so a line in one style carries no runs).
 */
export class LineRuns {
  private pieces: { text: string; style: RunStyle }[] = [];

  get text(): string {
    return this.pieces.map((piece) => piece.text).join('');
  }

  add(text: string, style: RunStyle): void {
    if (text === '') return;
    const last = this.pieces[this.pieces.length - 1];
    const own = { bold: style.bold, underline: style.underline, invert: style.invert };
    if (last && sameRunStyle(last.style, own)) last.text += text;
    else this.pieces.push({ text, style: own });
  }

  /** The line so far (then empty), with runs against `line`, the style the line prints in. */
  take(line: RunStyle): { text: string; runs: TextRun[] | undefined } {
    const pieces = this.pieces;
    this.pieces = [];
    const text = pieces.map((piece) => piece.text).join('');
    if (pieces.every((piece) => sameRunStyle(piece.style, line))) return { text, runs: undefined };
    const runs = pieces.map(({ text: part, style }): TextRun => {
      const run: TextRun = { text: part };
      if (style.bold !== line.bold) run.bold = style.bold;
      if (style.underline !== line.underline) run.underline = style.underline ? 1 : 0;
      if (style.invert !== line.invert) run.invert = style.invert;
      return run;
    });
    return { text, runs };
  }
}

const sameRunStyle = (a: RunStyle, b: RunStyle): boolean => a.bold === b.bold && a.underline === b.underline && a.invert === b.invert;
