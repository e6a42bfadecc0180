import type { MarkupPaper } from './parse-markup';
import { boundedInt, hasParam, paramValue, type MarkupTag } from './markup-tags';

export interface TextStyle {
  bold: boolean;
  underline: boolean;
  /** White on black (`[negative]`). */
  negative: boolean;
  font: 'a' | 'b';
  width: number;
  height: number;
}

/** Font A is 12 dots wide, font B 9 (the encoder's fonts on a 203 dpi head). */
const FONT_DOTS = { a: 12, b: 9 } as const;

/** Characters across the line in this style: 48 on 80 mm in font A, 24 at double width. */
export const charactersPerLine = (style: TextStyle, paper: MarkupPaper): number => Math.max(1, Math.floor(paper.dots / (FONT_DOTS[style.font] * style.width)));

/**
 * `[column: left …; right …]` as printed lines: left text flush left, right text flush right on one line; when both do
 * not fit, `short` replaces the left text, `variable-left` drops what does not fit of it, and otherwise the right
 * text goes on a line of its own, flush right (the reference's "stacked" fallback).
 */
export function columnLine(tag: MarkupTag, style: TextStyle, paper: MarkupPaper): string[] {
  const width = charactersPerLine(style, paper);
  const left = paramValue(tag, 'left') ?? '';
  const right = paramValue(tag, 'right') ?? '';
  const fits = (text: string): boolean => [...text].length + [...right].length + 1 <= width;
  const pad = (text: string): string => `${text}${' '.repeat(Math.max(1, width - [...text].length - [...right].length))}${right}`;
  if (fits(left)) return [pad(left)];
  const short = paramValue(tag, 'short');
  if (short !== undefined && fits(short)) return [pad(short)];
  if (hasParam(tag, 'variable-left')) return [pad([...left].slice(0, Math.max(0, width - [...right].length - 1)).join(''))];
  return [left, `${' '.repeat(Math.max(0, width - [...right].length))}${right}`];
}

/** `[fixedWidth: text …; width N; align right]`: the text cut or padded to N characters (the line when no width). */
export function fixedWidthText(tag: MarkupTag, style: TextStyle, paper: MarkupPaper): string {
  const text = [...(paramValue(tag, 'text') ?? '')];
  const width = boundedInt(paramValue(tag, 'width'), 0, 512, charactersPerLine(style, paper));
  const ellipsis = (paramValue(tag, 'ellipsize-type') ?? '').toLowerCase() === 'end';
  const cut = text.length > width ? (ellipsis && width > 0 ? [...text.slice(0, width - 1), '…'] : text.slice(0, width)) : text;
  const fill = ' '.repeat(width - cut.length);
  return (paramValue(tag, 'align') ?? '').toLowerCase() === 'right' ? `${fill}${cut.join('')}` : `${cut.join('')}${fill}`;
}
