import type { FeedData, LineData, TextData } from '../../../../shared/document/types';
import { NORMAL_STYLE, type TextStyle } from '../escpos-writer';
import { wrapText } from '../wrap-text';
import { columnsFor, type EncodeContext } from './encode-context';

export function encodeText(context: EncodeContext, data: TextData): void {
  const style: TextStyle = {
    bold: data.bold ?? false,
    underline: data.underline ?? 0,
    invert: data.invert ?? false,
    font: data.font ?? 'a',
    width: data.size?.width ?? 1,
    height: data.size?.height ?? 1,
  };
  const { writer } = context;
  writer.setAlign(data.align ?? 'left');
  writer.setStyle(style);
  // Wrapped here rather than by the printer, so words are not split and the preview breaks lines identically.
  for (const line of wrapText(data.text, columnsFor(context.paper, style.font, style.width))) {
    writer.text(line);
    writer.lineFeed();
  }
}

export function encodeLine(context: EncodeContext, data: LineData = {}): void {
  const { writer } = context;
  writer.setAlign('left');
  writer.setStyle({ ...NORMAL_STYLE, bold: data.bold ?? false });
  writer.text((data.char ?? '-').repeat(context.paper.columnsA));
  writer.lineFeed();
}

export function encodeFeed(context: EncodeContext, data: FeedData = {}): void {
  // ESC d n: print and feed n lines.
  context.writer.push([0x1b, 0x64, data.lines ?? 1]);
}
