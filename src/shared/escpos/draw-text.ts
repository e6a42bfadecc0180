import { glyphMask, type FontMetrics } from './font';
import type { Paper } from './raster';

export interface CharStyle {
  font: FontMetrics;
  bold: boolean;
  underline: 0 | 1 | 2;
  invert: boolean;
  widthScale: number;
  heightScale: number;
}

const boldMasks = new Map<Uint8Array, Uint8Array>();

/** Emphasis as printers do it: each dot struck again one dot to the right. */
function emphasized(mask: Uint8Array, cellWidth: number): Uint8Array {
  const cached = boldMasks.get(mask);
  if (cached) return cached;
  const bold = mask.slice();
  for (let index = 0; index < mask.length; index++) {
    if (mask[index] && (index % cellWidth) + 1 < cellWidth) bold[index + 1] = 1;
  }
  boldMasks.set(mask, bold);
  return bold;
}

/** Draws one character cell with its top-left corner at (x, y). */
export function drawChar(paper: Paper, char: string, style: CharStyle, x: number, y: number): void {
  const { font, widthScale, heightScale } = style;
  const base = glyphMask(char, font);
  const mask = style.bold ? emphasized(base, font.cellWidth) : base;
  const cellWidth = font.cellWidth * widthScale;
  const cellHeight = font.cellHeight * heightScale;
  paper.reach(y + cellHeight);
  const ink = style.invert ? 0 : 1;
  if (style.invert) paper.fill(x, y, cellWidth, cellHeight, 1);
  for (let row = 0; row < font.cellHeight; row++) {
    for (let column = 0; column < font.cellWidth; column++) {
      if (!mask[row * font.cellWidth + column]) continue;
      const left = x + column * widthScale;
      for (let dy = 0; dy < heightScale; dy++) {
        const line = paper.row(y + row * heightScale + dy);
        for (let dx = 0; dx < widthScale; dx++) {
          const at = left + dx;
          if (at >= 0 && at < line.length) line[at] = ink;
        }
      }
    }
  }
  if (style.underline > 0 && !style.invert) paper.fill(x, y + cellHeight - style.underline, cellWidth, style.underline, 1);
}

/** Draws a string left to right from (x, y) in one style; returns the x after it. */
export function drawString(paper: Paper, text: string, style: CharStyle, x: number, y: number): number {
  let at = x;
  for (const char of text) {
    drawChar(paper, char, style, at, y);
    at += style.font.cellWidth * style.widthScale;
  }
  return at;
}
