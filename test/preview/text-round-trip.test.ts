import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { FONT_A, FONT_B, glyphMask } from '../../src/shared/escpos/font';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import type { TextData } from '../../src/shared/document/types';
import { inkBox, isBlack, readCells } from './raster-reading';

function preview(data: TextData[], paperWidth = 80) {
  const bytes = encodeDocument({ version: '1.0', profile: { paper_width: paperWidth }, commands: data.map((text) => ({ type: 'text', data: text })) }, { safeMode: true });
  return renderEscPos(bytes, { width: paperWidth === 58 ? 384 : 576 });
}

describe('preview round trip: text', () => {
  it('reads back plain ASCII text from the dots', () => {
    const text = 'Ticket #42: 3 x Cafe = 4.50 EUR';
    const raster = preview([{ text }]);
    expect(raster.width).toBe(576);
    expect(readCells(raster, { x: 0, y: 0, count: text.length, font: FONT_A })).toBe(text);
  });

  it('reads back Spanish text and € through the encoder code pages and the interpreter tables', () => {
    const text = '¿Año? ¡Sí! Ñandú, açaí, crème: 5 €';
    const raster = preview([{ text }]);
    expect(readCells(raster, { x: 0, y: 0, count: [...text].length, font: FONT_A })).toBe(text);
  });

  it('reads back font B, double size and the second line at the line spacing', () => {
    const raster = preview([{ text: 'font b', font: 'b' }, { text: 'BIG', size: { width: 2, height: 2 } }, { text: 'after' }]);
    expect(readCells(raster, { x: 0, y: 0, count: 6, font: FONT_B })).toBe('font b');
    expect(readCells(raster, { x: 0, y: 30, count: 3, font: FONT_A, widthScale: 2, heightScale: 2 })).toBe('BIG');
    expect(readCells(raster, { x: 0, y: 30 + 48, count: 5, font: FONT_A })).toBe('after');
  });

  it('places centred and right-aligned lines by their width', () => {
    const raster = preview([{ text: 'MID', align: 'center' }, { text: 'END', align: 'right' }], 58);
    expect(readCells(raster, { x: (384 - 36) / 2, y: 0, count: 3, font: FONT_A })).toBe('MID');
    expect(readCells(raster, { x: 384 - 36, y: 30, count: 3, font: FONT_A })).toBe('END');
  });

  it('wraps long text onto lines the same way the encoder cut them', () => {
    const raster = preview([{ text: 'uno dos tres cuatro cinco seis siete ocho nueve' }], 58);
    expect(readCells(raster, { x: 0, y: 0, count: 32, font: FONT_A })).toBe('uno dos tres cuatro cinco seis  ');
    expect(readCells(raster, { x: 0, y: 30, count: 16, font: FONT_A })).toBe('siete ocho nueve');
  });

  it('draws bold as emphasis, underline as 1 or 2 dot rows, invert as white on black', () => {
    const plain = preview([{ text: 'l' }]);
    const bold = preview([{ text: 'l', bold: true }]);
    const count = (raster: ReturnType<typeof preview>): number => raster.pixels.reduce((sum, dot) => sum + dot, 0);
    expect(count(bold)).toBeGreaterThan(count(plain));
    for (let x = 0; x < 12; x++) {
      const mask = glyphMask('l', FONT_A);
      for (let y = 0; y < 24; y++) {
        const expected = mask[y * 12 + x] === 1 || (x > 0 && mask[y * 12 + x - 1] === 1);
        expect(isBlack(bold, x, y), `bold dot ${x},${y}`).toBe(expected);
      }
    }
    const underlined = preview([{ text: 'ab', underline: 2 }]);
    for (let x = 0; x < 24; x++) {
      expect(isBlack(underlined, x, 23)).toBe(true);
      expect(isBlack(underlined, x, 22)).toBe(true);
    }
    const one = preview([{ text: 'ab', underline: 1 }]);
    expect(isBlack(one, 0, 23)).toBe(true);
    expect(isBlack(one, 0, 22)).toBe(false);
    const inverted = preview([{ text: ' ', invert: true }]);
    expect(inkBox(inverted)).toEqual({ left: 0, right: 11, top: 0, bottom: 23 });
  });
});
