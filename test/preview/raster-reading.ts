import { glyphMask, type FontMetrics } from '../../src/shared/escpos/font';
import type { Raster } from '../../src/shared/escpos/raster';

export const CANDIDATES = [...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~áéíóúüñÑ¿¡€çàèÁÉÍÓÚÇ'];

const black = (raster: Raster, x: number, y: number): boolean => raster.pixels[y * raster.width + x] === 1;

/** Does the cell at (x, y) hold exactly this character's dots (magnified by the scales)? */
function cellMatches(raster: Raster, char: string, font: FontMetrics, x: number, y: number, widthScale: number, heightScale: number): boolean {
  const mask = glyphMask(char, font);
  for (let row = 0; row < font.cellHeight * heightScale; row++) {
    for (let column = 0; column < font.cellWidth * widthScale; column++) {
      const expected = mask[Math.floor(row / heightScale) * font.cellWidth + Math.floor(column / widthScale)] === 1;
      if (black(raster, x + column, y + row) !== expected) return false;
    }
  }
  return true;
}

/** Reads `count` characters of one printed line back from the raster: a tiny OCR that knows the font exactly. */
export function readCells(raster: Raster, options: { x: number; y: number; count: number; font: FontMetrics; widthScale?: number; heightScale?: number }): string {
  const widthScale = options.widthScale ?? 1;
  const heightScale = options.heightScale ?? 1;
  let text = '';
  for (let index = 0; index < options.count; index++) {
    const x = options.x + index * options.font.cellWidth * widthScale;
    text += CANDIDATES.find((char) => cellMatches(raster, char, options.font, x, options.y, widthScale, heightScale)) ?? '\u25a1';
  }
  return text;
}

/** Lengths of alternating black/white runs along row y, from the first black dot to the last. */
export function runsAlongRow(raster: Raster, y: number): number[] {
  const runs: number[] = [];
  let x = 0;
  while (x < raster.width && !black(raster, x, y)) x++;
  let last = raster.width - 1;
  while (last >= 0 && !black(raster, last, y)) last--;
  let current = true;
  let length = 0;
  for (; x <= last; x++) {
    if (black(raster, x, y) === current) length++;
    else {
      runs.push(length);
      current = !current;
      length = 1;
    }
  }
  if (length > 0) runs.push(length);
  return runs;
}

/** The bounding box of black dots in rows [top, bottom). */
export function inkBox(raster: Raster, top = 0, bottom = raster.height): { left: number; right: number; top: number; bottom: number } | undefined {
  let box: { left: number; right: number; top: number; bottom: number } | undefined;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < raster.width; x++) {
      if (!black(raster, x, y)) continue;
      box = box ? { left: Math.min(box.left, x), right: Math.max(box.right, x), top: box.top, bottom: y } : { left: x, right: x, top: y, bottom: y };
    }
  }
  return box;
}

export function isBlack(raster: Raster, x: number, y: number): boolean {
  return black(raster, x, y);
}
