import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { checkSafeMode } from '../../src/main/services/encoding/safe-mode';
import { SYMBOLOGIES } from '../../src/shared/document/types';
import { exampleTicket } from '../documents/example-ticket';
import { greyPng } from './encode-helpers';

/**
 * The allow-list is not too narrow: every byte the encoder itself sends, for every option of every command, passes
 * safe mode. (A POS that sends the encoder's own output back as raw bytes must not be refused.)
 */

const bytesOf = (commands: unknown[], paperWidth = 80): Uint8Array =>
  encodeDocument({ version: '1.0', profile: { model: 'epson', paper_width: paperWidth }, commands }, { safeMode: true });

const expectSafe = (bytes: Uint8Array): void => {
  const check = checkSafeMode(bytes);
  if (!check.ok) throw new Error(`safe mode refuses the encoder's own bytes: ${check.refusal.name} at byte ${check.refusal.offset}: ${check.refusal.reason}`);
  expect(check.commands.at(-1)?.end).toBe(bytes.length);
};

const BARCODE_DATA: Record<(typeof SYMBOLOGIES)[number], string[]> = {
  CODE128: ['000123', 'Pedido 7{x}', '12345678', 'a'],
  EAN13: ['400638133393', '4006381333931'],
  EAN8: ['9638507', '96385074'],
  UPC_A: ['03600029145', '036000291452'],
  CODE39: ['ABC-123 $/+%.'],
  ITF: ['1234567890'],
  CODABAR: ['A12345B', '40156'],
};

describe('safe mode passes everything the encoder sends', () => {
  it('the README full example ticket', () => {
    expectSafe(encodeDocument(exampleTicket(), { safeMode: true }));
  });

  it('text in every style, size, font, alignment and the code pages its characters need', () => {
    const texts = ['Hola', 'Cafetería Ñ 3,50 €', 'Привет', 'Zażółć gęślą jaźń', 'São João ã õ', 'Æble øl å', 'Ελλάδα', '日本', 'tab\there\u0007'];
    const commands: unknown[] = [];
    for (const [index, text] of texts.entries()) {
      for (const width of [1, 2, 8]) {
        for (const height of [1, 3, 8]) {
          commands.push({
            type: 'text',
            data: {
              text,
              size: { width, height },
              bold: index % 2 === 0,
              underline: index % 3,
              invert: height === 3,
              font: width === 2 ? 'b' : 'a',
              align: (['left', 'center', 'right'] as const)[index % 3],
            },
          });
        }
      }
    }
    for (const paper of [58, 80]) expectSafe(bytesOf(commands, paper));
  });

  it('lines, feeds, tables, beeps, drawer pulses and cuts with their whole ranges', () => {
    const commands: unknown[] = [
      { type: 'line' },
      { type: 'line', data: { char: '=', bold: true } },
      { type: 'feed' },
      { type: 'feed', data: { lines: 255 } },
      {
        type: 'table',
        data: { columns: [{ header: 'Artículo', width: 4 }, { header: 'Ud', align: 'right' }, { header: 'Importe', width: 2, align: 'center' }], rows: [['Café con leche y tostada', 2, '3,00 €']], font: 'b' },
      },
      { type: 'drawer' },
      { type: 'drawer', data: { pin: 5 } },
      { type: 'cut' },
      { type: 'cut', data: { partial: true, feed: 0 } },
      { type: 'cut', data: { feed: 255 } },
    ];
    for (let times = 1; times <= 9; times++) for (let duration = 1; duration <= 9; duration++) commands.push({ type: 'beep', data: { times, duration } });
    expectSafe(bytesOf(commands));
  });

  it('QR codes at every module size and error correction level', () => {
    const commands: unknown[] = [];
    for (const level of ['L', 'M', 'Q', 'H']) {
      for (let size = 1; size <= 16; size++) commands.push({ type: 'qr', data: { data: `https://example.com/f/${size}ñ€`, size, error_correction: level, align: 'right' } });
    }
    commands.push({ type: 'qr', data: { data: 'x'.repeat(1500), size: 1, error_correction: 'L' } });
    expectSafe(bytesOf(commands));
  });

  it('every symbology, height, module width and HRI position', () => {
    const commands: unknown[] = [];
    for (const symbology of SYMBOLOGIES) {
      for (const data of BARCODE_DATA[symbology]) {
        for (const [height, hri] of [[1, 'none'], [80, 'below'], [255, 'both'], [60, 'above']] as const) {
          commands.push({ type: 'barcode', data: { data, symbology, height, hri, align: 'left' } });
        }
      }
    }
    for (let width = 2; width <= 6; width++) commands.push({ type: 'barcode', data: { data: '9638507', symbology: 'EAN8', width } });
    expectSafe(bytesOf(commands));
  });

  it('images at every paper width, alignment and dithering, including bands over 240 rows', () => {
    const commands: unknown[] = [];
    for (const [width, height] of [[8, 8], [64, 300], [383, 17], [576, 250]] as const) {
      for (const dither of ['threshold', 'floyd-steinberg', 'atkinson']) {
        for (const align of ['left', 'center', 'right']) {
          const image = greyPng(width, height, (x, y) => (x * 7 + y * 13) % 256).toString('base64');
          commands.push({ type: 'image', data: { image, width: Math.min(width, 384), dither, align } });
        }
      }
    }
    for (const paper of [58, 80]) expectSafe(bytesOf(commands, paper));
  });

  it('raw bytes that pass, followed by the modes the encoder re-states after them', () => {
    expectSafe(bytesOf([{ type: 'raw', data: { hex: '1B 45 01 1B 61 01' } }, { type: 'text', data: { text: 'Ñ €', bold: true } }]));
  });
});
