import type { ImageData } from '../../../shared/document/types';
import type { DoorBudget } from './door-budget';
import { unpackRegion, type PackedRaster } from './packed-raster';
import { PageCanvas, type LineStyle, type PageArea, type PageDirection, type PageTextStyle } from './page-area';

/**
 * A page-mode page (PageCanvas) that draws only what lands on it, each piece's work claimed from the request's budget
 * before its loop runs. A POS may place anything anywhere in 0…65535 dots; the page is at most a head wide and
 * MAX_PAGE_HEIGHT tall, so a rule to 65535 is cut to the page before a dot is drawn, a text's characters past the
 * page's edge are never drawn, and only the part of a picture that shows is unpacked. What does show is drawn
 * exactly as PageCanvas draws it (a rule wholly inside keeps its ends; one cut at the edge may differ by a dot where
 * it leaves the page, which does not print).
 *
 * Work units are about a nanosecond of this thread on an idle core each (see door-budget), measured per operation.
 */
const PAGE_WORK = 100_000;
/**
 * Clearing, turning and packing each dot of the page into the picture it prints as. PageCanvas.toImage packs eight
 * dots at a time straight into the PNG's rows and passes over rows without ink: a full page of an 80 mm head (576 ×
 * 2000 dots) takes ~1–2 ms with ink on every row and ~3–4 ms when every dot differs (noise, which compresses worst),
 * in any direction. So 3 a dot covers the worst page whatever is drawn on it, and a request may hold about ten full
 * pages (a dot at a time through pngjs's filters it was ~20 ns a dot, and two pages).
 */
const AREA_WORK = 3;
/** Reading one line of a text (finding its end), drawn or not. */
const LINE_WORK = 200;
const GLYPH_WORK = 1_500;
const GLYPH_DOT_WORK = 4;
/** One step of a rule's pen, and each row of the pen at it. */
const STEP_WORK = 20;
const PEN_ROW_WORK = 20;
const PICTURE_WORK = 20_000;
/** Each dot read and set, and what noise adds to packing the page (a page of noise takes twice as long as a blank one). */
const PICTURE_DOT_WORK = 30;
const BAR_WORK = 50;
const BAR_ROW_WORK = 2;
/** Making a QR code: ~3 µs a byte of data; then its modules, each `cell` rows of `cell` dots. */
const QR_WORK = 50_000;
const QR_BYTE_WORK = 3_200;
const QR_MODULE_WORK = 20;
const QR_MODULE_ROW_WORK = 12;
/** Version 40's 177 × 177 modules. */
const QR_MOST_MODULES = 177 * 177;

/** Dots across a thin, medium and thick rule (PageCanvas's own), and the doubled rule's offset (two rules' widths). */
const PEN_DOTS = { thin: 2, medium: 4, thick: 6 } as const;

export class ClippedPage {
  private readonly canvas: PageCanvas;

  /** PageTooLarge when the area cannot fit the paper (the door's error); OverBudget when the request has drawn enough. */
  constructor(
    area: PageArea | undefined,
    direction: PageDirection,
    printableDots: number,
    private readonly budget: DoorBudget,
  ) {
    this.canvas = new PageCanvas(area, direction, printableDots);
    budget.claimWork(PAGE_WORK + this.canvas.width * this.canvas.height * AREA_WORK, 'a page');
  }

  /** The page's size in its own coordinates. */
  get width(): number {
    return this.canvas.width;
  }

  get height(): number {
    return this.canvas.height;
  }

  /**
   * A text of several lines (`\n`; carriage returns and tabs are the caller's), from `at`: each new line one line's
   * height (`lineDots`) further down and back at the left. `at.y` undefined puts the first line's characters at the
   * page's top. Returns where the next characters stand.
   */
  write(text: string, at: { x: number; y: number | undefined }, style: PageTextStyle, lineDots: number): { x: number; y: number | undefined } {
    const metrics = metricsOf(style);
    let { x, y } = at;
    let from = 0;
    for (let index = 0; ; index++) {
      this.budget.claimWork(LINE_WORK, "a page's text");
      const end = text.indexOf('\n', from);
      const line = text.slice(from, end === -1 ? undefined : end);
      if (index > 0) {
        y = (y ?? metrics.height) + lineDots;
        x = 0;
      }
      if (line !== '') {
        y ??= metrics.height;
        x = this.lineOfText(x, y, line, style, metrics);
      }
      if (end === -1) return { x, y };
      from = end + 1;
    }
  }

  /**
   * One line of text with its baseline at `baseline`, from x; returns the x after it. Only the characters that start
   * on the page are drawn; past its right edge the x returned is only known to be past it (nothing after on that
   * line can show either).
   */
  text(x: number, baseline: number, line: string, style: PageTextStyle): number {
    return this.lineOfText(x, baseline, line, style, metricsOf(style));
  }

  private lineOfText(x: number, baseline: number, line: string, style: PageTextStyle, { width, height }: Metrics): number {
    const room = Math.max(0, Math.ceil((this.canvas.width - x) / width));
    // Enough code units for `room` characters (a character is at most two), never the whole of a long line.
    const head = line.length <= 2 * room ? line : line.slice(0, 2 * room);
    const shows = room > 0 && baseline > 0 && baseline - height < this.canvas.height;
    if (!shows) return x + (head === line ? codePoints(line) : room) * width;
    const chars = [...head];
    const shown = chars.length > room ? chars.slice(0, room) : chars;
    this.budget.claimWork(shown.length * (GLYPH_WORK + GLYPH_DOT_WORK * width * height), "a page's text");
    this.canvas.text(x, baseline, shown.join(''), style);
    return x + (head === line ? chars.length : room) * width;
  }

  /** A rule from (x1, y1) to (x2, y2), cut to the page first; double styles are two rules side by side. */
  line(x1: number, y1: number, x2: number, y2: number, style: LineStyle): void {
    const pen = PEN_DOTS[style.replace('_double', '') as keyof typeof PEN_DOTS];
    // A pen at (x, y) inks x…x+pen; the doubled rule lies 2 pens right of or below it: all of that may show.
    const margin = 3 * pen + 2;
    const cut = clipSegment(x1, y1, x2, y2, -margin, -margin, this.canvas.width + 1, this.canvas.height + 1);
    if (!cut) return;
    const [a, b, c, d] = cut;
    const steps = Math.max(Math.abs(c - a), Math.abs(d - b)) + 1;
    this.budget.claimWork(steps * (STEP_WORK + PEN_ROW_WORK * pen) * (style.endsWith('_double') ? 2 : 1), 'a page rule');
    this.canvas.line(a, b, c, d, style);
  }

  rectangle(x1: number, y1: number, x2: number, y2: number, style: LineStyle): void {
    this.line(x1, y1, x2, y1, style);
    this.line(x2, y1, x2, y2, style);
    this.line(x2, y2, x1, y2, style);
    this.line(x1, y2, x1, y1, style);
  }

  /** A picture with its top-left corner at (x, top): only its part on the page is read and drawn. */
  picture(x: number, top: number, raster: PackedRaster): void {
    const left = Math.max(0, x);
    const right = Math.min(this.canvas.width, x + raster.width);
    const upper = Math.max(0, top);
    const lower = Math.min(this.canvas.height, top + raster.height);
    if (right <= left || lower <= upper) return;
    this.budget.claimWork(PICTURE_WORK + (right - left) * (lower - upper) * PICTURE_DOT_WORK, 'a page picture');
    this.canvas.picture(left, upper, unpackRegion(raster, left - x, upper - top, right - left, lower - upper));
  }

  /** A barcode's bars from (x, top), `height` tall; answers their width. */
  bars(x: number, top: number, runs: readonly number[], moduleDots: number, height: number): number {
    const shownRows = Math.max(0, Math.min(this.canvas.height, top + height) - Math.max(0, top));
    this.budget.claimWork(runs.length * (BAR_WORK + BAR_ROW_WORK * shownRows), 'a page barcode');
    return this.canvas.bars(x, top, runs, moduleDots, height);
  }

  /** A QR code standing on `bottom` (the page's top when undefined) from x; answers its width. Throws when no QR holds the data. */
  qr(x: number, bottom: number | undefined, data: Uint8Array, level: 'L' | 'M' | 'Q' | 'H', cell: number): number {
    // Each byte takes at most ~3.5 modules with its error correction, plus the finder and timing patterns.
    const modules = Math.min(QR_MOST_MODULES, 28 * (data.length + 3) + 700);
    this.budget.claimWork(QR_WORK + data.length * QR_BYTE_WORK + modules * (QR_MODULE_WORK + QR_MODULE_ROW_WORK * cell), 'a page QR code');
    return this.canvas.qr(x, bottom, data, level, cell);
  }

  toImage(): ImageData | undefined {
    return this.canvas.toImage();
  }
}

interface Metrics {
  /** Dots across one character, and down. */
  width: number;
  height: number;
}

const metricsOf = (style: PageTextStyle): Metrics => ({ width: PageCanvas.textWidth('x', style), height: PageCanvas.charHeight(style) });

/** Characters (code points) in a line that fits a page's width: at most a few hundred, counted without an array. */
function codePoints(line: string): number {
  let count = line.length;
  for (let index = 0; index < line.length; index++) {
    const unit = line.charCodeAt(index);
    const next = line.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
      count -= 1;
      index += 1;
    }
  }
  return count;
}

/**
 * The part of the segment inside [left, right] × [top, bottom] (Liang–Barsky), its ends rounded to dots, or undefined
 * when none of it is. A segment wholly inside comes back as it was.
 */
export function clipSegment(x1: number, y1: number, x2: number, y2: number, left: number, top: number, right: number, bottom: number): [number, number, number, number] | undefined {
  const dx = x2 - x1;
  const dy = y2 - y1;
  let from = 0;
  let to = 1;
  for (const [p, q] of [
    [-dx, x1 - left],
    [dx, right - x1],
    [-dy, y1 - top],
    [dy, bottom - y1],
  ] as const) {
    if (p === 0) {
      if (q < 0) return undefined;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > to) return undefined;
      from = Math.max(from, t);
    } else {
      if (t < from) return undefined;
      to = Math.min(to, t);
    }
  }
  return [Math.round(x1 + from * dx), Math.round(y1 + from * dy), Math.round(x1 + to * dx), Math.round(y1 + to * dy)];
}
