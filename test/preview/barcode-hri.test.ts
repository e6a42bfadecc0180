import { describe, expect, it } from 'vitest';
import { FONT_A } from '../../src/shared/escpos/font';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import type { Raster } from '../../src/shared/escpos/raster';
import { isBlack, readCells } from './raster-reading';

const BAR_HEIGHT = 80;

/** ESC @, alignment, HRI below (GS H 2), bar height, module width, then GS k m (function B) with the data. */
function barcodeBytes(m: number, data: string, options: { align?: number; module?: number } = {}): Uint8Array {
  const body = [...Buffer.from(data, 'ascii')];
  return Uint8Array.from([
    0x1b, 0x40, 0x1b, 0x61, options.align ?? 0, 0x1d, 0x48, 2, 0x1d, 0x68, BAR_HEIGHT, 0x1d, 0x77, options.module ?? 3,
    0x1d, 0x6b, m, body.length, ...body,
  ]);
}

/** First and last dot of the bars, read along a row through them. */
function barsSpan(raster: Raster): { left: number; right: number } {
  const y = Math.floor(BAR_HEIGHT / 2);
  let left = 0;
  while (left < raster.width && !isBlack(raster, left, y)) left++;
  let right = raster.width - 1;
  while (right > 0 && !isBlack(raster, right, y)) right--;
  return { left, right };
}

/** Runs of inked columns in the human-readable line, split where a gap is wider than a character cell. */
function textClusters(raster: Raster): { left: number; right: number }[] {
  const clusters: { left: number; right: number }[] = [];
  for (let x = 0; x < raster.width; x++) {
    let ink = false;
    for (let y = BAR_HEIGHT; y < BAR_HEIGHT + FONT_A.cellHeight && !ink; y++) ink = isBlack(raster, x, y);
    if (!ink) continue;
    const last = clusters.at(-1);
    if (last && x - last.right <= FONT_A.cellWidth) last.right = x;
    else clusters.push({ left: x, right: x });
  }
  return clusters;
}

/** Where, within [from, to], the digits read back from the human-readable line; undefined when nowhere. */
function findDigits(raster: Raster, digits: string, from: number, to: number): number | undefined {
  for (let x = Math.max(0, from); x <= to; x++) {
    if (readCells(raster, { x, y: BAR_HEIGHT, count: digits.length, font: FONT_A }) === digits) return x;
  }
  return undefined;
}

describe('barcode human-readable digits, grouped as printers print them', () => {
  it('EAN-13: the first digit left of the bars, then six under each half', () => {
    const raster = renderEscPos(barcodeBytes(67, '400638133393'), { width: 576 });
    const bars = barsSpan(raster);
    const middle = (bars.left + bars.right) / 2;
    const clusters = textClusters(raster);
    expect(clusters).toHaveLength(3);
    expect(clusters[0]?.right).toBeLessThan(bars.left);
    expect(findDigits(raster, '4', 0, bars.left - FONT_A.cellWidth)).toBeDefined();
    const left = findDigits(raster, '006381', bars.left, middle - 6 * FONT_A.cellWidth);
    const right = findDigits(raster, '333931', middle, bars.right - 6 * FONT_A.cellWidth);
    expect(left, 'left half digits').toBeDefined();
    expect(right, 'right half digits (check digit last)').toBeDefined();
  });

  it('EAN-8: four digits under each half, none outside the bars', () => {
    const raster = renderEscPos(barcodeBytes(68, '9638507'), { width: 576 });
    const bars = barsSpan(raster);
    const middle = (bars.left + bars.right) / 2;
    const clusters = textClusters(raster);
    expect(clusters).toHaveLength(2);
    expect(clusters[0]?.left).toBeGreaterThanOrEqual(bars.left);
    expect(clusters[1]?.right).toBeLessThanOrEqual(bars.right);
    expect(findDigits(raster, '9638', bars.left, middle - 4 * FONT_A.cellWidth)).toBeDefined();
    expect(findDigits(raster, '5074', middle, bars.right - 4 * FONT_A.cellWidth)).toBeDefined();
  });

  it('UPC-A: 1, 5, 5, 1 — the number system digit before the bars and the check digit after them', () => {
    const raster = renderEscPos(barcodeBytes(65, '03600029145', { align: 1 }), { width: 576 });
    const bars = barsSpan(raster);
    const middle = (bars.left + bars.right) / 2;
    const clusters = textClusters(raster);
    expect(clusters).toHaveLength(4);
    expect(clusters[0]?.right).toBeLessThan(bars.left);
    expect(clusters[3]?.left).toBeGreaterThan(bars.right);
    expect(findDigits(raster, '36000', bars.left, middle - 5 * FONT_A.cellWidth)).toBeDefined();
    expect(findDigits(raster, '29145', middle, bars.right - 5 * FONT_A.cellWidth)).toBeDefined();
    expect(findDigits(raster, '2', bars.right, raster.width - FONT_A.cellWidth)).toBeDefined();
    // Centred as a whole: the digits outside the bars are part of what is centred.
    expect(Math.abs(clusters[0]!.left + clusters[3]!.right - 576)).toBeLessThan(2 * FONT_A.cellWidth);
  });

  it('keeps one centred line when the modules are too narrow for the groups, and for other symbologies', () => {
    const narrow = renderEscPos(barcodeBytes(67, '400638133393', { module: 1 }), { width: 576 });
    expect(textClusters(narrow)).toHaveLength(1);
    const code39 = renderEscPos(barcodeBytes(69, 'ABC-123'), { width: 576 });
    const bars = barsSpan(code39);
    const [line] = textClusters(code39);
    expect(textClusters(code39)).toHaveLength(1);
    expect(Math.abs(line!.left - bars.left - (bars.right - line!.right))).toBeLessThan(FONT_A.cellWidth);
  });
});
