import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { encodeText } from '../../src/main/services/encoding/text-bytes';
import { GENERIC_PROFILE } from '../../src/shared/printer-profiles/profiles';
import { ascii, encode, failure, INIT } from './encode-helpers';

const LF = 0x0a;

describe('golden bytes: text and its styles', () => {
  it('sends ESC @ alone for an empty job (never null)', () => {
    expect(encode([])).toEqual(INIT);
  });

  it('sends plain text as its bytes and a line feed', () => {
    expect(encode([{ type: 'text', data: { text: 'Hola' } }])).toEqual([...INIT, ...ascii('Hola'), LF]);
  });

  it.each([
    ['bold', { bold: true }, [0x1b, 0x45, 0x01]],
    ['underline 1', { underline: 1 }, [0x1b, 0x2d, 0x01]],
    ['underline 2', { underline: 2 }, [0x1b, 0x2d, 0x02]],
    ['invert', { invert: true }, [0x1d, 0x42, 0x01]],
    ['font b', { font: 'b' }, [0x1b, 0x4d, 0x01]],
    ['align center', { align: 'center' }, [0x1b, 0x61, 0x01]],
    ['align right', { align: 'right' }, [0x1b, 0x61, 0x02]],
    ['size 2×1 (width in the high nibble)', { size: { width: 2, height: 1 } }, [0x1d, 0x21, 0x10]],
    ['size 1×3', { size: { width: 1, height: 3 } }, [0x1d, 0x21, 0x02]],
    ['size 8×8', { size: { width: 8, height: 8 } }, [0x1d, 0x21, 0x77]],
  ])('sends %s before the text', (_name, style, command) => {
    expect(encode([{ type: 'text', data: { text: 'A', ...style } }])).toEqual([...INIT, ...command, 0x41, LF]);
  });

  it('sends a mode only when it changes, and turns it off for the next text', () => {
    expect(
      encode([
        { type: 'text', data: { text: 'A', bold: true } },
        { type: 'text', data: { text: 'B', bold: true } },
        { type: 'text', data: { text: 'C' } },
      ]),
    ).toEqual([...INIT, 0x1b, 0x45, 0x01, 0x41, LF, 0x42, LF, 0x1b, 0x45, 0x00, 0x43, LF]);
  });

  it('sends every style in a fixed order: bold, underline, invert, font, size', () => {
    const bytes = encode([{ type: 'text', data: { text: 'A', bold: true, underline: 1, invert: true, font: 'b', size: { width: 2, height: 2 }, align: 'center' } }]);
    expect(bytes).toEqual([...INIT, 0x1b, 0x61, 0x01, 0x1b, 0x45, 0x01, 0x1b, 0x2d, 0x01, 0x1d, 0x42, 0x01, 0x1b, 0x4d, 0x01, 0x1d, 0x21, 0x11, 0x41, LF]);
  });

  it('word-wraps to the columns of the paper, font and width', () => {
    const words = 'palabra '.repeat(8).trim(); // 63 characters: six words fill 47 of 48 columns
    const lines = (bytes: number[]): string[] => String.fromCharCode(...bytes.slice(2)).split('\n').filter((line) => line.length > 0);
    expect(lines(encode([{ type: 'text', data: { text: words } }]))).toEqual(['palabra palabra palabra palabra palabra palabra', 'palabra palabra']);
    expect(lines(encode([{ type: 'text', data: { text: words } }], { paperWidth: 58 }))).toEqual(['palabra palabra palabra palabra', 'palabra palabra palabra palabra']);
    expect(lines(encode([{ type: 'text', data: { text: 'x'.repeat(50) } }]))).toEqual(['x'.repeat(48), 'xx']);
  });

  it('never lets text smuggle in commands: control characters become spaces', () => {
    expect(encode([{ type: 'text', data: { text: '\u001b@\u001dV\u0000' } }])).toEqual([...INIT, 0x20, 0x40, 0x20, 0x56, 0x20, LF]);
  });

  it('prints an empty text as a blank line', () => {
    expect(encode([{ type: 'text', data: { text: '' } }])).toEqual([...INIT, LF]);
  });
});

describe('golden bytes: Spanish and Latin text through code pages', () => {
  it('states PC437 (ESC t 0) before the first of á é í ó ú ü ñ Ñ ¿ ¡ ç à è: its memory switches may select another', () => {
    expect(encode([{ type: 'text', data: { text: 'áéíóúüñÑ¿¡çàè' } }])).toEqual([
      ...INIT, 0x1b, 0x74, 0, 0xa0, 0x82, 0xa1, 0xa2, 0xa3, 0x81, 0xa4, 0xa5, 0xa8, 0xad, 0x87, 0x85, 0x8a, LF,
    ]);
  });

  it('switches to PC858 (ESC t 19) for €, and stays there', () => {
    expect(encode([{ type: 'text', data: { text: 'Café 5 €' } }, { type: 'text', data: { text: 'ñ' } }])).toEqual([
      ...INIT, ...ascii('Caf'), 0x1b, 0x74, 0, 0x82, ...ascii(' 5 '), 0x1b, 0x74, 19, 0xd5, LF, 0xa4, LF,
    ]);
  });

  it('switches to WPC1252 (ESC t 16) for characters PC858 lacks', () => {
    expect(encode([{ type: 'text', data: { text: '“€”' } }])).toEqual([...INIT, 0x1b, 0x74, 16, 0x93, 0x80, 0x94, LF]);
  });

  // Text blocks draw such characters instead (script-raster tests); rules and separators still get this fallback.
  it('falls back to the unaccented letter, then ?, for characters no page has', () => {
    expect(encodeText('ǹ☃', GENERIC_PROFILE.codePages[0], GENERIC_PROFILE.codePages).bytes).toEqual([0x6e, 0x3f]);
  });

  it('composes decomposed accents before encoding', () => {
    expect(encode([{ type: 'text', data: { text: 'n\u0303' } }])).toEqual([...INIT, 0x1b, 0x74, 0, 0xa4, LF]);
  });
});

describe('golden bytes: feed, line, beep, cut, drawer', () => {
  it.each([
    ['feed 3', { type: 'feed', data: { lines: 3 } }, [0x1b, 0x64, 3]],
    ['feed default', { type: 'feed' }, [0x1b, 0x64, 1]],
    ['beep 2×3', { type: 'beep', data: { times: 2, duration: 3 } }, [0x1b, 0x42, 2, 3]],
    ['beep default', { type: 'beep' }, [0x1b, 0x42, 1, 1]],
    ['full cut after 4 lines', { type: 'cut' }, [0x1b, 0x64, 4, 0x1d, 0x56, 0x00, 0x1b, 0x40]],
    ['partial cut, no feed', { type: 'cut', data: { partial: true, feed: 0 } }, [0x1d, 0x56, 0x01, 0x1b, 0x40]],
    ['drawer pin 2 with pulse times', { type: 'drawer' }, [0x1b, 0x70, 0, 25, 250]],
    ['drawer pin 5', { type: 'drawer', data: { pin: 5 } }, [0x1b, 0x70, 1, 25, 250]],
  ])('%s', (_name, command, expected) => {
    expect(encode([command])).toEqual([...INIT, ...expected]);
  });

  it('draws a line across the paper: 48 columns on 80 mm, 32 on 58 mm', () => {
    expect(encode([{ type: 'line' }])).toEqual([...INIT, ...ascii('-'.repeat(48)), LF]);
    expect(encode([{ type: 'line', data: { char: '=', bold: true } }], { paperWidth: 58 })).toEqual([...INIT, 0x1b, 0x45, 0x01, ...ascii('='.repeat(32)), LF]);
  });

  it('re-states the modes after a cut, which resets the printer', () => {
    const bytes = encode([{ type: 'text', data: { text: 'A', bold: true } }, { type: 'cut', data: { feed: 0 } }, { type: 'text', data: { text: 'B', bold: true } }]);
    expect(bytes).toEqual([...INIT, 0x1b, 0x45, 1, 0x41, LF, 0x1d, 0x56, 0, 0x1b, 0x40, 0x1b, 0x45, 1, 0x42, LF]);
  });
});

describe('golden bytes: QR codes', () => {
  const qrBytes = (payload: number[], size = 6, level = 0x31): number[] => [
    0x1b, 0x61, 0x01,
    0x1d, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0x00,
    0x1d, 0x28, 0x6b, 3, 0, 0x31, 0x43, size,
    0x1d, 0x28, 0x6b, 3, 0, 0x31, 0x45, level,
    0x1d, 0x28, 0x6b, (payload.length + 3) & 0xff, (payload.length + 3) >> 8, 0x31, 0x50, 0x30, ...payload,
    0x1d, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30,
  ];

  it('sends model, size, level, data and print', () => {
    expect(encode([{ type: 'qr', data: { data: 'hola' } }])).toEqual([...INIT, ...qrBytes(ascii('hola'))]);
    expect(encode([{ type: 'qr', data: { data: 'x', size: 3, error_correction: 'H', align: 'center' } }])).toEqual([...INIT, ...qrBytes([0x78], 3, 0x33)]);
  });

  it('counts UTF-8 bytes in the store length (node-thermal-printer counts characters)', () => {
    const utf8 = [...new TextEncoder().encode('Año 5€')];
    expect(utf8).toHaveLength(9);
    expect(encode([{ type: 'qr', data: { data: 'Año 5€' } }])).toEqual([...INIT, ...qrBytes(utf8)]);
  });

  it('uses a two-byte length for data over 252 bytes', () => {
    const data = 'x'.repeat(300);
    const bytes = encode([{ type: 'qr', data: { data, error_correction: 'L', size: 3 } }]);
    const store = bytes.findIndex((byte, index) => byte === 0x50 && bytes[index - 1] === 0x31 && bytes[index + 1] === 0x30);
    expect(bytes.slice(store - 3, store - 1)).toEqual([303 & 0xff, 303 >> 8]);
  });

  it('fails with QR when the data cannot fit a QR code or the symbol not the paper', () => {
    expect(failure([{ type: 'qr', data: { data: 'x'.repeat(3000), error_correction: 'H' } }])).toBe('QR: commands[0].data.data is too long for a QR code at level H (3000 bytes)');
    expect(failure([{ type: 'qr', data: { data: 'x'.repeat(500), size: 16 } }])).toMatch(/^QR: commands\[0\]\.data\.size 16 makes the QR \d+ dots wide, the paper has 576 \(use \d+ or less\)$/);
  });
});

describe('golden bytes: barcodes', () => {
  const setup = (hri = 2, height = 80, width = 2): number[] => [0x1b, 0x61, 0x01, 0x1d, 0x48, hri, 0x1d, 0x66, 0, 0x1d, 0x68, height, 0x1d, 0x77, width];

  it.each([
    ['EAN13 with its check digit (sent without it)', { data: '4006381333931', symbology: 'EAN13' }, [67, 12, ...ascii('400638133393')]],
    ['EAN13 without the check digit', { data: '400638133393', symbology: 'EAN13' }, [67, 12, ...ascii('400638133393')]],
    ['EAN8', { data: '9638507', symbology: 'EAN8' }, [68, 7, ...ascii('9638507')]],
    ['UPC_A', { data: '03600029145', symbology: 'UPC_A' }, [65, 11, ...ascii('03600029145')]],
    ['CODE39', { data: 'ABC-12', symbology: 'CODE39' }, [69, 6, ...ascii('ABC-12')]],
    ['ITF', { data: '123456', symbology: 'ITF' }, [70, 6, ...ascii('123456')]],
    ['CODABAR framed with A', { data: '40156', symbology: 'CODABAR' }, [71, 7, ...ascii('A40156A')]],
    ['CODE128 text in code set B, { doubled', { data: 'T{1', symbology: 'CODE128' }, [73, 6, ...ascii('{BT{{1')]],
    ['CODE128 digits in code set C', { data: '00123456', symbology: 'CODE128' }, [73, 6, 0x7b, 0x43, 0, 12, 34, 56]],
  ])('%s', (_name, data, tail) => {
    // No line feed after the symbol: GS k ends at the start of a line, and LF would leave a blank line.
    expect(encode([{ type: 'barcode', data }])).toEqual([...INIT, ...setup(), 0x1d, 0x6b, ...tail]);
  });

  it('sends hri, height, width and alignment as given', () => {
    expect(encode([{ type: 'barcode', data: { data: 'A', symbology: 'CODE39', hri: 'both', height: 120, width: 3, align: 'left' } }])).toEqual([
      ...INIT, 0x1d, 0x48, 3, 0x1d, 0x66, 0, 0x1d, 0x68, 120, 0x1d, 0x77, 3, 0x1d, 0x6b, 69, 1, 0x41,
    ]);
  });

  it.each([
    ['a wrong EAN13 check digit', { data: '4006381333932', symbology: 'EAN13' }, 'BARCODE: commands[0].data.data has check digit 2, expected 1'],
    ['letters in an EAN13', { data: '40063813339A', symbology: 'EAN13' }, 'BARCODE: commands[0].data.data must be 12 digits, or 13 with the check digit'],
    ['a UPC_A of 10 digits', { data: '0360002914', symbology: 'UPC_A' }, 'BARCODE: commands[0].data.data must be 11 digits, or 12 with the check digit'],
    ['lowercase CODE39', { data: 'abc', symbology: 'CODE39' }, 'BARCODE: commands[0].data.data must be 0-9, A-Z, space and - . $ / + % for CODE39'],
    ['an odd ITF', { data: '12345', symbology: 'ITF' }, 'BARCODE: commands[0].data.data must be an even number of digits for ITF'],
    ['an accent in CODE128', { data: 'Año', symbology: 'CODE128' }, 'BARCODE: commands[0].data.data must be printable ASCII for CODE128'],
    ['a CODE128 wider than the paper', { data: 'X'.repeat(60), symbology: 'CODE128', width: 3 }, 'BARCODE: commands[0].data: the barcode is 2085 dots wide at width 3, the paper has 576'],
  ])('fails with BARCODE for %s', (_name, data, expected) => {
    expect(failure([{ type: 'barcode', data }])).toBe(expected);
  });
});

describe('golden bytes: tables', () => {
  it('fits the columns to the paper with one space between them, bold headers and a rule', () => {
    const bytes = encode([
      { type: 'table', data: { columns: [{ header: 'Art', width: 2 }, { header: 'Ud', align: 'right' }, { header: 'Total', align: 'right' }], rows: [['Café', 2, '3,00']] } },
    ], { paperWidth: 58 });
    // 32 columns: 30 for cells, shared 2:1:1 → 15, 8, 7.
    const header = ascii(`${'Art'.padEnd(15)} ${'Ud'.padStart(8)} ${'Total'.padStart(7)}`);
    const row = [...ascii('Caf'), 0x1b, 0x74, 0, 0x82, ...ascii(`${' '.repeat(11)} ${'2'.padStart(8)} ${'3,00'.padStart(7)}`)];
    expect(bytes).toEqual([...INIT, 0x1b, 0x45, 1, ...header, LF, 0x1b, 0x45, 0, ...ascii('-'.repeat(32)), LF, ...row, LF]);
  });

  it('wraps a long cell inside its column onto extra lines', () => {
    const bytes = encode([{ type: 'table', data: { columns: [{ width: 1 }, { width: 1 }], rows: [['uno dos tres cuatro cinco seis siete', 'x']] } }], { paperWidth: 58 });
    expect(String.fromCharCode(...bytes.slice(2)).split('\n')).toEqual(['uno dos tres     x', 'cuatro cinco', 'seis siete', '']);
  });

  it('fails with TABLE for a row with the wrong number of cells or more columns than fit', () => {
    expect(failure([{ type: 'table', data: { columns: [{}, {}], rows: [['a', 'b'], ['c']] } }])).toBe('TABLE: commands[0].data.rows[1] has 1 cells, expected 2');
    expect(failure([{ type: 'table', data: { columns: Array.from({ length: 30 }, () => ({})), rows: [] } }])).toBe('TABLE: commands[0].data.columns: 30 columns do not fit 48 characters');
  });
});

describe('encodeDocument: dialects', () => {
  it('treats any model but Star as ESC/POS; a StarPRNT model gets Star commands (its beep rings a Star buzzer, never ESC B)', () => {
    expect(encode([])).toEqual(INIT);
    const star = encodeDocument({ version: '1.0', profile: { model: 'Star TSP100' }, commands: [{ type: 'beep' }] }, { safeMode: true });
    expect([...star]).toEqual([...INIT, 0x1b, 0x1d, 0x19, 0x11, 2, 5, 5, 0x1b, 0x1d, 0x19, 0x12, 2, 1, 0]);
  });
});
