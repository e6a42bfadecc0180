import type { Align } from '../../../../shared/document/types';
import { FONT_A, FONT_B } from '../../../../shared/escpos/font';
import type { TextStyle } from '../escpos-writer';
import { alignedLeft, columnsFor, type EncodeContext } from '../commands/encode-context';
import { rasterBands } from '../image/raster-bands';
import { refuseMissingGlyphs } from './missing-glyphs';
import { planText } from './plan-text';
import { isRightToLeft } from './text-direction';
import { textEngine, type DrawnText, type FontSpec } from './text-engine';

/** The engine's font for a printer font: the same height in dots (font A 24, font B 17), bold when the text is. */
export function engineFont(font: 'a' | 'b', bold: boolean): FontSpec {
  return { px: (font === 'b' ? FONT_B : FONT_A).cellHeight, bold };
}

/**
 * A text block with characters the printer's code pages lack (Chinese, Arabic, Greek…): its lines that print as
 * text are sent as text; the others are drawn with real fonts and sent as raster bands one printed line tall, in
 * the block's alignment, weight and size, so the paper it takes is the same as text. Lines are laid out and their
 * paper claimed before any is drawn.
 */
export function encodeScriptText(context: EncodeContext, text: string, style: TextStyle, align: Align, lineDots: number): void {
  const field = `${context.path}.data.text`;
  const font = engineFont(style.font, style.bold);
  const measure = (line: string): number => textEngine.measure(line, font) * style.width;
  const keep = Math.floor(context.budget.remainingDots() / lineDots) + 1;
  const plan = planText(text, { columns: columnsFor(context.paper, style.font, style.width), maxWidth: context.paper.dots, measure, keep, pages: context.writer.profile.codePages });
  context.budget.claimPaper(context.category, field, plan.count * lineDots, `${plan.estimated ? 'about ' : ''}${plan.count} lines`);
  refuseMissingGlyphs(field, plan.lines.filter((line) => line.raster).map((line) => line.text), context.writer.profile.codePages);
  const { writer } = context;
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
      left: alignedLeft(context.paper.dots, Math.ceil(measure(line.text)), align),
      font,
      scaleX: style.width,
      scaleY: style.height,
      rightToLeft: isRightToLeft(line.text),
      underline: style.underline,
      invert: style.invert,
    };
    const band = textEngine.render(context.paper.dots, lineDots, [run]);
    // Alignment is in the band's dots; ESC a left keeps models that also align rasters from moving it again.
    writer.setAlign('left');
    for (const bytes of rasterBands(band.dots, band.width, band.height, 0)) writer.push(bytes);
  }
}
