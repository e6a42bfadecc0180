import { afterEach, describe, expect, it, vi } from 'vitest';
import { measuredLines } from '../../src/main/services/encoding/script-raster/measured-wrap';
import { textEngine } from '../../src/main/services/encoding/script-raster/text-engine';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import { ascii, encode, rasterBlocks } from './encode-helpers';
import { columnsOf, difference, drawnDirectly, inkBox, previewOf, type Ink } from './script-raster-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Where `needle` first occurs in `bytes` (-1 when it does not). */
function indexOfBytes(bytes: number[], needle: number[]): number {
  for (let at = 0; at + needle.length <= bytes.length; at++) if (needle.every((byte, offset) => bytes[at + offset] === byte)) return at;
  return -1;
}

const inkCount = (ink: Ink): number => ink.dots.reduce((sum, dot) => sum + dot, 0);

describe('text in scripts the printer has no code page for', () => {
  it.each([
    ['Chinese', '你好，欢迎光临', 'ltr'],
    ['Arabic', 'شكرا لزيارتكم', 'rtl'],
    ['Greek', 'Καλημέρα', 'ltr'],
    ['Hebrew', 'שלום', 'rtl'],
  ] as const)('prints %s as a raster band that the preview shows as the real glyphs', (_script, text, direction) => {
    const bytes = encode([{ type: 'text', data: { text, align: 'center' } }]);
    const bands = rasterBlocks(bytes);
    expect(bands).toHaveLength(1);
    // One printed line: the band is as tall as a line of font A feeds, so the paper it takes is the same.
    expect(bands[0]?.rows).toBe(30);
    const printed = inkBox(renderEscPos(Uint8Array.from(bytes), { width: 576 }));
    expect(inkCount(printed)).toBeGreaterThan(150);
    // The glyphs are 24 dots high, like the printer's font A (accents and descenders aside).
    expect(printed.height).toBeGreaterThanOrEqual(14);
    expect(printed.height).toBeLessThanOrEqual(30);
    expect(difference(printed, drawnDirectly(text, direction))).toBeLessThan(0.08);
  });

  it('joins Arabic letters and orders the words right to left', () => {
    const printed = inkBox(previewOf([{ type: 'text', data: { text: 'شكرا لزيارتكم', align: 'center' } }]));
    // The same letters unjoined (a zero-width non-joiner between each) and forced left to right look different.
    const unshaped = drawnDirectly(`\u202d${[...'شكرا لزيارتكم'].join('\u200c')}\u202c`);
    expect(difference(printed, unshaped)).toBeGreaterThan(0.5);
    expect(unshaped.width).toBeGreaterThan(printed.width);
    // The first word, شكرا, is at the right end of the line and the second at the left: read right to left. (A word
    // drawn alone lands on other sub-dot positions than inside the line, hence the looser tolerance.)
    const first = drawnDirectly('شكرا', 'rtl');
    const second = drawnDirectly('لزيارتكم', 'rtl');
    expect(difference(columnsOf(printed, printed.width - first.width, printed.width), first)).toBeLessThan(0.25);
    expect(difference(columnsOf(printed, 0, second.width), second)).toBeLessThan(0.25);
    expect(difference(columnsOf(printed, 0, first.width), first)).toBeGreaterThan(0.5);
  });

  it('keeps Latin text with € and ñ as text bytes, never drawn', () => {
    const render = vi.spyOn(textEngine, 'render');
    const bytes = encode([{ type: 'text', data: { text: 'Mañana: café 3,50 €' } }]);
    expect(rasterBlocks(bytes)).toHaveLength(0);
    expect(render).not.toHaveBeenCalled();
    expect(indexOfBytes(bytes, ascii('Ma'))).toBeGreaterThan(0);
    expect(bytes).not.toContain(0x3f);
  });

  it('keeps the order of a mixed document, text lines as text', () => {
    const bytes = encode([
      { type: 'text', data: { text: 'ANTES' } },
      { type: 'text', data: { text: 'Gracias\n谢谢光临\nDESPUES' } },
    ]);
    const before = indexOfBytes(bytes, ascii('ANTES'));
    const gracias = indexOfBytes(bytes, ascii('Gracias'));
    const band = indexOfBytes(bytes, [0x1d, 0x76, 0x30]);
    const after = indexOfBytes(bytes, ascii('DESPUES'));
    expect(before).toBeGreaterThan(0);
    expect(gracias).toBeGreaterThan(before);
    expect(band).toBeGreaterThan(gracias);
    expect(after).toBeGreaterThan(band);
    expect(rasterBlocks(bytes)).toHaveLength(1);
    // Printed top to bottom in that order: the drawn line sits between the two text lines.
    const preview = renderEscPos(Uint8Array.from(bytes), { width: 576 });
    const chinese = inkBox(preview, 60, 90);
    expect(difference(chinese, drawnDirectly('谢谢光临'))).toBeLessThan(0.08);
  });

  it('wraps Chinese by its width on paper, not by counting characters', () => {
    // 40 characters fit 48 columns of font A, but at 24 dots each they need two 576-dot lines.
    const bytes = encode([{ type: 'text', data: { text: '欢'.repeat(40) } }]);
    expect(rasterBlocks(bytes)).toHaveLength(2);
    const preview = renderEscPos(Uint8Array.from(bytes), { width: 576 });
    expect(inkBox(preview, 0, 30).width).toBeLessThanOrEqual(576);
    expect(inkBox(preview, 0, 30).width).toBeGreaterThan(500);
  });

  it('keeps the alignment, size and weight of the block', () => {
    const right = inkBox(previewOf([{ type: 'text', data: { text: 'שלום', align: 'right' } }]));
    const left = inkBox(previewOf([{ type: 'text', data: { text: 'שלום', align: 'left' } }]));
    expect(right.width).toBe(left.width);
    const rightEdge = (commands: unknown[]): number => {
      const preview = previewOf(commands);
      let edge = 0;
      for (let index = 0; index < preview.pixels.length; index++) if (preview.pixels[index]) edge = Math.max(edge, index % preview.width);
      return edge;
    };
    expect(rightEdge([{ type: 'text', data: { text: 'שלום', align: 'right' } }])).toBeGreaterThan(560);
    expect(rightEdge([{ type: 'text', data: { text: 'שלום', align: 'left' } }])).toBeLessThan(100);
    const double = inkBox(previewOf([{ type: 'text', data: { text: 'Καλημέρα', size: { width: 2, height: 2 } } }]));
    const single = inkBox(previewOf([{ type: 'text', data: { text: 'Καλημέρα' } }]));
    expect(double.width).toBeGreaterThan(single.width * 1.8);
    expect(double.height).toBeGreaterThan(single.height * 1.6);
    const bold = inkBox(previewOf([{ type: 'text', data: { text: 'Καλημέρα', bold: true } }]));
    expect(inkCount(bold)).toBeGreaterThan(inkCount(single) * 1.2);
  });

  it('draws a table row with such a cell in the same columns, other rows stay text', () => {
    const table = {
      type: 'table',
      data: {
        columns: [{ width: 3 }, { width: 1, align: 'right' }],
        rows: [
          ['Cafe con leche', '3,00'],
          ['拿铁咖啡', '4,50'],
        ],
      },
    };
    const bytes = encode([table]);
    expect(rasterBlocks(bytes)).toHaveLength(1);
    expect(indexOfBytes(bytes, ascii('Cafe con leche'))).toBeGreaterThan(0);
    expect(indexOfBytes(bytes, ascii('4,50'))).toBe(-1);
    const preview = renderEscPos(Uint8Array.from(bytes), { width: 576 });
    // 48 columns: the first is 35 wide (420 dots), then a space, then the price column from dot 432 to 576.
    const nameCell = inkBox({ ...preview, pixels: preview.pixels.map((dot, index) => (index % 576 < 432 ? dot : 0)) }, 30, 60);
    const priceCell = inkBox({ ...preview, pixels: preview.pixels.map((dot, index) => (index % 576 >= 432 ? dot : 0)) }, 30, 60);
    expect(difference(nameCell, drawnDirectly('拿铁咖啡'))).toBeLessThan(0.08);
    expect(difference(priceCell, drawnDirectly('4,50'))).toBeLessThan(0.08);
    let priceRight = 0;
    for (let y = 30; y < 60; y++) for (let x = 432; x < 576; x++) if (preview.pixels[y * 576 + x]) priceRight = Math.max(priceRight, x);
    expect(priceRight).toBeGreaterThan(560);
  });
});

describe('wrapping drawn text by its measured width', () => {
  /** Every character 24 dots wide, as Chinese is at the printer's size. */
  const wide = (text: string): number => [...text].length * 24;
  const wrap = (text: string, dots: number): string[] => [...measuredLines(text, dots, wide)].map((line) => line.text);

  it('breaks Chinese between words and never starts a line with its punctuation', () => {
    const lines = wrap('你好，欢迎光临本店。祝您用餐愉快！', 24 * 5);
    expect(lines.join('')).toBe('你好，欢迎光临本店。祝您用餐愉快！');
    for (const line of lines) {
      expect(wide(line)).toBeLessThanOrEqual(120);
      expect(line).not.toMatch(/^[，。！]/);
    }
  });

  it('breaks Thai, written without spaces, between its words', () => {
    const lines = wrap('ขอบคุณครับยินดีต้อนรับ', 24 * 12);
    expect(lines.join('')).toBe('ขอบคุณครับยินดีต้อนรับ');
    expect(lines[0]).toBe('ขอบคุณครับ');
  });

  it('breaks spaced text at spaces and cuts a word longer than the line between its characters', () => {
    expect(wrap('Καλημέρα σας φίλοι', 24 * 9)).toEqual(['Καλημέρα', 'σας φίλοι']);
    expect(wrap('Καλημέραααα', 24 * 4)).toEqual(['Καλη', 'μέρα', 'ααα']);
  });
});
