import { describe, expect, it } from 'vitest';
import { safeModeProblem } from '../../src/main/services/encoding/safe-mode';
import { ascii, encode, failure, INIT } from './encode-helpers';

const hex = (text: string): Uint8Array => Uint8Array.from((text.replace(/\s/g, '').match(/../g) ?? []).map((pair) => parseInt(pair, 16)));

describe('raw commands', () => {
  it('passes hex and base64 bytes through, then re-states every mode before the next text', () => {
    const restate = [0x1b, 0x61, 0, 0x1b, 0x45, 0, 0x1b, 0x2d, 0, 0x1d, 0x42, 0, 0x1b, 0x4d, 0, 0x1d, 0x21, 0, 0x1b, 0x74, 0];
    expect(encode([{ type: 'raw', data: { hex: '1B 45 01:0A' } }, { type: 'text', data: { text: 'A' } }])).toEqual([...INIT, 0x1b, 0x45, 0x01, 0x0a, ...restate, 0x41, 0x0a]);
    expect(encode([{ type: 'raw', data: { base64: Buffer.from([0x1b, 0x61, 0x01]).toString('base64') } }])).toEqual([...INIT, 0x1b, 0x61, 0x01]);
  });

  it('the seed example: raw blocked by safe mode fails with RAW', () => {
    expect(failure([{ type: 'raw', data: { hex: '1D 28 45 03 00 06 01 00' } }])).toBe(
      "RAW: commands[0].data: safe mode refuses GS ( E at byte 0 (1D 28 45 03 00 06 01 00): it writes the printer's stored memory or settings",
    );
  });

  it('refuses unknown bytes in safe mode and lets everything through with safe mode off', () => {
    expect(failure([{ type: 'text', data: { text: 'x' } }, { type: 'raw', data: { hex: '0A 1B 7A 01' } }])).toBe(
      'RAW: commands[1].data: safe mode refuses ESC z at byte 1 (1B 7A 01): it is not a command safe mode knows',
    );
    expect(encode([{ type: 'raw', data: { hex: '1B7A01' } }], { safeMode: false })).toEqual([...INIT, 0x1b, 0x7a, 0x01]);
  });

  it('fails with RAW for base64 that is not base64', () => {
    expect(failure([{ type: 'raw', data: { base64: '@@@' } }])).toBe('RAW: commands[0].data.base64 is not valid base64');
  });
});

describe('safe mode', () => {
  it.each([
    ['GS ( E user setup (memory switches)', '1D 28 45 04 00 03 01 31 32'],
    ['GS ( M save settings', '1D 28 4D 02 00 01 31'],
    ['GS ( C NV user memory', '1D 28 43 05 00 00 30 00 00 00'],
    ['FS q define NV bit image', '1C 71 01 01 00 01 00 FF FF FF FF FF FF FF FF'],
    ['FS g 1 write NV user memory', '1C 67 31 00 00 00 00 00 01 00 41'],
    ['GS ( L define NV graphics (fn 67)', '1D 28 4C 06 00 30 43 30 20 20 01'],
    ['GS ( L delete all NV graphics (fn 65)', '1D 28 4C 05 00 30 41 43 4C 52'],
    ['GS 8 L define NV graphics', '1D 38 4C 03 00 00 00 30 43 30'],
    ['GS g 0 reset a maintenance counter', '1D 67 30 00 14 00'],
    // Download graphics live in RAM, but ESC @ does not clear them: the next job printing key "  " would get these.
    ['GS ( L define download graphics (fn 83), kept after the job', '1D 28 4C 06 00 30 53 30 20 20 01'],
    ['GS ( L delete all download graphics (fn 81)', '1D 28 4C 05 00 30 51 43 4C 52'],
  ])('refuses %s as stored', (_name, bytes) => {
    expect(safeModeProblem(hex(bytes))).toMatch(/^safe mode refuses .* it writes the printer's stored memory or settings$/);
  });

  it.each([
    ['an unknown ESC command', '1B 7A 00', 'ESC z at byte 0 (1B 7A 00): it is not a command safe mode knows'],
    ['an unknown GS ( function', '1D 28 5A 02 00 00 00', 'GS ( Z at byte 0 (1D 28 5A 02 00 00 00): it is not a command safe mode knows'],
    ['an FS ( function', '1C 28 41 02 00 30 30', 'FS ( A at byte 0 (1C 28 41 02 00 30 30): it is not a command safe mode knows'],
    ['a stray control byte', '07', 'BEL at byte 0 (07): it is not a command safe mode knows'],
    ['a NUL byte', '00', 'NUL at byte 0 (00): it is not a command safe mode knows'],
    ['a command cut short', '1B 61', 'ESC a at byte 0 (1B 61): it is cut short at the end of the data (only 2 of its bytes are there)'],
    [
      'a raster image with missing data',
      '1D 76 30 00 02 00 02 00 FF',
      'GS v 0 at byte 0 (1D 76 30 00 02 00 02 00): it is cut short at the end of the data (it needs 12 bytes, only 9 are there)',
    ],
  ])('refuses %s, naming it', (_name, bytes, refusal) => {
    expect(safeModeProblem(hex(bytes))).toBe(`safe mode refuses ${refusal}`);
  });

  it.each([
    ['text and line feeds', Uint8Array.from([...ascii('Hola'), 0x0a])],
    ['text modes', hex('1B 45 01 1B 2D 02 1D 42 01 1B 4D 01 1D 21 11 1B 61 01 1B 21 08')],
    ['code page, line spacing, feeds', hex('1B 74 13 1B 33 40 1B 32 1B 64 03 1B 4A 10')],
    ['a raster image', hex('1D 76 30 00 01 00 02 00 FF 00')],
    ['a QR code', hex('1D 28 6B 04 00 31 41 32 00 1D 28 6B 04 00 31 50 30 41 1D 28 6B 03 00 31 51 30')],
    ['a barcode, function A and B', hex('1D 6B 04 41 42 00 1D 6B 49 03 7B 42 41')],
    ['cut, drawer, beep, init', hex('1D 56 00 1D 56 42 03 1B 70 00 19 FA 1B 42 01 01 1B 40')],
    ['a buffered graphic: GS ( L fn 112, then fn 50 prints it', hex('1D 28 4C 0C 00 30 70 30 01 01 31 10 00 01 00 FF FF 1D 28 4C 02 00 30 32')],
    ['status requests', hex('10 04 01 1D 72 01 1D 49 01')],
  ])('lets %s through', (_name, bytes) => {
    expect(safeModeProblem(bytes)).toBeUndefined();
  });
});
