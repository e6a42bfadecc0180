import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { previewBytes, renderPrinterBytes } from '../../src/main/services/encoding/preview-document';
import { FONT_A } from '../../src/shared/escpos/font';
import { previewBounds } from '../../src/shared/escpos/render-escpos';
import { DEFAULT_JOB_LIMITS } from '../../src/shared/document/job-limits';
import { PRINTER_PROFILES } from '../../src/shared/printer-profiles/profiles';
import { blackPng } from '../support/hostile-images';
import { readCells } from '../preview/raster-reading';
import { greyPng } from './encode-helpers';
import { encodeFor, failureFor } from './profile-helpers';

// Byte sequences as the StarPRNT and Star Line Mode Command Specifications document them.
const ESC = 0x1b;
const GS = 0x1d;
const INIT = [ESC, 0x40];
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));
const TSP100 = 'star-tsp100iv';
const TSP650 = 'star-tsp650ii';
const image = (png: Buffer, data: Record<string, unknown> = {}): unknown => ({ type: 'image', data: { image: png.toString('base64'), ...data } });
const datosFor = (model: string, commands: unknown[]): { version: string; profile: { model: string; paper_width: number }; commands: unknown[] } => ({
  version: '1.0',
  profile: { model, paper_width: 80 },
  commands,
});

describe('StarPRNT encoding', () => {
  it('prints text with the commands StarPRNT shares with Star Line Mode', () => {
    const bytes = encodeFor(TSP100, [
      { type: 'text', data: { text: 'Café', align: 'right', bold: true, size: { width: 2, height: 1 } } },
      { type: 'feed', data: { lines: 2 } },
      { type: 'cut', data: { partial: true } },
    ]);
    expect(bytes).toEqual([
      ...INIT,
      ESC, GS, 0x61, 2, // ESC GS a 2: right
      ESC, 0x45, // ESC E: emphasised
      ESC, 0x69, 0, 1, // ESC i n1 n2: height ×1, width ×2
      ...ascii('Caf'),
      ESC, GS, 0x74, 1, // ESC GS t 1: PC437, where é is 0x82
      0x82,
      0x0a,
      ESC, 0x61, 2, // ESC a 2: feed two lines
      ESC, 0x64, 3, // ESC d 3: feed to the cutter, partial cut
    ]);
  });

  it('opens the drawer with BEL (pin 2) or SUB (pin 5), and prints QR codes and barcodes as Star Line Mode does', () => {
    expect(encodeFor(TSP100, [{ type: 'drawer' }, { type: 'drawer', data: { pin: 5 } }])).toEqual([...INIT, 0x07, 0x1a]);
    expect(encodeFor(TSP100, [{ type: 'qr', data: { data: 'ab', size: 3, error_correction: 'L', align: 'left' } }])).toEqual([
      ...INIT,
      ESC, GS, 0x79, 0x53, 0x30, 2,
      ESC, GS, 0x79, 0x53, 0x31, 0,
      ESC, GS, 0x79, 0x53, 0x32, 3,
      ESC, GS, 0x79, 0x44, 0x31, 0, 2, 0, ...ascii('ab'),
      ESC, GS, 0x79, 0x50,
    ]);
    expect(encodeFor(TSP100, [{ type: 'barcode', data: { symbology: 'CODE39', data: 'AB1', height: 50, align: 'left' } }])).toEqual([
      ...INIT, ESC, 0x62, 4, 2, 1, 50, ...ascii('AB1'), 0x1e,
    ]);
  });

  it('is offered for every StarPRNT model, none of them refused', () => {
    const starPrnt = PRINTER_PROFILES.filter((profile) => profile.commandSet === 'starprnt');
    expect(starPrnt.map((profile) => profile.id)).toEqual(expect.arrayContaining(['star-tsp100iii', 'star-tsp100iv', 'star-mc-print2', 'star-mpop', 'star-sm-l200']));
    for (const profile of starPrnt) expect(encodeFor(profile.id, [{ type: 'text', data: { text: 'ok' } }])).toEqual([...INIT, ...ascii('ok'), 0x0a]);
  });
});

describe('Star graphics', () => {
  it('StarPRNT: a picture is ESC GS S 1 xL xH yL yH 0 and its rows, bit 7 the leftmost dot', () => {
    expect(encodeFor(TSP100, [image(greyPng(16, 2, 0), { align: 'left' })])).toEqual([...INIT, ESC, GS, 0x53, 1, 2, 0, 2, 0, 0, 0xff, 0xff, 0xff, 0xff]);
  });

  it('Star Line Mode: a picture is ESC X stripes of 24 dots, with the line set to 24 dots (ESC 0) and put back to 4 mm (ESC z 1)', () => {
    const column = [0xc0, 0, 0]; // Two black rows: bits 7 and 6 of each column's first byte.
    expect(encodeFor(TSP650, [image(greyPng(16, 2, 0), { align: 'left' })])).toEqual([
      ...INIT,
      ESC, 0x30,
      ESC, 0x58, 16, 0, ...Array.from({ length: 16 }, () => column).flat(), 0x0a,
      ESC, 0x7a, 1,
    ]);
  });

  it('centres a picture with white dots before it, and splits tall ones (StarPRNT blocks of 240 rows, Star Line stripes of 24)', () => {
    const centred = encodeFor(TSP100, [image(greyPng(16, 1, 0))]);
    // 576 dots: the 16-dot picture starts at dot 280 = byte 35.
    expect(centred).toEqual([...INIT, ESC, GS, 0x53, 1, 37, 0, 1, 0, 0, ...Array.from({ length: 35 }, () => 0), 0xff, 0xff]);
    const tall = encodeFor(TSP100, [image(greyPng(8, 500, 0), { align: 'left' })]);
    const rowsOf = (at: number): number => (tall[at + 6] ?? 0) + (tall[at + 7] ?? 0) * 256;
    const starts = tall.flatMap((byte, at) => (byte === ESC && tall[at + 1] === GS && tall[at + 2] === 0x53 ? [at] : []));
    expect(starts.map(rowsOf)).toEqual([240, 240, 20]);
    const stripes = encodeFor(TSP650, [image(greyPng(8, 50, 0), { align: 'left' })]);
    expect(stripes.filter((byte, at) => byte === ESC && stripes[at + 1] === 0x58 && stripes[at + 2] === 8).length).toBe(3);
  });

  it.each([TSP100, TSP650])('prints a picture of exactly the paper width (576 dots) on the %s, every dot of it in the preview', (model) => {
    const commands = [image(greyPng(576, 48, 0))];
    const preview = previewBytes(Uint8Array.from(encodeFor(model, commands)), datosFor(model, commands));
    expect(preview.width).toBe(576);
    for (const row of [0, 23, 24, 47]) expect(preview.pixels.subarray(row * 576, (row + 1) * 576).every((dot) => dot === 1)).toBe(true);
    expect(preview.pixels.subarray(48 * 576, 49 * 576).some((dot) => dot === 1)).toBe(false);
  });

  it.each([TSP100, TSP650])('bounds hostile pictures on the %s as ESC/POS does: no pixel decoded past the limit, paper claimed first', (model) => {
    expect(failureFor(model, [image(blackPng(30_000, 30_000))])).toMatch(/^IMAGE: commands\[0\]\.data\.image is 30000×30000 pixels, more than the 16-megapixel limit/);
    const nearlyFiveMetres = Array.from({ length: 5 }, () => ({ type: 'feed', data: { lines: 255 } }));
    expect(failureFor(model, [...nearlyFiveMetres, image(blackPng(576, 2000))])).toBe('IMAGE: commands[5].data.image takes the job past the 5 m of paper a job may feed');
  });

  it.each([TSP100, TSP650])('draws text no Star code page has (Japanese) as graphics on the %s instead of refusing it', (model) => {
    const commands = [{ type: 'text', data: { text: 'こんにちは' } }];
    const bytes = encodeFor(model, commands);
    const graphics = model === TSP100 ? [ESC, GS, 0x53] : [ESC, 0x58];
    expect(bytes.some((_, at) => graphics.every((byte, index) => bytes[at + index] === byte))).toBe(true);
    const preview = previewBytes(Uint8Array.from(bytes), datosFor(model, commands));
    expect(preview.pixels.some((dot) => dot === 1)).toBe(true);
    expect(preview.events).toEqual([]);
  });
});

describe('Star buzzer', () => {
  it('rings terminal 2 of the drive port: ESC GS EM DC1 2 on off (20 ms units) then ESC GS EM DC2 2 times 0', () => {
    for (const model of [TSP100, TSP650, 'star']) {
      expect(encodeFor(model, [{ type: 'beep', data: { times: 3, duration: 2 } }])).toEqual([...INIT, ESC, GS, 0x19, 0x11, 2, 10, 10, ESC, GS, 0x19, 0x12, 2, 3, 0]);
    }
    expect(encodeFor(TSP100, [{ type: 'beep' }])).toEqual([...INIT, ESC, GS, 0x19, 0x11, 2, 5, 5, ESC, GS, 0x19, 0x12, 2, 1, 0]);
  });

  it('refuses a beep on the SM-L200, which has no drive port', () => {
    expect(failureFor('star-sm-l200', [{ type: 'beep' }])).toMatch(/^VALIDATION: commands\[0\]: the Star SM-L200 profile has no buzzer/);
  });
});

describe('a whole receipt on Star printers, read back by the preview', () => {
  const receipt = [
    { type: 'text', data: { text: 'Cafetería' } },
    { type: 'text', data: { text: 'Total 5€' } },
    { type: 'table', data: { columns: [{ header: 'Qty', width: 1 }, { header: 'Item', width: 3 }], rows: [['1', 'Café']] } },
    { type: 'qr', data: { data: 'https://example.com/t/1', size: 4 } },
    { type: 'barcode', data: { symbology: 'EAN13', data: '4006381333931', height: 40 } },
    image(greyPng(64, 48, 0), { align: 'left' }),
    { type: 'beep' },
    { type: 'drawer' },
    { type: 'cut' },
  ];

  it.each([TSP100, TSP650])('%s: text in two code pages, table, QR, bars, picture, beep, drawer and cut', (model) => {
    const datos = datosFor(model, receipt);
    const starts: number[] = [];
    const bytes = encodeDocument(datos, { safeMode: true }, starts);
    // Two pages: PC437 (Star 1) for í, PC858 (Star 4) for €.
    const pageSwitches = [...bytes].flatMap((byte, at) => (byte === ESC && bytes[at + 1] === GS && bytes[at + 2] === 0x74 ? [bytes[at + 3]] : []));
    expect(pageSwitches).toEqual([1, 4]);
    const preview = renderPrinterBytes(bytes, { width: 576, model, blockStarts: starts, ...previewBounds(DEFAULT_JOB_LIMITS) });
    expect(readCells(preview, { x: 0, y: 0, count: 9, font: FONT_A })).toBe('Cafetería');
    expect(readCells(preview, { x: 0, y: 30, count: 8, font: FONT_A })).toBe('Total 5€');
    // The table's row, under its bold header and the separator: "1" then "Café" in the second column.
    const tableRow = (preview.blocks[2]?.top ?? 0) + 60;
    expect(readCells(preview, { x: 0, y: tableRow, count: 1, font: FONT_A })).toBe('1');
    expect(readCells(preview, { x: 13 * FONT_A.cellWidth, y: tableRow, count: 4, font: FONT_A })).toBe('Café');
    expect(preview.events.map((event) => event.kind)).toEqual(['beep', 'drawer', 'cut']);
    const picture = preview.blocks[5];
    if (!picture) throw new Error('no block for the picture');
    const row = (picture.top + 10) * 576;
    expect(preview.pixels.subarray(row, row + 64).every((dot) => dot === 1)).toBe(true);
    expect(preview.pixels[row + 64]).toBe(0);
    // The QR and the bars drew ink in their blocks.
    for (const block of [preview.blocks[3], preview.blocks[4]]) {
      expect(preview.pixels.subarray((block?.top ?? 0) * 576, (block?.bottom ?? 0) * 576).some((dot) => dot === 1)).toBe(true);
    }
  });
});
