import { describe, expect, it } from 'vitest';
import { previewBytes } from '../../src/main/services/encoding/preview-document';
import { FONT_A } from '../../src/shared/escpos/font';
import { encodeFor, failureFor } from './profile-helpers';
import { readCells, runsAlongRow } from '../preview/raster-reading';

// Byte sequences as the Star Line Mode Command Specifications manual documents them.
const ESC = 0x1b;
const GS = 0x1d;
const INIT = [ESC, 0x40];
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));
const TSP650 = 'star-tsp650ii';

/** Where `needle` starts in `bytes`, or -1. */
function find(bytes: number[], needle: number[]): number {
  return bytes.findIndex((_, at) => needle.every((byte, index) => bytes[at + index] === byte));
}

describe('Star Line Mode encoding', () => {
  it('prints plain text after ESC @ with a bare line feed', () => {
    expect(encodeFor(TSP650, [{ type: 'text', data: { text: 'Hola' } }])).toEqual([...INIT, ...ascii('Hola'), 0x0a]);
  });

  it('sends alignment as ESC GS a n, bold as ESC E / ESC F, underline as ESC - n, sizes as ESC i height width', () => {
    const bytes = encodeFor(TSP650, [
      { type: 'text', data: { text: 'T', align: 'center', bold: true, underline: 1, size: { width: 2, height: 3 } } },
      { type: 'text', data: { text: 'n' } },
    ]);
    expect(bytes).toEqual([
      ...INIT,
      ESC, GS, 0x61, 1,
      ESC, 0x45,
      ESC, 0x2d, 1,
      ESC, 0x69, 2, 1,
      ...ascii('T'),
      0x0a,
      ESC, GS, 0x61, 0,
      ESC, 0x46,
      ESC, 0x2d, 0,
      ESC, 0x69, 0, 0,
      ...ascii('n'),
      0x0a,
    ]);
  });

  it('states the code page with ESC GS t n in Star numbering before the first accented character', () => {
    const bytes = encodeFor(TSP650, [{ type: 'text', data: { text: 'Cafetería' } }]);
    // PC437 is Star's page 1; í is 0xA1 on it.
    expect(bytes).toEqual([...INIT, ...ascii('Cafeter'), ESC, GS, 0x74, 1, 0xa1, ...ascii('a'), 0x0a]);
    expect(find(bytes, [ESC, 0x74])).toBe(-1);
  });

  it('feeds with ESC a n, cuts with ESC d 2 (full) and ESC d 3 (partial), opens the drawer with BEL (device 1) or SUB (device 2)', () => {
    expect(encodeFor(TSP650, [{ type: 'feed', data: { lines: 3 } }])).toEqual([...INIT, ESC, 0x61, 3]);
    expect(encodeFor(TSP650, [{ type: 'cut' }])).toEqual([...INIT, ESC, 0x64, 2]);
    expect(encodeFor(TSP650, [{ type: 'cut', data: { partial: true, feed: 2 } }])).toEqual([...INIT, ESC, 0x61, 2, ESC, 0x64, 3]);
    expect(encodeFor(TSP650, [{ type: 'drawer' }])).toEqual([...INIT, 0x07]);
    // "External device drive": SUB drives external device 2 in order; FS would drive device 1, at once.
    expect(encodeFor(TSP650, [{ type: 'drawer', data: { pin: 5 } }])).toEqual([...INIT, 0x1a]);
  });

  it('prints a QR code with ESC GS y S (model, level, cell), ESC GS y D 1 and ESC GS y P', () => {
    const bytes = encodeFor(TSP650, [{ type: 'qr', data: { data: 'ñ1', size: 4, error_correction: 'Q' } }]);
    expect(bytes).toEqual([
      ...INIT,
      ESC, GS, 0x61, 1,
      ESC, GS, 0x79, 0x53, 0x30, 2,
      ESC, GS, 0x79, 0x53, 0x31, 2,
      ESC, GS, 0x79, 0x53, 0x32, 4,
      ESC, GS, 0x79, 0x44, 0x31, 0, 3, 0,
      0xc3, 0xb1, 0x31,
      ESC, GS, 0x79, 0x50,
    ]);
  });

  it('prints a barcode with ESC b n1 n2 n3 n4 data RS', () => {
    const bytes = encodeFor(TSP650, [{ type: 'barcode', data: { symbology: 'EAN13', data: '4006381333931', height: 60, align: 'left' } }]);
    expect(bytes).toEqual([...INIT, ESC, 0x62, 3, 2, 1, 60, ...ascii('400638133393'), 0x1e]);
    const code128 = encodeFor(TSP650, [{ type: 'barcode', data: { symbology: 'CODE128', data: 'AB-1', hri: 'none', width: 3, align: 'left' } }]);
    expect(code128).toEqual([...INIT, ESC, 0x62, 6, 1, 2, 80, ...ascii('AB-1'), 0x1e]);
  });

  it('prints unlisted Star models in Star Line Mode, and refuses raw bytes (ESC/POS) and what the model lacks', () => {
    expect(encodeFor('Star SP742', [{ type: 'text', data: { text: 'ok' } }])).toEqual([...INIT, ...ascii('ok'), 0x0a]);
    expect(failureFor(TSP650, [{ type: 'raw', data: { hex: '1b40' } }])).toMatch(/^VALIDATION: commands\[0\]: raw bytes are ESC\/POS and the Star TSP650II profile prints Star Line Mode/);
    expect(failureFor('star-tsp650', [{ type: 'qr', data: { data: 'x' } }])).toMatch(/^QR: commands\[0\]: the Star TSP650 cannot print QR codes/);
    expect(failureFor(TSP650, [{ type: 'table', data: { columns: [{}], rows: [['こんにちは']] } }])).toMatch(/^VALIDATION: commands\[0\]\.data\.rows\[0\] has characters none of the Star TSP650II's code pages has/);
  });
});

describe('Star Line Mode preview', () => {
  const receipt = [
    { type: 'text', data: { text: 'CAFE NORA', align: 'center', size: { width: 2, height: 2 } } },
    { type: 'text', data: { text: 'Total 4.50' } },
    { type: 'qr', data: { data: 'https://example.com/t/1', size: 4 } },
    { type: 'barcode', data: { symbology: 'CODE39', data: 'ABC', hri: 'none', height: 40 } },
    { type: 'cut' },
  ];
  const datos = { version: '1.0', profile: { model: TSP650, paper_width: 80 }, commands: receipt };

  it('draws the text, double size and alignment the bytes ask for, the QR, the bars and the cut', () => {
    const bytes = encodeFor(TSP650, receipt);
    const preview = previewBytes(Uint8Array.from(bytes), datos);
    expect(preview.width).toBe(576);
    // Double-size title centred: 9 characters of 24 dots each.
    const titleX = Math.floor((576 - 9 * FONT_A.cellWidth * 2) / 2);
    expect(readCells(preview, { x: titleX, y: 0, count: 9, font: FONT_A, widthScale: 2, heightScale: 2 })).toBe('CAFE NORA');
    expect(readCells(preview, { x: 0, y: FONT_A.cellHeight * 2, count: 10, font: FONT_A })).toBe('Total 4.50');
    const qrTop = FONT_A.cellHeight * 2 + 30;
    expect(runsAlongRow(preview, qrTop + 1).length).toBeGreaterThan(3);
    expect(preview.events.map((event) => event.kind)).toEqual(['cut']);
    const cutY = preview.events[0]?.y ?? 0;
    // Bars sit between the QR and the cut.
    const barRows = Array.from({ length: 40 }, (_, row) => cutY - 6 - 30 - 40 + row);
    expect(barRows.every((row) => runsAlongRow(preview, row).length > 20)).toBe(true);
  });

  it('draws bold text heavier than regular text', () => {
    const ink = (bold: boolean): number => {
      const commands = [{ type: 'text', data: { text: 'Total', bold } }];
      return previewBytes(Uint8Array.from(encodeFor(TSP650, commands)), { ...datos, commands }).pixels.reduce((sum, dot) => sum + dot, 0);
    };
    expect(ink(true)).toBeGreaterThan(ink(false));
  });

  it('shows no unknown-command bands for anything the Star encoder sends', () => {
    const bytes = encodeFor(TSP650, [...receipt, { type: 'table', data: { columns: [{ header: 'Qty' }, { header: 'Item' }], rows: [['1', 'Café']] } }, { type: 'drawer' }, { type: 'line' }]);
    const preview = previewBytes(Uint8Array.from(bytes), { ...datos, commands: [] });
    expect(preview.events.map((event) => event.kind)).toEqual(['cut', 'drawer']);
  });
});
