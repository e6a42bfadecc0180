import { describe, expect, it } from 'vitest';
import { previewBytes } from '../../src/main/services/encoding/preview-document';
import { FONT_A } from '../../src/shared/escpos/font';
import { ascii, encode, failure, INIT } from './encode-helpers';
import { encodeFor } from './profile-helpers';

/** A text block's runs: pieces of one line in their own weight, underline or inversion (issue 33 follow-up). */
const ESC = 0x1b;
const GS = 0x1d;
const total = { type: 'text', data: { text: 'TOTAL   12,50', runs: [{ text: 'TOTAL', bold: true }, { text: '   12,50' }] } };

describe('text runs', () => {
  it('ESC/POS: bold switched on for TOTAL and off for the amount, on one line', () => {
    expect(encode([total])).toEqual([...INIT, ESC, 0x45, 1, ...ascii('TOTAL'), ESC, 0x45, 0, ...ascii('   12,50'), 0x0a]);
  });

  it('Star: ESC E and ESC F around TOTAL, one line', () => {
    expect(encodeFor('star-tsp650', [total])).toEqual([...INIT, ESC, 0x45, ...ascii('TOTAL'), ESC, 0x46, ...ascii('   12,50'), 0x0a]);
  });

  it('a run that wraps keeps its style on the next line; underline and inversion too', () => {
    const long = 'palabra '.repeat(8).trim();
    const bytes = encode([{ type: 'text', data: { text: `A ${long}`, runs: [{ text: 'A ', invert: true }, { text: long, underline: 1 }] } }]);
    const lines = Buffer.from(bytes).toString('latin1').split('\n');
    expect(lines).toHaveLength(3);
    expect(bytes.slice(2, 5)).toEqual([GS, 0x42, 1]);
    // The second printed line is still underlined: no underline-off before it.
    expect(lines[1]).not.toContain('\x1b-\x00');
    expect(lines[1]).toMatch(/^palabra/);
  });

  it('runs that do not spell the text are refused, naming the field', () => {
    expect(failure([{ type: 'text', data: { text: 'TOTAL 1', runs: [{ text: 'TOTAL' }] } }])).toBe('VALIDATION: commands[0].data.runs joined must be the same as commands[0].data.text');
  });

  it('the preview draws TOTAL heavier than the amount beside it', () => {
    const datos = { version: '1.0', profile: { model: 'epson', paper_width: 80 }, commands: [total] };
    const preview = previewBytes(Uint8Array.from(encode([total])), datos);
    const ink = (fromColumn: number, columns: number): number => {
      let sum = 0;
      for (let y = 0; y < FONT_A.cellHeight; y++) for (let x = fromColumn * FONT_A.cellWidth; x < (fromColumn + columns) * FONT_A.cellWidth; x++) sum += preview.pixels[y * preview.width + x] ?? 0;
      return sum;
    };
    // "TOTAL" and "12,50" have five characters each; bold adds a dot beside every stroke.
    expect(ink(0, 5)).toBeGreaterThan(ink(8, 5) * 1.2);
  });
});
