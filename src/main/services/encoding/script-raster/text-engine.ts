import { createRequire } from 'node:module';
import type * as Canvas from '@napi-rs/canvas';
import { JobError } from '../../../../shared/job-error';
import { cssFont, fallbackFamilies } from './font-families';

/** A font as asked of the engine: its height in dots and weight (the printer's width/height scales come on top). */
export interface FontSpec {
  px: number;
  bold: boolean;
}

/** One run of text drawn into a band: a line of a text block, or one cell's line of a table row. */
export interface DrawnText {
  text: string;
  /** Dots from the paper's left edge to the text's left edge. */
  left: number;
  font: FontSpec;
  /** The printer's character width and height multipliers (GS !), reproduced by stretching. */
  scaleX: number;
  scaleY: number;
  /** Paragraph direction: the engine orders the characters visually (bidi) and joins Arabic letters. */
  rightToLeft: boolean;
  underline: 0 | 1 | 2;
  invert: boolean;
}

/** Dots of a drawn band, 1 = black, `width` per row. */
export interface Band {
  width: number;
  height: number;
  dots: Uint8Array;
}

type CanvasModule = typeof Canvas;
type Context = Canvas.SKRSContext2D;

/** Alpha from which an anti-aliased pixel becomes a printed dot. */
const INK = 128;
/** Where the baseline sits in a band, as a share of the font's height (the printer's font A: row 19 of 24). */
const BASELINE_SHARE = 0.8;
/** Unassigned in Unicode, so in no font: every font draws it as its "missing" box. */
const NOTHING = '\u0378';

let loaded: { canvas: CanvasModule; families: string[] } | undefined;

/**
 * Loaded on the first text that needs it, not with the encoder: most receipts never do, a worker starts 100 ms
 * sooner without it, and a machine where the native module cannot load still prints every other job.
 */
function engine(): { canvas: CanvasModule; families: string[] } {
  if (!loaded) {
    let canvas: CanvasModule;
    try {
      canvas = createRequire(__filename)('@napi-rs/canvas') as CanvasModule;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new JobError('EXECUTION', `the text engine (@napi-rs/canvas) could not be loaded to print text in other scripts: ${reason}`);
    }
    loaded = { canvas, families: fallbackFamilies(canvas.GlobalFonts.families.map((entry) => entry.family)) };
  }
  return loaded;
}

let measuring: Context | undefined;
const glyphKnown = new Map<string, boolean>();
/** The cache of answers is dropped past this many characters (a few per shop in practice; bounded for hostile text). */
const GLYPH_CACHE_LIMIT = 50_000;
let missingBox: { width: number; pixels: Uint8ClampedArray } | undefined;

function measuringContext(): Context {
  measuring ??= engine().canvas.createCanvas(1, 1).getContext('2d');
  return measuring;
}

const cssFonts = new Map<string, string>();
/** The font each context was last given: setting it again costs Skia a parse of 150 family names. */
const fontOf = new WeakMap<Context, string>();

function setFont(context: Context, font: FontSpec): void {
  const key = `${font.px}/${font.bold}`;
  let css = cssFonts.get(key);
  if (css === undefined) {
    css = cssFont(font.px, font.bold, engine().families);
    cssFonts.set(key, css);
  }
  if (fontOf.get(context) === css) return;
  context.font = css;
  fontOf.set(context, css);
}

/** A character alone, drawn at 24 dots: what the engine would print for it. */
function drawAlone(char: string): { width: number; pixels: Uint8ClampedArray } {
  const context = engine().canvas.createCanvas(48, 36).getContext('2d');
  setFont(context, { px: 24, bold: false });
  context.fillText(char, 8, 28);
  return { width: context.measureText(char).width, pixels: context.getImageData(0, 0, 48, 36).data };
}

function sameDrawing(a: { width: number; pixels: Uint8ClampedArray }, b: { width: number; pixels: Uint8ClampedArray }): boolean {
  if (a.width !== b.width) return false;
  for (let index = 3; index < a.pixels.length; index += 4) if (a.pixels[index] !== b.pixels[index]) return false;
  return true;
}

/**
 * The engine behind text printed as a picture (@napi-rs/canvas: Skia with HarfBuzz shaping, bidi and per-character
 * font fallback). An object, so tests can count what it renders.
 */
export const textEngine = {
  /** Width in dots of `text` on one line, before the printer's width multiplier. */
  measure(text: string, font: FontSpec): number {
    const context = measuringContext();
    setFont(context, font);
    return context.measureText(text).width;
  },

  /**
   * The characters among `chars` that no installed font has: the engine would print its "missing" box for them.
   * Told apart by drawing: a character with a glyph differs from the box of a character that exists in no font.
   */
  missingCharacters(chars: Iterable<string>): string[] {
    const missing: string[] = [];
    for (const char of chars) {
      let known = glyphKnown.get(char);
      if (known === undefined) {
        missingBox ??= drawAlone(NOTHING);
        const context = measuringContext();
        setFont(context, { px: 24, bold: false });
        // Cheap first: a width other than the box's means a real glyph; only equal widths need drawing.
        known = context.measureText(char).width !== missingBox.width || !sameDrawing(drawAlone(char), missingBox);
        if (glyphKnown.size >= GLYPH_CACHE_LIMIT) glyphKnown.clear();
        glyphKnown.set(char, known);
      }
      if (!known) missing.push(char);
    }
    return missing;
  },

  /** Draws the runs into a band `height` dots tall and at most `maxWidth` wide, cropped after the rightmost run. */
  render(maxWidth: number, height: number, runs: readonly DrawnText[]): Band {
    const widths = runs.map((run) => textEngine.measure(run.text, run.font) * run.scaleX);
    const width = Math.max(8, Math.min(maxWidth, Math.ceil(Math.max(0, ...runs.map((run, index) => run.left + (widths[index] ?? 0))))));
    const context = engine().canvas.createCanvas(width, height).getContext('2d');
    context.fillStyle = '#000';
    context.textAlign = 'left';
    context.textBaseline = 'alphabetic';
    runs.forEach((run, index) => {
      setFont(context, run.font);
      context.direction = run.rightToLeft ? 'rtl' : 'ltr';
      const baseline = baselineOf(context.measureText(run.text), run.font.px, height / run.scaleY);
      context.setTransform(run.scaleX, 0, 0, run.scaleY, run.left, 0);
      context.fillText(run.text, 0, baseline);
      context.setTransform(1, 0, 0, 1, 0, 0);
      if (run.underline > 0) {
        context.fillRect(run.left, Math.min(height - run.underline, Math.round((baseline + 2) * run.scaleY)), widths[index] ?? 0, run.underline);
      }
    });
    const alpha = context.getImageData(0, 0, width, height).data;
    const dots = new Uint8Array(width * height);
    for (let index = 0; index < dots.length; index++) dots[index] = (alpha[index * 4 + 3] ?? 0) >= INK ? 1 : 0;
    runs.forEach((run, index) => {
      if (run.invert) invertBox(dots, width, run.left, Math.ceil(widths[index] ?? 0), Math.min(height, run.font.px * run.scaleY));
    });
    return { width, height, dots };
  },
};

/**
 * The baseline row (before vertical scaling): where the printer's own font has it, moved down so marks above the
 * letters (Thai, Arabic) are not cut, and up again so descenders stay on the band when both cannot.
 */
function baselineOf(metrics: Canvas.TextMetrics, px: number, room: number): number {
  const usual = Math.round(px * BASELINE_SHARE);
  const clearAbove = Math.max(usual, Math.ceil(metrics.actualBoundingBoxAscent));
  return Math.max(1, Math.min(clearAbove, Math.floor(room - metrics.actualBoundingBoxDescent)));
}

/** White on black, as ESC/POS reverse mode prints its character cells. */
function invertBox(dots: Uint8Array, width: number, left: number, boxWidth: number, boxHeight: number): void {
  const right = Math.min(width, left + boxWidth);
  for (let row = 0; row < boxHeight; row++) {
    for (let x = Math.max(0, left); x < right; x++) dots[row * width + x] = (dots[row * width + x] ?? 0) ^ 1;
  }
}
