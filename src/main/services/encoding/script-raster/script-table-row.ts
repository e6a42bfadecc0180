import { FONT_A, FONT_B } from '../../../../shared/escpos/font';
import type { Align } from '../../../../shared/document/types';
import type { EncodeContext } from '../commands/encode-context';
import { rasterBands } from '../image/raster-bands';
import { refuseMissingGlyphs } from './missing-glyphs';
import { planText } from './plan-text';
import { engineFont } from './script-text';
import { isRightToLeft } from './text-direction';
import { textEngine, type DrawnText } from './text-engine';

/** A table's column layout, in the columns of its font (one blank column between two). */
export interface RowLayout {
  font: 'a' | 'b';
  widths: readonly number[];
  aligns: readonly Align[];
  lineDots: number;
}

/** Dots from the paper's left edge to where each column starts, and each column's width in dots. */
function columnDots(layout: RowLayout): { left: number; width: number }[] {
  const cell = (layout.font === 'b' ? FONT_B : FONT_A).cellWidth;
  let left = 0;
  return layout.widths.map((width) => {
    const column = { left, width: width * cell };
    left += (width + 1) * cell;
    return column;
  });
}

/**
 * A table row with a cell the printer's code pages cannot print: every cell is wrapped by measured width inside
 * its column and the row is drawn line by line as raster bands, so the columns stay where the text rows have
 * them. `extraLines` is paper the caller prints after the row (the header's rule), claimed with it.
 */
export function encodeScriptRow(context: EncodeContext, cells: readonly string[], layout: RowLayout, bold: boolean, path: string, extraLines: number): void {
  const font = engineFont(layout.font, bold);
  const measure = (text: string): number => textEngine.measure(text, font);
  const keep = Math.floor(context.budget.remainingDots() / layout.lineDots) + 1;
  const columns = columnDots(layout);
  const plans = cells.map((cell, index) => planText(cell, { maxWidth: columns[index]?.width ?? 0, measure, keep, pages: context.writer.profile.codePages }));
  const height = Math.max(...plans.map((plan) => plan.count));
  const about = plans.some((plan) => plan.estimated) ? 'about ' : '';
  context.budget.claimPaper(context.category, path, (height + extraLines) * layout.lineDots, `${about}${height + extraLines} lines`);
  refuseMissingGlyphs(path, plans.flatMap((plan) => plan.lines.map((line) => line.text)), context.writer.profile.codePages);
  context.writer.setAlign('left');
  for (let row = 0; row < height; row++) {
    const runs: DrawnText[] = [];
    plans.forEach((plan, index) => {
      const text = plan.lines[row]?.text ?? '';
      const column = columns[index];
      if (text === '' || !column) return;
      const width = Math.ceil(measure(text));
      const align = layout.aligns[index] ?? 'left';
      const inside = align === 'right' ? column.width - width : align === 'center' ? Math.floor((column.width - width) / 2) : 0;
      runs.push({ text, left: column.left + Math.max(0, inside), font, scaleX: 1, scaleY: 1, rightToLeft: isRightToLeft(text), underline: 0, invert: false });
    });
    const band = textEngine.render(context.paper.dots, layout.lineDots, runs);
    for (const bytes of rasterBands(band.dots, band.width, band.height, 0)) context.writer.push(bytes);
  }
}
