import { describe, expect, it } from 'vitest';
import { markupDocument } from '../../src/main/services/cloudprnt/markup/markup-document';
import { validateDocument } from '../../src/shared/document/validate-document';

const PAPER = { dots: 576, dotsPerMm: 8, paperWidthMm: 80 };
const noImages = (): Promise<Uint8Array> => Promise.reject(new Error('no images here'));

describe('Star Document Markup becomes a valid print document', () => {
  it('keeps alignment, magnification, bold, underline, negative, columns, barcodes, QR, cut, drawer and buzzer', async () => {
    const markup = [
      '[align: centre][mag: w 2; h 2][bold: on]Café\\ \\ Lumière[plain]\\',
      '[align][underline: on]Order 7[underline: off]',
      '[column: left Latte; right 3.20]',
      '[negative: on]PAID[negative]',
      '[fixedWidth: text TOTAL; width 10][fw: text 3.20; width 38; align right]',
      '[barcode: type ean13; data 4006381333931; height 8mm; hri]',
      '[qrcode: data https://example.com; cell 4; level h]',
      '[drawer][buzzer: 2][cut: feed; partial]',
    ].join('\n');
    const document = await markupDocument(markup, PAPER, noImages);
    expect(() => validateDocument(document)).not.toThrow();
    expect(document.commands).toEqual([
      { type: 'text', data: { text: 'Café  Lumière', align: 'center', bold: true, size: { width: 2, height: 2 } } },
      { type: 'text', data: { text: 'Order 7', align: 'left', underline: 1 } },
      { type: 'text', data: { text: `Latte${' '.repeat(48 - 5 - 4)}3.20`, align: 'left' } },
      { type: 'text', data: { text: 'PAID', align: 'left', invert: true } },
      { type: 'text', data: { text: `TOTAL${' '.repeat(5)}${' '.repeat(34)}3.20`, align: 'left' } },
      { type: 'barcode', data: { data: '4006381333931', symbology: 'EAN13', height: 64, width: 2, hri: 'below', align: 'left' } },
      { type: 'qr', data: { data: 'https://example.com', size: 4, error_correction: 'H', align: 'left' } },
      { type: 'drawer', data: { pin: 2 } },
      { type: 'beep', data: { times: 2 } },
      { type: 'cut', data: { partial: true } },
    ]);
  });

  it('refuses markup asking for more images than a receipt has, before fetching any', async () => {
    let fetched = 0;
    const count = (): Promise<Uint8Array> => ((fetched += 1), Promise.reject(new Error('x')));
    const markup = Array.from({ length: 20 }, (_, index) => `[image: url http://example.com/${index}.png]`).join('\n');
    await expect(markupDocument(markup, PAPER, count)).rejects.toThrow(/at most 8/);
    expect(fetched).toBe(0);
  });
});
