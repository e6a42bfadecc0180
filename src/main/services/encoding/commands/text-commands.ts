import type { PaperGeometry } from '../../../../shared/document/paper';
import type { FeedData, LineData, TextData } from '../../../../shared/document/types';
import { NORMAL_STYLE, type TextStyle } from '../escpos-writer';
import { LINE_DOTS } from '../job-budget';
import { escPosTextTarget, writeTextBlock } from '../script-raster/script-text';
import { withoutInvisible } from '../text-bytes';
import type { EncodeContext } from './encode-context';

/** Paper one printed line of text feeds: the line pitch, or the characters' height (the profile's font) when taller. */
export const textLineDots = (paper: PaperGeometry, font: 'a' | 'b', heightScale = 1): number =>
  Math.max(LINE_DOTS, (font === 'b' ? paper.fontHeightB : paper.fontHeightA) * heightScale);

/** A text block's style with the document's defaults filled in (ESC/POS and Star Line Mode alike). */
export const textStyleOf = (data: TextData): TextStyle => ({
  bold: data.bold ?? false,
  underline: data.underline ?? 0,
  invert: data.invert ?? false,
  font: data.font ?? 'a',
  width: data.size?.width ?? 1,
  height: data.size?.height ?? 1,
});

export function encodeText(context: EncodeContext, data: TextData): void {
  const style = textStyleOf(data);
  const lineDots = textLineDots(context.paper, style.font, style.height);
  writeTextBlock(escPosTextTarget(context), withoutInvisible(data.text), style, data.align ?? 'left', lineDots, undefined, data.runs);
}

export function encodeLine(context: EncodeContext, data: LineData = {}): void {
  context.budget.claimPaper(context.category, context.path, LINE_DOTS, 'one line');
  const { writer } = context;
  writer.setAlign('left');
  writer.setStyle({ ...NORMAL_STYLE, bold: data.bold ?? false });
  writer.text((data.char ?? '-').repeat(context.paper.columnsA));
  writer.lineFeed();
}

export function encodeFeed(context: EncodeContext, data: FeedData = {}): void {
  const lines = data.lines ?? 1;
  context.budget.claimPaper(context.category, `${context.path}.data.lines`, lines * LINE_DOTS, `${lines} lines`);
  // ESC d n: print and feed n lines.
  context.writer.push([0x1b, 0x64, lines]);
}
