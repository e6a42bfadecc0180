import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { CODE128_WIDTHS } from '../../src/shared/escpos/barcodes/patterns';
import { tokenize } from '../../src/shared/escpos/parse-escpos';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import { inkBox, runsAlongRow } from './raster-reading';

const render = (bytes: number[], width = 576) => renderEscPos(Uint8Array.from(bytes), { width });
const encodeAndRender = (commands: unknown[], safeMode = true) =>
  renderEscPos(encodeDocument({ version: '1.0', commands }, { safeMode }), { width: 576 });

describe('the ESC/POS interpreter', () => {
  it('marks cuts, partial cuts, beeps and drawer pulses as labelled bands, in order', () => {
    const preview = encodeAndRender([
      { type: 'beep', data: { times: 3 } },
      { type: 'drawer', data: { pin: 5 } },
      { type: 'cut', data: { partial: true } },
      { type: 'cut' },
    ]);
    expect(preview.events.map(({ kind, detail }) => `${kind}:${detail}`)).toEqual([
      'beep:BEEP x3 (1)',
      'drawer:DRAWER pulse pin 5',
      'partial-cut:PARTIAL CUT',
      'cut:CUT',
    ]);
    for (const event of preview.events) expect(inkBox(preview, event.y, event.y + 21)).toMatchObject({ left: 0, right: 575 });
  });

  it('shows unknown bytes instead of hiding them', () => {
    const preview = encodeAndRender([{ type: 'text', data: { text: 'a' } }, { type: 'raw', data: { hex: '1B 7A 05 07' } }, { type: 'text', data: { text: 'b' } }], false);
    // The parser cannot know ESC z's arguments, so 05 and 07 show as unknown bytes of their own.
    expect(preview.events).toEqual([
      { kind: 'unknown', y: 30, detail: 'UNKNOWN 1B 7A' },
      { kind: 'unknown', y: 53, detail: 'UNKNOWN 05' },
      { kind: 'unknown', y: 76, detail: 'UNKNOWN 07' },
    ]);
    expect(inkBox(preview, 30, 50)).toMatchObject({ left: 0, right: 575 });
  });

  it('shows commands it knows but cannot draw, and unknown code pages', () => {
    expect(render([0x1b, 0x2a, 0x00, 0x02, 0x00, 0xff, 0xff]).events[0]).toMatchObject({ kind: 'not-previewed', detail: 'ESC * (7 bytes) not previewed' });
    expect(render([0x1b, 0x74, 99]).events[0]).toMatchObject({ kind: 'not-previewed', detail: 'code page ESC t 99 not previewed (1B 74 63)' });
  });

  it('draws nothing for status requests and settings without ink', () => {
    const preview = render([0x10, 0x04, 0x01, 0x1d, 0x72, 0x01, 0x1b, 0x33, 0x20, 0x1b, 0x52, 0x00]);
    expect(preview.events).toEqual([]);
    expect(inkBox(preview)).toBeUndefined();
  });

  it('follows ESC ! print modes and ESC @ resets them', () => {
    const bold = render([0x1b, 0x21, 0x38, 0x41, 0x0a]);
    expect(inkBox(bold)?.bottom).toBeGreaterThan(24); // double height
    const reset = render([0x1b, 0x21, 0x38, 0x1b, 0x40, 0x41, 0x0a]);
    expect(inkBox(reset)?.bottom).toBeLessThan(24);
  });

  it('wraps text that overflows the paper like the printer does', () => {
    const preview = render([...Array.from({ length: 40 }, () => 0x48), 0x0a], 384);
    expect(inkBox(preview, 0, 24)?.right).toBeLessThan(384);
    expect(inkBox(preview, 30, 54)).toBeDefined();
  });

  it('decodes every byte sequence without throwing, covering every byte with a token', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 200; round++) {
      const bytes = Uint8Array.from({ length: 1 + Math.floor(random() * 200) }, () => (random() < 0.3 ? [0x1b, 0x1d, 0x1c, 0x10, 0x0a][Math.floor(random() * 5)] ?? 0 : Math.floor(random() * 256)));
      let covered = 0;
      for (const token of tokenize(bytes)) {
        expect(token.start).toBe(covered);
        expect(token.end).toBeGreaterThan(token.start);
        covered = token.end;
      }
      expect(covered).toBe(bytes.length);
      expect(() => renderEscPos(bytes, { width: 384 })).not.toThrow();
    }
  });

  it('draws a CODE128 whose symbols decode back to the data with a valid checksum', () => {
    const preview = encodeAndRender([{ type: 'barcode', data: { data: 'Pedido 7{x}', symbology: 'CODE128', hri: 'none', align: 'left' } }]);
    const widths = runsAlongRow(preview, 5).map((run) => run / 2);
    const values: number[] = [];
    for (let at = 0; at + 6 <= widths.length - 7; at += 6) values.push(CODE128_WIDTHS.indexOf(widths.slice(at, at + 6).join('')));
    expect(widths.slice(-7).join('')).toBe('2331112');
    const [start, ...rest] = values;
    const checksum = rest.pop();
    expect(start).toBe(104);
    expect(checksum).toBe((104 + rest.reduce((sum, value, index) => sum + value * (index + 1), 0)) % 103);
    expect(String.fromCharCode(...rest.map((value) => value + 32))).toBe('Pedido 7{x}');
  });
});
