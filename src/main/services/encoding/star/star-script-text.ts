import type { Align } from '../../../../shared/document/types';
import { alignedLeft, columnsFor } from '../commands/encode-context';
import type { TextStyle } from '../escpos-writer';
import { refuseMissingGlyphs } from '../script-raster/missing-glyphs';
import { planText } from '../script-raster/plan-text';
import { engineFont } from '../script-raster/script-text';
import { isRightToLeft } from '../script-raster/text-direction';
import { textEngine } from '../script-raster/text-engine';
import type { StarContext } from './star-context';

/**
 * A text block with characters the Star printer's code pages lack, as encodeScriptText does it for ESC/POS: lines
 * that print as text stay text, the others are drawn with real fonts and sent as the language's graphics, a
 * printed line tall (whole 24-dot stripes in Star Line Mode). Lines are laid out and their paper claimed first.
 */
export function starScriptText(context: StarContext, text: string, style: TextStyle, align: Align, lineDots: number): void {
  const field = `${context.path}.data.text`;
  const { writer, language, profile } = context;
  const font = engineFont(style.font, style.bold);
  const measure = (line: string): number => textEngine.measure(line, font) * style.width;
  const keep = Math.floor(context.budget.remainingDots() / lineDots) + 1;
  const plan = planText(text, { columns: columnsFor(context.paper, style.font, style.width), maxWidth: context.paper.dots, measure, keep, pages: profile.codePages });
  context.budget.claimPaper(context.category, field, plan.count * lineDots, `${plan.estimated ? 'about ' : ''}${plan.count} lines`);
  refuseMissingGlyphs(field, plan.lines.filter((line) => line.raster).map((line) => line.text), profile.codePages);
  const bandRows = language.textBandRows(lineDots);
  writer.setStyle(style);
  for (const line of plan.lines) {
    if (!line.raster) {
      writer.setAlign(align);
      writer.text(line.text);
      writer.lineFeed();
      continue;
    }
    const left = alignedLeft(context.paper.dots, Math.ceil(measure(line.text)), align);
    const band = textEngine.render(context.paper.dots, bandRows, [
      { text: line.text, left, font, scaleX: style.width, scaleY: style.height, rightToLeft: isRightToLeft(line.text), underline: style.underline, invert: style.invert },
    ]);
    writer.setAlign('left');
    for (const command of language.graphics(band.dots, band.width, band.height, 0)) writer.push(command);
  }
}
