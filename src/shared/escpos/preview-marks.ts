import { create as createQr } from 'qrcode';
import { drawChar, drawString, type CharStyle } from './draw-text';
import { FONT_B } from './font';
import type { Paper } from './raster';

/** The printers' default line pitch in dots, for a bare line feed and the least a text line takes. */
export const DEFAULT_LINE_SPACING = 30;
/** The labelled band's height (FONT_B plus its margins), kept free below `maxHeight` for the `truncated` band. */
export const BAND_DOTS = FONT_B.cellHeight + 6;
const BAND_LABEL_STYLE: CharStyle = { font: FONT_B, bold: false, underline: 0, invert: true, widthScale: 1, heightScale: 1 };

/** A black band with a white label at row `y`: how the preview shows what ink cannot (cuts, beeps, unknown bytes). */
export function drawLabelBand(paper: Paper, width: number, y: number, detail: string): void {
  const maxChars = Math.floor((width - 4) / FONT_B.cellWidth);
  const label = detail.length > maxChars ? `${detail.slice(0, maxChars - 1)}~` : detail;
  paper.fill(0, y, width, FONT_B.cellHeight + 4, 1);
  drawString(paper, label, BAND_LABEL_STYLE, 2, y + 2);
}

/** The dashed line where the knife goes, 6 rows tall from `y`. */
export const KNIFE_LINE_DOTS = 6;
export function drawKnifeLine(paper: Paper, width: number, y: number): void {
  for (let x = 0; x < width; x += 12) paper.fill(x, y + 2, 6, 2, 1);
}

/** Dots a barcode element of `units` half-modules takes at `moduleDots` per module: whole dots, at least one, as a printer sets each bar. */
const barDots = (units: number, moduleDots: number): number => Math.max(1, Math.round((units * moduleDots) / 2));

/** How wide a barcode's bars (BarcodeSymbol runs) are at `moduleDots` per module. */
export function barsWidth(runs: readonly number[], moduleDots: number): number {
  return runs.reduce((sum, units) => sum + barDots(units, moduleDots), 0);
}

/** A barcode's bars (BarcodeSymbol runs, a bar first) from (left, top), `height` dots tall; answers their width. */
export function drawBars(paper: Paper, runs: readonly number[], moduleDots: number, left: number, top: number, height: number): number {
  let x = left;
  runs.forEach((units, index) => {
    const dots = barDots(units, moduleDots);
    if (index % 2 === 0) paper.fill(x, top, dots, height, 1);
    x += dots;
  });
  return x - left;
}

/**
 * A byte-mode QR code with `cell` dots per module, its left edge at `left` and its top at `top` (each given its size
 * when a function); answers its size in dots. Throws (the qrcode library's reason) when no QR holds the data.
 */
export function drawQrSymbol(
  paper: Paper,
  data: Uint8Array,
  level: 'L' | 'M' | 'Q' | 'H',
  cell: number,
  at: { left: (size: number) => number; top: number | ((size: number) => number) },
): number {
  const modules = createQr([{ data, mode: 'byte' }], { errorCorrectionLevel: level }).modules;
  const size = modules.size * cell;
  const left = at.left(size);
  const top = typeof at.top === 'number' ? at.top : at.top(size);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.data[row * modules.size + column]) paper.fill(left + column * cell, top + row * cell, cell, cell, 1);
    }
  }
  paper.reach(top + size);
  return size;
}

/**
 * One line of text being set: characters wait until the line is full or fed, as on the printer, and the line's
 * alignment is the one in force at its first character.
 */
export class TextLine {
  private chars: { char: string; style: CharStyle; x: number }[] = [];
  /** Dots used so far (a tab moves it on without a character). */
  width = 0;
  private align = 0;

  get empty(): boolean {
    return this.chars.length === 0;
  }

  add(char: string, style: CharStyle, align: number): void {
    if (this.chars.length === 0) this.align = align;
    this.chars.push({ char, style, x: this.width });
    this.width += style.font.cellWidth * style.widthScale;
  }

  /** Draws the line with its top at `y` across `paperWidth` and empties it; answers the rows its tallest character takes. */
  draw(paper: Paper, paperWidth: number, y: number): number {
    const height = Math.max(...this.chars.map(({ style }) => style.font.cellHeight * style.heightScale));
    const offset = this.align === 1 ? Math.floor((paperWidth - this.width) / 2) : this.align === 2 ? paperWidth - this.width : 0;
    for (const { char, style, x } of this.chars) drawChar(paper, char, style, offset + x, y + height - style.font.cellHeight * style.heightScale);
    this.clear();
    return height;
  }

  clear(): void {
    this.chars = [];
    this.width = 0;
  }
}
