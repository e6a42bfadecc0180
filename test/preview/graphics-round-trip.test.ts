import { create as createQr } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { decodeImage } from '../../src/main/services/encoding/image/decode-image';
import { dither } from '../../src/main/services/encoding/image/dither';
import { scaleGrey } from '../../src/main/services/encoding/image/scale-grey';
import type { PrintCommand } from '../../src/shared/document/types';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import { greyPng } from '../encoding/encode-helpers';
import { inkBox, isBlack, runsAlongRow } from './raster-reading';

const preview = (commands: PrintCommand[], paperWidth = 80) =>
  renderEscPos(encodeDocument({ version: '1.0', profile: { paper_width: paperWidth }, commands }, { safeMode: true }), { width: paperWidth === 58 ? 384 : 576 });

// The EAN/UPC tables as the standard states them, written out here independently of the encoder's copy.
const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const G_CODES = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
const R_CODES = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'];
const FIRST_DIGIT_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** Module string (1 = bar) from run lengths of `moduleDots` each. */
function modulesOf(runs: number[], moduleDots: number): string {
  return runs.map((run, index) => (index % 2 === 0 ? '1' : '0').repeat(Math.round(run / moduleDots))).join('');
}

function decodeEan13(modules: string): string {
  expect(modules).toHaveLength(95);
  expect(modules.slice(0, 3)).toBe('101');
  expect(modules.slice(45, 50)).toBe('01010');
  expect(modules.slice(92)).toBe('101');
  let parity = '';
  let digits = '';
  for (let index = 0; index < 6; index++) {
    const code = modules.slice(3 + index * 7, 10 + index * 7);
    const l = L_CODES.indexOf(code);
    parity += l >= 0 ? 'L' : 'G';
    digits += l >= 0 ? l : G_CODES.indexOf(code);
  }
  for (let index = 0; index < 6; index++) digits += R_CODES.indexOf(modules.slice(50 + index * 7, 57 + index * 7));
  return `${FIRST_DIGIT_PARITY.indexOf(parity)}${digits}`;
}

describe('preview round trip: QR codes', () => {
  it.each([
    ['ASCII at level M', 'https://ticketera.example/t/000123', 'M' as const, 4],
    ['UTF-8 with € and ñ at level H', 'Pagado 12,50 € — mañana', 'H' as const, 3],
  ])('draws the module grid of %s from the stored bytes', (_name, data, level, size) => {
    const raster = preview([{ type: 'qr', data: { data, error_correction: level, size, align: 'left' } }]);
    const expected = createQr([{ data: new TextEncoder().encode(data), mode: 'byte' }], { errorCorrectionLevel: level }).modules;
    const box = inkBox(raster);
    expect(box).toMatchObject({ left: 0, top: 0, right: expected.size * size - 1, bottom: expected.size * size - 1 });
    for (let row = 0; row < expected.size; row++) {
      for (let column = 0; column < expected.size; column++) {
        const dot = isBlack(raster, column * size + Math.floor(size / 2), row * size + Math.floor(size / 2));
        expect(dot, `module ${row},${column}`).toBe(expected.get(row, column) === 1);
      }
    }
    // Finder patterns: three 7×7 squares in the corners, none bottom-right.
    expect(isBlack(raster, 0, 0) && isBlack(raster, (expected.size - 1) * size, 0) && isBlack(raster, 0, (expected.size - 1) * size)).toBe(true);
  });

  it('centres the symbol by default', () => {
    const raster = preview([{ type: 'qr', data: { data: 'x', size: 4 } }], 58);
    const box = inkBox(raster);
    expect(box?.left).toBe((384 - 21 * 4) / 2);
  });
});

describe('preview round trip: barcodes', () => {
  it('draws EAN-13 bars that decode back to the digits, check digit included', () => {
    const raster = preview([{ type: 'barcode', data: { data: '400638133393', symbology: 'EAN13', hri: 'none', width: 2, align: 'left' } }]);
    expect(decodeEan13(modulesOf(runsAlongRow(raster, 10), 2))).toBe('4006381333931');
  });

  it('draws UPC-A as EAN-13 with a leading zero', () => {
    const raster = preview([{ type: 'barcode', data: { data: '03600029145', symbology: 'UPC_A', hri: 'none', width: 3, align: 'left' } }]);
    expect(decodeEan13(modulesOf(runsAlongRow(raster, 10), 3))).toBe('0036000291452');
  });

  it('draws EAN-8 with its guards and 8 digits', () => {
    const raster = preview([{ type: 'barcode', data: { data: '9638507', symbology: 'EAN8', hri: 'none', align: 'left' } }]);
    const modules = modulesOf(runsAlongRow(raster, 10), 2);
    expect(modules).toHaveLength(67);
    const left = [0, 1, 2, 3].map((index) => L_CODES.indexOf(modules.slice(3 + index * 7, 10 + index * 7)));
    const right = [0, 1, 2, 3].map((index) => R_CODES.indexOf(modules.slice(36 + index * 7, 43 + index * 7)));
    expect([...left, ...right].join('')).toBe('96385074');
  });

  it('draws CODE128 with start B, the data, a correct checksum and stop', () => {
    const raster = preview([{ type: 'barcode', data: { data: 'TCK-42', symbology: 'CODE128', hri: 'none', align: 'left' } }]);
    const modules = modulesOf(runsAlongRow(raster, 10), 2);
    // (start + 6 characters + checksum) × 11 modules + stop 13.
    expect(modules).toHaveLength(8 * 11 + 13);
    expect(modules.slice(0, 11)).toBe('11010010000'); // START B
    expect(modules.slice(-13)).toBe('1100011101011'); // STOP
    // 'T' is value 52: widths 2 1 3 3 1 1 in the Code 128 table.
    expect(modules.slice(11, 22)).toBe('11011100010');
  });

  it('draws CODE128 digits in code set C: half as many symbols', () => {
    const raster = preview([{ type: 'barcode', data: { data: '00123456', symbology: 'CODE128', hri: 'none', align: 'left' } }]);
    const modules = modulesOf(runsAlongRow(raster, 10), 2);
    expect(modules).toHaveLength(6 * 11 + 13);
    expect(modules.slice(0, 11)).toBe('11010011100'); // START C
  });

  it('draws CODE39 with * start/stop and wide bars 2.5× the narrow ones', () => {
    const raster = preview([{ type: 'barcode', data: { data: 'A1', symbology: 'CODE39', hri: 'none', align: 'left' } }]);
    const runs = runsAlongRow(raster, 10);
    // 4 characters of 9 elements with 3 gaps.
    expect(runs).toHaveLength(4 * 9 + 3);
    expect(new Set(runs)).toEqual(new Set([2, 5]));
    expect(runs.slice(0, 9).map((run) => (run === 5 ? 'w' : 'n')).join('')).toBe('nwnnwnwnn'); // *
  });

  it('draws ITF and CODABAR', () => {
    const itf = runsAlongRow(preview([{ type: 'barcode', data: { data: '1234', symbology: 'ITF', hri: 'none' } }]), 10);
    expect(itf).toHaveLength(4 + 2 * 10 + 3);
    const codabar = runsAlongRow(preview([{ type: 'barcode', data: { data: 'A123B', symbology: 'CODABAR', hri: 'none' } }]), 10);
    expect(codabar).toHaveLength(5 * 7 + 4);
  });

  it('prints the human-readable text below, above or both, at the height asked', () => {
    const below = preview([{ type: 'barcode', data: { data: '400638133393', symbology: 'EAN13', height: 50 } }]);
    expect(below.height).toBeGreaterThanOrEqual(50 + 24);
    expect(inkBox(below, 0, 50)?.top).toBe(0);
    expect(inkBox(below, 50, 74)).toBeDefined();
    const both = preview([{ type: 'barcode', data: { data: '400638133393', symbology: 'EAN13', height: 50, hri: 'both' } }]);
    expect(inkBox(both, 24, 74)).toMatchObject({ top: 24, bottom: 73 });
    expect(inkBox(both, 0, 24)).toBeDefined();
    expect(inkBox(both, 74, 98)).toBeDefined();
  });
});

describe('preview round trip: images', () => {
  it('prints exactly the dithered dots the encoder sent, centred', () => {
    const png = greyPng(100, 40, (x, y) => (x * 2 + y * 3) % 256);
    const raster = preview([{ type: 'image', data: { image: png.toString('base64'), dither: 'atkinson' } }], 58);
    const dots = dither(scaleGrey(decodeImage(new Uint8Array(png)), 100), 'atkinson');
    const left = Math.floor((384 - 100) / 2);
    for (let y = 0; y < 40; y++) {
      for (let x = 0; x < 100; x++) expect(isBlack(raster, left + x, y), `${x},${y}`).toBe(dots[y * 100 + x] === 1);
    }
    expect(inkBox(raster)?.left).toBeGreaterThanOrEqual(left);
    expect(inkBox(raster)?.right).toBeLessThan(left + 100);
  });

  it('stacks the bands of a tall image without gaps', () => {
    const raster = preview([{ type: 'image', data: { image: greyPng(16, 600, 0).toString('base64'), align: 'left' } }]);
    expect(raster.height).toBe(600);
    for (let y = 0; y < 600; y++) expect(isBlack(raster, 0, y) && isBlack(raster, 15, y) && !isBlack(raster, 16, y)).toBe(true);
  });
});
