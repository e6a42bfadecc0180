import { describe, expect, it } from 'vitest';
import { barcodeSymbol, GS_K } from '../../src/shared/escpos/barcodes/barcode-symbol';
import { FONT_A } from '../../src/shared/escpos/font';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import { isBlack, readCells, runsAlongRow } from './raster-reading';

/** A symbol's runs (half-modules, bar first) back as modules: '1' a bar module, '0' a space. */
const modulesOf = (runs: number[]): string => runs.map((units, index) => (index % 2 === 0 ? '1' : '0').repeat(units / 2)).join('');

// The GS1 General Specifications' UPC-E symbol "0 123456 5": number system 0 and check digit 5 give the parity
// even odd odd even even odd; odd digits use the L (set A) patterns, even ones the G (set B) patterns.
const L = { 2: '0010011', 3: '0111101', 6: '0101111' };
const G = { 1: '0110011', 4: '0011101', 5: '0111001' };
const UPC_E_0123456_5 = `101${G[1]}${L[2]}${L[3]}${G[4]}${G[5]}${L[6]}010101`;

const ascii = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'ascii'));

describe('UPC-E in the preview', () => {
  it('encodes 0 123456 5 with the published parity, guards 101 and 010101: 51 modules', () => {
    const symbol = barcodeSymbol(GS_K.UPC_E, ascii('01234565'));
    expect(modulesOf(symbol.runs)).toBe(UPC_E_0123456_5);
    expect(UPC_E_0123456_5).toHaveLength(51);
    expect(symbol.hri).toBe('01234565');
  });

  it('reads every data form GS k accepts as the same symbol, the check digit computed from the expanded UPC-A', () => {
    for (const data of ['123456', '0123456', '01234565', '01234500006', '012345000065']) {
      expect(modulesOf(barcodeSymbol(GS_K.UPC_E, ascii(data)).runs), data).toBe(UPC_E_0123456_5);
    }
    // Number system 1 swaps the parities; a UPC-A with too few zeros has no UPC-E form.
    expect(modulesOf(barcodeSymbol(GS_K.UPC_E, ascii('1123456')).runs).slice(3, 10)).toBe('0011001');
    expect(() => barcodeSymbol(GS_K.UPC_E, ascii('01234567890'))).toThrow(/no UPC-E form/);
    expect(() => barcodeSymbol(GS_K.UPC_E, ascii('2123456'))).toThrow(/number system must be 0 or 1/);
  });

  it('draws the bars and groups the digits as printers do: 0 left of the bars, 123456 under them, 5 to the right', () => {
    const height = 80;
    const bytes = Uint8Array.from([0x1b, 0x40, 0x1d, 0x48, 2, 0x1d, 0x68, height, 0x1d, 0x77, 3, 0x1d, 0x6b, GS_K.UPC_E, 8, ...ascii('01234565')]);
    const raster = renderEscPos(bytes, { width: 576 });
    const runs = runsAlongRow(raster, height / 2);
    // 51 modules of 3 dots, the first bar at the left edge's quiet zone.
    expect(runs.reduce((sum, run) => sum + run, 0)).toBe(51 * 3);
    let left = 0;
    while (!isBlack(raster, left, height / 2)) left++;
    const right = left + 51 * 3;
    const under = Array.from({ length: right - left }, (_, offset) => left + offset).find((x) => readCells(raster, { x, y: height, count: 6, font: FONT_A }) === '123456');
    expect(under).toBeDefined();
    const before = Array.from({ length: left }, (_, x) => x).find((x) => readCells(raster, { x, y: height, count: 1, font: FONT_A }) === '0');
    expect(before).toBeLessThan(left);
    const after = Array.from({ length: 60 }, (_, offset) => right + offset).find((x) => readCells(raster, { x, y: height, count: 1, font: FONT_A }) === '5');
    expect(after).toBeGreaterThanOrEqual(right);
  });
});
