import type { Align, TextRun } from '../../../../shared/document/types';
import { styledLines } from '../commands/text-runs';
import { FONT_A, FONT_B } from '../../../../shared/escpos/font';
import type { TextStyle } from '../escpos-writer';
import { alignedLeft, columnsFor, type EncodeContext } from '../commands/encode-context';
import type { PaperGeometry } from '../../../../shared/document/paper';
import type { ProfileCodePage } from '../../../../shared/printer-profiles/printer-profile';
import type { ErrorCategory } from '../../../../shared/protocol';
import type { JobBudget } from '../job-budget';
import { rasterBands } from '../image/raster-bands';
import { refuseMissingGlyphs } from './missing-glyphs';
import { allPrintable, planText } from './plan-text';
import { wrapCounted } from '../wrap-text';
import { isRightToLeft } from './text-direction';
import { textEngine, type DrawnText, type FontSpec } from './text-engine';

/** The engine's font for a printer font: the same height in dots (font A 24, font B 17), bold when the text is. */
export function engineFont(font: 'a' | 'b', bold: boolean): FontSpec {
  return { px: (font === 'b' ? FONT_B : FONT_A).cellHeight, bold };
}

/** Where a text block goes: the job's paper and budget, and a writer of the printer's language. */
export interface ScriptTextTarget {
  paper: PaperGeometry;
  budget: JobBudget;
  category: ErrorCategory;
  /** `commands[3]`, prefixed to every error about this command. */
  path: string;
  pages: readonly ProfileCodePage[];
  writer: {
    setStyle(style: TextStyle): void;
    setAlign(align: Align): void;
    text(text: string): void;
    lineFeed(): void;
    push(bytes: Uint8Array): void;
  };
  /** Rows a drawn line takes (a printed line; whole 24-dot stripes where the language draws in stripes). */
  bandRows(lineDots: number): number;
  /** A drawn line's dots (1 = black, `width` per row) as the language's graphics commands. */
  graphics(dots: Uint8Array, width: number, height: number): Uint8Array[];
}

/**
 * A text block with characters the printer's code pages lack (Chinese, Arabic, Greek…): its lines that print as
 * text are sent as text; the others are drawn with real fonts and sent as graphics one printed line tall, in
 * the block's alignment, weight and size, so the paper it takes is the same as text. Lines are laid out and their
 * paper claimed before any is drawn.
 */
export function writeScriptText(target: ScriptTextTarget, text: string, style: TextStyle, align: Align, lineDots: number): void {
  const field = `${target.path}.data.text`;
  const font = engineFont(style.font, style.bold);
  const measure = (line: string): number => textEngine.measure(line, font) * style.width;
  const keep = Math.floor(target.budget.remainingDots() / lineDots) + 1;
  const plan = planText(text, { columns: columnsFor(target.paper, style.font, style.width), maxWidth: target.paper.dots, measure, keep, pages: target.pages });
  target.budget.claimPaper(target.category, field, plan.count * lineDots, `${plan.estimated ? 'about ' : ''}${plan.count} lines`);
  refuseMissingGlyphs(field, plan.lines.filter((line) => line.raster).map((line) => line.text), target.pages);
  const { writer } = target;
  writer.setStyle(style);
  for (const line of plan.lines) {
    if (!line.raster) {
      writer.setAlign(align);
      writer.text(line.text);
      writer.lineFeed();
      continue;
    }
    const run: DrawnText = {
      text: line.text,
      left: alignedLeft(target.paper.dots, Math.ceil(measure(line.text)), align),
      font,
      scaleX: style.width,
      scaleY: style.height,
      rightToLeft: isRightToLeft(line.text),
      underline: style.underline,
      invert: style.invert,
    };
    const band = textEngine.render(target.paper.dots, target.bandRows(lineDots), [run]);
    // Alignment is in the band's dots; left alignment keeps models that also align graphics from moving it again.
    writer.setAlign('left');
    for (const bytes of target.graphics(band.dots, band.width, band.height)) writer.push(bytes);
  }
}

/**
 * A text block in any printer language: wrapped here rather than by the printer, so words are not split and the
 * preview breaks lines identically (lines past the paper left are only counted, for the error text, never kept);
 * a block with characters no code page has goes to writeScriptText. `field` is where errors point.
 */
export function writeTextBlock(target: ScriptTextTarget, text: string, style: TextStyle, align: Align, lineDots: number, field = `${target.path}.data.text`, runs?: readonly TextRun[]): void {
  if (!allPrintable(text.normalize('NFC'), target.pages)) return writeScriptText(target, text, style, align, lineDots);
  const { lines, count } = wrapCounted(text, columnsFor(target.paper, style.font, style.width), Math.floor(target.budget.remainingDots() / lineDots) + 1);
  target.budget.claimPaper(target.category, field, count * lineDots, `${count} lines`);
  const { writer } = target;
  writer.setAlign(align);
  writer.setStyle(style);
  // Runs change only weight, underline and inversion, which take no room: the lines wrap as the plain text does.
  const styled = runs === undefined ? undefined : styledLines(lines, runs, style);
  lines.forEach((line, index) => {
    const pieces = styled?.[index];
    if (pieces === undefined) writer.text(line);
    for (const piece of pieces ?? []) {
      writer.setStyle(piece.style);
      writer.text(piece.text);
    }
    writer.lineFeed();
  });
}

/** ESC/POS as a text target: drawn lines go out as GS v 0 raster bands. */
export const escPosTextTarget = (context: EncodeContext): ScriptTextTarget => ({
  ...context,
  pages: context.writer.profile.codePages,
  bandRows: (rows) => rows,
  graphics: (dots, width, height) => rasterBands(dots, width, height, 0),
});
