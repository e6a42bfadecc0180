import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { previewBytes } from '../../src/main/services/encoding/preview-document';
import { cssFont, fallbackFamilies } from '../../src/main/services/encoding/script-raster/font-families';
import type { Raster } from '../../src/shared/escpos/raster';

/** The ink of a picture cut to its bounding box: 1 = black, `width` per row. */
export interface Ink {
  width: number;
  height: number;
  dots: Uint8Array;
}

export function docOf(commands: unknown[], paperWidth = 80): { version: string; profile: { model: string; paper_width: number }; commands: unknown[] } {
  return { version: '1.0', profile: { model: 'epson', paper_width: paperWidth }, commands };
}

/** The preview of a document, decoded from the bytes it would send to the printer. */
export function previewOf(commands: unknown[]): Raster {
  const datos = docOf(commands);
  return previewBytes(encodeDocument(datos, { safeMode: true }), datos);
}

/** A PNG's dots (dark = 1), as the printer would print them: a preview or the virtual printer's picture of a job. */
export function dotsOf(png: Buffer): Raster {
  const image = PNG.sync.read(png);
  const pixels = new Uint8Array(image.width * image.height);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (image.data[index * 4] ?? 255) < 128 ? 1 : 0;
  return { width: image.width, height: image.height, pixels };
}

/** The rows [top, bottom) of a raster, cut to the box around their ink. */
export function inkBox(raster: Raster, top = 0, bottom = raster.height): Ink {
  let left = raster.width;
  let right = -1;
  let first = bottom;
  let last = -1;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < raster.width; x++) {
      if (!raster.pixels[y * raster.width + x]) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      first = Math.min(first, y);
      last = Math.max(last, y);
    }
  }
  if (right < 0) return { width: 0, height: 0, dots: new Uint8Array(0) };
  const width = right - left + 1;
  const height = last - first + 1;
  const dots = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) dots.set(raster.pixels.subarray((first + y) * raster.width + left, (first + y) * raster.width + left + width), y * width);
  return { width, height, dots };
}

/** Columns [from, to) of an ink box, cut to the box around their own ink. */
export function columnsOf(ink: Ink, from: number, to: number): Ink {
  const width = to - from;
  const pixels = new Uint8Array(width * ink.height);
  for (let y = 0; y < ink.height; y++) pixels.set(ink.dots.subarray(y * ink.width + from, y * ink.width + to), y * width);
  return inkBox({ width, height: ink.height, pixels });
}

/**
 * The same text drawn straight with the canvas engine (no encoder, no printer bytes) in the encoder's fonts at the
 * printer's 24-dot size, thresholded the way a thermal head prints.
 */
export function drawnDirectly(text: string, direction: 'ltr' | 'rtl' = 'ltr'): Ink {
  const canvas = createCanvas(1200, 80);
  const context = canvas.getContext('2d');
  context.font = cssFont(24, false, fallbackFamilies(GlobalFonts.families.map((entry) => entry.family)));
  context.direction = direction;
  context.textAlign = 'left';
  context.fillText(text, 20, 50);
  const alpha = context.getImageData(0, 0, 1200, 80).data;
  const pixels = new Uint8Array(1200 * 80);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (alpha[index * 4 + 3] ?? 0) >= 128 ? 1 : 0;
  return inkBox({ width: 1200, height: 80, pixels });
}

/**
 * How much two pictures differ: the dots that disagree over the dots inked in either, at the best shift of up to
 * one dot each way (anti-aliasing thresholds may move an edge by a dot). 0 = the same, 1 = nothing in common.
 */
export function difference(a: Ink, b: Ink): number {
  let best = 1;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      let differ = 0;
      let inked = 0;
      const width = Math.max(a.width, b.width + dx);
      const height = Math.max(a.height, b.height + dy);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const one = x < a.width && y < a.height ? (a.dots[y * a.width + x] ?? 0) : 0;
          const bx = x - dx;
          const by = y - dy;
          const two = bx >= 0 && by >= 0 && bx < b.width && by < b.height ? (b.dots[by * b.width + bx] ?? 0) : 0;
          if (one || two) inked++;
          if (one !== two) differ++;
        }
      }
      best = Math.min(best, inked === 0 ? 1 : differ / inked);
    }
  }
  return best;
}
