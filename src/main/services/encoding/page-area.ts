import type { FontName, ImageData } from '../../../shared/document/types';
import { drawString, type CharStyle } from '../../../shared/escpos/draw-text';
import { FONT_A, FONT_B } from '../../../shared/escpos/font';
import { DEFAULT_LINE_SPACING, drawBars, drawQrSymbol } from '../../../shared/escpos/preview-marks';
import { Paper, type Raster } from '../../../shared/escpos/raster';
import { packedPng } from './packed-raster';

/**
 * Page mode (Epson's `<page>`, Star's `<pagemode>`) drawn as the printer would lay it out: texts at their positions,
 * lines, rectangles and pictures in an area, turned by the print direction, then printed as one picture. Every
 * printer prints a picture, ESC/POS or Star, so the page comes out as laid out whatever is behind Ticketera.
 */

export const PAGE_DIRECTIONS = ['left_to_right', 'bottom_to_top', 'right_to_left', 'top_to_bottom'] as const;
export type PageDirection = (typeof PAGE_DIRECTIONS)[number];

/** Taller than any receipt's page-mode block (25 cm at 203 dpi), small enough that a page costs at most ~1 MB. */
export const MAX_PAGE_HEIGHT = 2000;

/** Where the page lies on the paper, in dots: x across the roll, y down it (ESC W's origin and size). */
export interface PageArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageTextStyle {
  font: FontName;
  width: number;
  height: number;
  bold: boolean;
  underline: boolean;
  invert: boolean;
}

export const LINE_STYLES = ['thin', 'medium', 'thick', 'thin_double', 'medium_double', 'thick_double'] as const;
export type LineStyle = (typeof LINE_STYLES)[number];

/** Dots a thin, medium and thick rule is across. */
const LINE_DOTS = { thin: 2, medium: 4, thick: 6 } as const;

/** The page cannot be printed on this paper: the door answers with its protocol's own error, nothing printed. */
export class PageTooLarge extends Error {}

/**
 * One page, drawn in its own coordinates (x along the print direction, y across it, as the POS placed things) and
 * turned onto the paper at the end. An area wider than the printer's head is narrowed to it, as ESC W does on an
 * Epson; one beginning past the head's edge, or reaching below MAX_PAGE_HEIGHT, is PageTooLarge. Without an area the
 * page spans the head and is as tall as what is drawn on it.
 */
export class PageCanvas {
  /** The page's size in its own coordinates. */
  readonly width: number;
  readonly height: number;
  private readonly paper: Paper;
  private readonly area: PageArea;
  private readonly trim: boolean;

  constructor(
    area: PageArea | undefined,
    private readonly direction: PageDirection,
    printableDots: number,
  ) {
    const given = area ?? { x: 0, y: 0, width: printableDots, height: MAX_PAGE_HEIGHT };
    if (given.x >= printableDots) throw new PageTooLarge(`the page area starts ${given.x} dots across, past the printer's ${printableDots}`);
    if (given.y + given.height > MAX_PAGE_HEIGHT) throw new PageTooLarge(`the page area reaches ${given.y + given.height} dots down, more than ${MAX_PAGE_HEIGHT}`);
    if (given.width === 0 || given.height === 0) throw new PageTooLarge('the page area is empty');
    this.area = { ...given, width: Math.min(given.width, printableDots - given.x) };
    this.trim = area === undefined;
    const turned = direction === 'bottom_to_top' || direction === 'top_to_bottom';
    this.width = turned ? this.area.height : this.area.width;
    this.height = turned ? this.area.width : this.area.height;
    this.paper = new Paper(this.width, this.height);
    this.paper.reach(this.height);
  }

  /** Dots down one line of text in this style: the text's height, at least the printer's default line spacing. */
  static lineDots(style: PageTextStyle, spacing = DEFAULT_LINE_SPACING): number {
    return Math.max(spacing, charStyle(style).font.cellHeight * style.height);
  }

  /** Dots across `text` is in this style. */
  static textWidth(text: string, style: PageTextStyle): number {
    return [...text].length * charStyle(style).font.cellWidth * style.width;
  }

  /** Dots down the characters of this style are. */
  static charHeight(style: PageTextStyle): number {
    return charStyle(style).font.cellHeight * style.height;
  }

  /** Text with its baseline (the bottom of its characters) at `baseline`, from x; returns the x after it. */
  text(x: number, baseline: number, text: string, style: PageTextStyle): number {
    const chars = charStyle(style);
    return drawString(this.paper, text, chars, x, baseline - chars.font.cellHeight * chars.heightScale);
  }

  /** A rule from (x1, y1) to (x2, y2); double styles are two rules side by side. */
  line(x1: number, y1: number, x2: number, y2: number, style: LineStyle): void {
    const weight = LINE_DOTS[style.replace('_double', '') as keyof typeof LINE_DOTS];
    this.stroke(x1, y1, x2, y2, weight);
    if (!style.endsWith('_double')) return;
    // The second rule lies below a horizontal one and right of any other, a rule's width apart.
    const horizontal = Math.abs(x2 - x1) >= Math.abs(y2 - y1);
    const dx = horizontal ? 0 : weight * 2;
    const dy = horizontal ? weight * 2 : 0;
    this.stroke(x1 + dx, y1 + dy, x2 + dx, y2 + dy, weight);
  }

  rectangle(x1: number, y1: number, x2: number, y2: number, style: LineStyle): void {
    this.line(x1, y1, x2, y1, style);
    this.line(x2, y1, x2, y2, style);
    this.line(x2, y2, x1, y2, style);
    this.line(x1, y2, x1, y1, style);
  }

  /** A barcode's bars (BarcodeSymbol runs) from (x, top), `height` tall, as the preview draws them; answers their width. */
  bars(x: number, top: number, runs: readonly number[], moduleDots: number, height: number): number {
    return drawBars(this.paper, runs, moduleDots, x, top, height);
  }

  /** A QR code standing on `bottom` (at the page's top when undefined) from x; answers its width. Throws when no QR holds the data. */
  qr(x: number, bottom: number | undefined, data: Uint8Array, level: 'L' | 'M' | 'Q' | 'H', cell: number): number {
    return drawQrSymbol(this.paper, data, level, cell, { left: () => x, top: (size) => (bottom === undefined ? 0 : bottom - size) });
  }

  /** A 1-bit picture with its top-left corner at (x, top). */
  picture(x: number, top: number, raster: Raster): void {
    for (let row = 0; row < raster.height; row++) {
      for (let column = 0; column < raster.width; column++) {
        if (raster.pixels[row * raster.width + column]) this.paper.set(x + column, top + row, 1);
      }
    }
  }

  /**
   * The page turned onto the paper, with the area's offset as white dots, as the document's image command (printed
   * dot for dot at the left); undefined when nothing at all was drawn on a page without an area. Each row of the page
   * is packed a bit a dot straight into the paper's rows, which are the PNG's own (packedPng), and a row without ink
   * is passed over by one native scan: a full page costs this thread a few milliseconds at most, little when blank.
   */
  toImage(): ImageData | undefined {
    const { x: left, y: top, width, height } = this.area;
    const across = left + width;
    const rowBytes = Math.ceil(across / 8);
    let bytes = new Uint8Array(rowBytes * (top + height));
    const paper = { bytes, rowBytes, left, top, width, height };
    const pageRows = Array.from({ length: this.height }, (_, y) => this.paper.row(y));
    switch (this.direction) {
      case 'left_to_right':
        packRows(paper, pageRows, false);
        break;
      case 'right_to_left':
        packRows(paper, pageRows.reverse(), true);
        break;
      case 'bottom_to_top':
        packColumns(paper, pageRows, true);
        break;
      case 'top_to_bottom':
        packColumns(paper, pageRows.reverse(), false);
        break;
    }
    let rows = top + height;
    if (this.trim) {
      const inked = inkedRows(bytes, rowBytes);
      if (inked === undefined) return undefined;
      bytes = bytes.subarray(inked.first * rowBytes, (inked.last + 1) * rowBytes);
      rows = inked.last + 1 - inked.first;
    }
    const png = packedPng({ width: across, height: rows, bitsPerDot: 1, bytes });
    return { image: png.toString('base64'), align: 'left', dither: 'threshold', ...(across >= 8 ? { width: across } : {}) };
  }

  /** A straight stroke `weight` dots wide: a square pen moved dot by dot from one end to the other. */
  private stroke(x1: number, y1: number, x2: number, y2: number, weight: number): void {
    const steps = Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1));
    for (let step = 0; step <= steps; step++) {
      const x = Math.round(x1 + ((x2 - x1) * step) / Math.max(1, steps));
      const y = Math.round(y1 + ((y2 - y1) * step) / Math.max(1, steps));
      this.paper.fill(x, y, weight, weight, 1);
    }
  }
}

function charStyle(style: PageTextStyle): CharStyle {
  return {
    font: style.font === 'b' ? FONT_B : FONT_A,
    bold: style.bold,
    underline: style.underline ? 1 : 0,
    invert: style.invert,
    widthScale: style.width,
    heightScale: style.height,
  };
}

/** The paper's rows being packed: `rowBytes` a row, the area `width` × `height` dots from (`left`, `top`). */
interface PackedPaper {
  bytes: Uint8Array;
  rowBytes: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The page's rows laid along the area's rows, the first at its top (left_to_right; right_to_left passes them last
 * first, each `reversed`). Each row with ink is copied to its place in a row of whole bytes (white around it), then
 * packed eight dots at a time; a row without ink is passed over by one native scan.
 */
function packRows({ bytes, rowBytes, left, top, width }: PackedPaper, pageRows: readonly Uint8Array[], reversed: boolean): void {
  const line = new Uint8Array(rowBytes * 8);
  const dots = line.subarray(left, left + width);
  pageRows.forEach((row, y) => {
    if (!row.includes(1)) return;
    dots.set(row);
    if (reversed) dots.reverse();
    const out = (top + y) * rowBytes;
    for (let column = 0, at = 0; column < rowBytes; column++, at += 8) {
      bytes[out + column] =
        ((line[at] ?? 0) << 7) |
        ((line[at + 1] ?? 0) << 6) |
        ((line[at + 2] ?? 0) << 5) |
        ((line[at + 3] ?? 0) << 4) |
        ((line[at + 4] ?? 0) << 3) |
        ((line[at + 5] ?? 0) << 2) |
        ((line[at + 6] ?? 0) << 1) |
        (line[at + 7] ?? 0);
    }
  });
}

/**
 * A turned page's rows laid down the area's columns, the first at its left: each runs from the area's bottom up
 * (`upwards`, bottom_to_top) or from its top down (top_to_bottom, which passes them last first). Eight page rows
 * make one byte of each area row they cross, read dot by dot across them; eight rows without ink are passed over.
 */
function packColumns({ bytes, rowBytes, left, top, height }: PackedPaper, pageRows: readonly Uint8Array[], upwards: boolean): void {
  const white = new Uint8Array(height);
  // The page row under each bit of an area row: white left of the area and past its right edge.
  const under = Array.from({ length: rowBytes * 8 }, (_, bit) => pageRows[bit - left] ?? white);
  const inked = under.map((row) => row !== white && row.includes(1));
  for (let column = 0; column < rowBytes; column++) {
    const from = column * 8;
    if (!inked.slice(from, from + 8).includes(true)) continue;
    const [a = white, b = white, c = white, d = white, e = white, f = white, g = white, h = white] = under.slice(from, from + 8);
    const stride = upwards ? -rowBytes : rowBytes;
    for (let x = 0, at = (top + (upwards ? height - 1 : 0)) * rowBytes + column; x < height; x++, at += stride) {
      bytes[at] =
        ((a[x] ?? 0) << 7) | ((b[x] ?? 0) << 6) | ((c[x] ?? 0) << 5) | ((d[x] ?? 0) << 4) | ((e[x] ?? 0) << 3) | ((f[x] ?? 0) << 2) | ((g[x] ?? 0) << 1) | (h[x] ?? 0);
    }
  }
}

/** The first and last rows with any ink, or undefined when there is none. */
function inkedRows(bytes: Uint8Array, rowBytes: number): { first: number; last: number } | undefined {
  let first = 0;
  while (first < bytes.length && bytes[first] === 0) first++;
  if (first === bytes.length) return undefined;
  let last = bytes.length - 1;
  while (bytes[last] === 0) last--;
  return { first: Math.floor(first / rowBytes), last: Math.floor(last / rowBytes) };
}
