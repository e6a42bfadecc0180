import { describe, expect, it } from 'vitest';
import { escposRasterizerFor } from '../../src/main/services/app-api/escpos-rasterizer';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import { withServices } from '../support/service-harness';
import { inkBox } from './raster-reading';

const INIT = [0x1b, 0x40];
const lines = (count: number, prefix: number[] = []): Uint8Array => {
  const bytes = new Uint8Array(INIT.length + prefix.length + count * 2);
  bytes.set([...INIT, ...prefix]);
  for (let at = INIT.length + prefix.length; at < bytes.length; at += 2) bytes.set([0x78, 0x0a], at);
  return bytes;
};
/** The default bound: the 5 m a job may feed plus a quarter for bands and cut marks, 6.25 m = 50,000 dot rows. */
const MAX_HEIGHT = 50_000;
const BAND = 23;

describe('the preview is bounded', () => {
  it('draws 100k lines of text as 6.25 m of paper and a band saying where it ends', () => {
    const preview = renderEscPos(lines(100_000), { width: 576 });
    // 3 million rows (1.7 GB) unbounded.
    expect(preview.height).toBe(MAX_HEIGHT + BAND);
    expect(preview.pixels.length).toBe(576 * (MAX_HEIGHT + BAND));
    expect(preview.events).toEqual([{ kind: 'truncated', y: MAX_HEIGHT, detail: 'PREVIEW ENDS: more than 6.3 m of paper' }]);
    expect(inkBox(preview, MAX_HEIGHT, MAX_HEIGHT + 21)).toMatchObject({ left: 0, right: 575 });
  });

  it('bounds text at eight times its height the same way', () => {
    const preview = renderEscPos(lines(100_000, [0x1d, 0x21, 0x77]), { width: 576 });
    expect(preview.height).toBe(MAX_HEIGHT + BAND);
    expect(preview.events.map((event) => event.kind)).toEqual(['truncated']);
  });

  it('draws a job of the full paper a job may feed without cutting it', () => {
    const commands = Array.from({ length: 1333 }, (_, index) => ({ type: 'text', data: { text: `línea ${index}` } }));
    const preview = renderEscPos(encodeDocument({ version: '1.0', commands }, { safeMode: true }), { width: 576 });
    expect(preview.events).toEqual([]);
    expect(preview.height).toBe(1333 * 30);
  });

  it('cuts a raster image taller than the bound at the bound, drawing only what fits', () => {
    const rows = 5000;
    const image = new Uint8Array(8 + 72 * rows).fill(0xff);
    image.set([0x1d, 0x76, 0x30, 0x00, 72, 0, rows & 0xff, rows >> 8]);
    const preview = renderEscPos(image, { width: 576, maxHeight: 1000 });
    expect(preview.height).toBe(1000 + BAND);
    expect(preview.events).toEqual([{ kind: 'truncated', y: 1000, detail: 'PREVIEW ENDS: more than 0.1 m of paper' }]);
    expect(inkBox(preview, 0, 1000)).toEqual({ left: 0, right: 575, top: 0, bottom: 999 });
  });

  it('interprets at most maxBytes of the bytes and says so', () => {
    const preview = renderEscPos(lines(1000), { width: 576, maxBytes: 1000 });
    // ESC @ and 499 lines fit in 1000 bytes.
    expect(preview.events).toEqual([{ kind: 'truncated', y: 499 * 30, detail: 'PREVIEW ENDS: only the first 1000 bytes are shown' }]);
    expect(preview.height).toBe(499 * 30 + BAND);
  });

  it('ignores QR module sizes and bar code heights printers refuse, so no symbol is drawn without feeding paper', () => {
    const qr = [0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x43, 0x00]; // module size 0
    const store = [0x1d, 0x28, 0x6b, 0x05, 0x00, 0x31, 0x50, 0x30, 0x41, 0x42];
    const print = [0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30];
    const barcode = [0x1d, 0x68, 0x00, 0x1d, 0x48, 0x00, 0x1d, 0x6b, 0x04, 0x41, 0x42, 0x00]; // GS h 0, CODE39 "AB"
    const preview = renderEscPos(Uint8Array.from([...qr, ...store, ...print, ...barcode]), { width: 576 });
    // Default module 3 (21 modules: 63 dots) and default height 162.
    expect(preview.height).toBe(63 + 162);
  });
});

describe('the designer’s preview from the service', () => {
  const startService = withServices();

  it('is rendered on an encoder thread, bounded by the configured paper limit, the same picture as in process', { timeout: 60_000 }, async () => {
    const service = await startService({ maxPaperMm: 1_000 });
    const document = { version: '1.0', commands: [] };
    const image = await service.rasterize(lines(100_000), document);
    // 1 m and a quarter, then the band.
    expect([image.width, image.height]).toEqual([576, 10_023]);
    expect(image.marks).toEqual([{ kind: 'truncated', y: 10_000, detail: 'PREVIEW ENDS: more than 1.3 m of paper' }]);
    expect(image).toEqual(escposRasterizerFor(service.limits)(lines(100_000), document));
  });
});
