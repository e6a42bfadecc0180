import { create as createQr } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { barcodeSymbol, GS_K } from '../../src/shared/escpos/barcodes/barcode-symbol';
import { envelope, postEpos } from '../support/epos-client';
import { summarize } from '../support/escpos-summary';
import { printedPicture } from '../support/printed-picture';
import { withDoorServices } from '../support/door-services';

/** Issue 33 follow-up: ePOS page mode (`addPageBegin` … `addPageEnd`) prints as laid out, through real HTTP to a TM-T88VI. */
const { withPrinter: epsonService } = withDoorServices();

const inBox = (x: number, y: number, x0: number, y0: number, x1: number, y1: number): boolean => x >= x0 && x < x1 && y >= y0 && y < y1;

describe('ePOS page mode', () => {
  it('a text at its position, a horizontal and a vertical line and a rectangle print where the POS put them, and nothing else', { timeout: 20_000 }, async () => {
    const { printer, running } = await epsonService();
    const page =
      '<page><area x="0" y="0" width="400" height="200"/><direction dir="left_to_right"/>' +
      '<position x="100" y="60"/><text em="true">HOLA</text>' +
      '<line x1="0" y1="100" x2="399" y2="100" style="thin"/>' +
      '<line x1="300" y1="0" x2="300" y2="199" style="thin"/>' +
      '<rectangle x1="20" y1="130" x2="120" y2="180" style="thin"/></page><cut/>';
    const { answer } = await postEpos(running.httpUrl, envelope(page));
    expect(answer?.success).toBe(true);
    const picture = printedPicture(printer.printed());
    expect(picture).toBeDefined();
    if (!picture) return;
    expect({ width: picture.width, height: picture.height }).toEqual({ width: 400, height: 200 });
    // Four characters of 12×24 dots, bold, standing on y = 60 from x = 100.
    expect(picture.inkIn(100, 36, 149, 60)).toBeGreaterThan(150);
    for (let x = 0; x < 400; x += 7) expect(picture.dark(x, 100), `horizontal line at x ${x}`).toBe(true);
    for (let y = 0; y < 200; y += 7) expect(picture.dark(300, y), `vertical line at y ${y}`).toBe(true);
    for (const [x, y] of [[20, 150], [121, 150], [70, 130], [70, 181]] as const) expect(picture.dark(x, y), `rectangle at ${x},${y}`).toBe(true);
    expect(picture.inkIn(24, 134, 118, 178)).toBe(0);
    const expected = (x: number, y: number): boolean =>
      inBox(x, y, 100, 36, 149, 60) ||
      inBox(x, y, 0, 100, 400, 102) ||
      inBox(x, y, 300, 0, 302, 200) ||
      inBox(x, y, 20, 130, 122, 132) ||
      inBox(x, y, 20, 180, 122, 182) ||
      inBox(x, y, 20, 130, 22, 182) ||
      inBox(x, y, 120, 130, 122, 182);
    expect(picture.strayDots(expected)).toBe(0);
    expect(summarize(printer.printed()).lines.join('')).not.toContain('HOLA');
  });

  it('text drawn bottom_to_top lands turned at the page\'s lower left', { timeout: 20_000 }, async () => {
    const { printer, running } = await epsonService();
    const page = '<page><area x="0" y="0" width="200" height="300"/><direction dir="bottom_to_top"/><position x="10" y="30"/><text>AB</text></page><cut/>';
    const { answer } = await postEpos(running.httpUrl, envelope(page));
    expect(answer?.success).toBe(true);
    const picture = printedPicture(printer.printed());
    expect(picture).toBeDefined();
    if (!picture) return;
    expect({ width: picture.width, height: picture.height }).toEqual({ width: 200, height: 300 });
    // In the page's own coordinates the text is x 10…34, y 6…30; turned, across is the page's y, down is 299 − its x.
    expect(picture.inkIn(6, 265, 31, 290)).toBeGreaterThan(60);
    expect(picture.strayDots((x, y) => inBox(x, y, 6, 265, 31, 290))).toBe(0);
  });

  it('a barcode with its number below and a QR code print where the POS put them, bar by bar and module by module', { timeout: 20_000 }, async () => {
    const { printer, running } = await epsonService();
    const page =
      '<page><area x="0" y="0" width="400" height="300"/>' +
      '<position x="20" y="150"/><barcode type="code128" hri="below" width="2" height="60">{BMESA 12</barcode>' +
      '<position x="260" y="150"/><symbol type="qrcode_model_2" level="level_m" width="4">https://cafe.example/r/42</symbol>' +
      '</page><cut/>';
    const { answer } = await postEpos(running.httpUrl, envelope(page));
    expect(answer?.success).toBe(true);
    const picture = printedPicture(printer.printed());
    expect(picture).toBeDefined();
    if (!picture) return;
    expect({ width: picture.width, height: picture.height }).toEqual({ width: 400, height: 300 });

    // The bars: 2-dot modules, 60 dots tall, their number's 24-dot line (and a 4-dot gap) below them, all standing on
    // y = 150. Read across their middle, they are CODE128's "{BMESA 12" (half-module runs: a module is 2 units).
    const bars = barcodeSymbol(GS_K.CODE128, Buffer.from('{BMESA 12', 'latin1')).runs;
    const barsWide = bars.reduce((sum, run) => sum + run, 0);
    const read: number[] = [];
    for (let x = 20, run = 0, inked = true; x <= 20 + barsWide; x++) {
      if (x < 20 + barsWide && picture.dark(x, 92) === inked) run += 1;
      else {
        read.push(run);
        run = 1;
        inked = !inked;
      }
    }
    expect(read).toEqual(bars);
    for (let x = 20; x < 20 + barsWide; x++) expect(picture.dark(x, 62) === picture.dark(x, 121), `bar at x ${x} runs the whole height`).toBe(true);
    expect(picture.inkIn(20, 58, 20 + barsWide, 62)).toBe(0);
    expect(picture.inkIn(20, 126, 20 + barsWide, 150)).toBeGreaterThan(100);

    // The QR code: 4-dot modules, its bottom on y = 150, each module as the symbol has it.
    const qr = createQr('https://cafe.example/r/42', { errorCorrectionLevel: 'M' }).modules;
    const side = qr.size * 4;
    for (let row = 0; row < qr.size; row++) {
      for (let column = 0; column < qr.size; column++) {
        expect(picture.dark(260 + column * 4 + 1, 150 - side + row * 4 + 1), `module ${row},${column}`).toBe(Boolean(qr.get(row, column)));
      }
    }
    expect(picture.strayDots((x, y) => inBox(x, y, 20, 62, 20 + barsWide, 150) || inBox(x, y, 260, 150 - side, 260 + side, 150))).toBe(0);
  });

  it('a PDF417 inside a page is refused by name, nothing printed', { timeout: 20_000 }, async () => {
    const { printer, running } = await epsonService();
    const page = '<page><symbol type="pdf417_standard">MESA 12</symbol></page><cut/>';
    const { answer } = await postEpos(running.httpUrl, envelope(page));
    expect(answer).toMatchObject({ success: false, code: 'ParameterError' });
    expect(summarize(printer.printed()).rasters).toEqual([]);
  });

  it('a page taller than the paper allows is answered ParameterError and nothing prints', { timeout: 20_000 }, async () => {
    const { printer, running } = await epsonService();
    const page = '<text>ANTES&#10;</text><page><area x="0" y="0" width="400" height="5000"/><text>HOLA</text></page><cut/>';
    const { answer } = await postEpos(running.httpUrl, envelope(page));
    expect(answer).toMatchObject({ success: false, code: 'ParameterError' });
    const printed = summarize(printer.printed());
    expect(printed.lines.join('')).not.toMatch(/ANTES|HOLA/);
    expect(printed.rasters).toEqual([]);
    expect(printed.cuts).toBe(0);
  });
});
