import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/shared/escpos/parse-escpos';
import { encode, failure, INIT } from './encode-helpers';

/**
 * The safe-mode bypass of the issue and its relatives: bytes a lenient parser took for the data of a malformed
 * command, which a printer ignoring that command runs as commands. Each fails the job with the exact RAW text.
 */

const raw = (hex: string): { type: 'raw'; data: { hex: string } } => ({ type: 'raw', data: { hex } });
const GS_PAREN_E = '1D 28 45 03 00 06 01 00';
const zeros = (count: number): string => Array.from({ length: count }, () => '00').join(' ');

describe('the issue: ESC * with parameters out of range hiding GS ( E', () => {
  it('refuses ESC * with m = 2, whose "image data" a printer runs as commands', () => {
    expect(failure([raw(`1B 2A 02 08 00 ${GS_PAREN_E}`)])).toBe(
      'RAW: commands[0].data: safe mode refuses ESC * at byte 0 (1B 2A 02 08 00 1D 28 45): parameter m = 2 is out of range (0, 1, 32, 33)',
    );
  });

  it('refuses ESC * with nH out of range even when the data it claims is all there', () => {
    // 1024 columns: 8 bytes of GS ( E and 1016 of padding. The old parser skipped all of them as image data.
    expect(failure([{ type: 'text', data: { text: 'Hola' } }, raw(`0A 1B 2A 00 00 04 ${GS_PAREN_E} ${zeros(1016)}`)])).toBe(
      'RAW: commands[1].data: safe mode refuses ESC * at byte 1 (1B 2A 00 00 04 1D 28 45): parameter nH = 4 is out of range (0–3)',
    );
  });

  it('and the preview, like the printer, now reads the GS ( E after ESC * m = 2 or ESC D 8 4 as a command of its own', () => {
    const bytes = Uint8Array.from(Buffer.from(`1B2A020800${GS_PAREN_E.replace(/ /g, '')}`, 'hex'));
    expect([...tokenize(bytes)].map(({ name, start }) => `${start}:${name}`)).toEqual(['0:ESC *', '3:?', '4:?', '5:GS ( E']);
    // Likewise ESC D ends at a tab stop that is not after the one before.
    const tabs = Uint8Array.from(Buffer.from(`1B440804${GS_PAREN_E.replace(/ /g, '')}`, 'hex'));
    expect([...tokenize(tabs)].map(({ name, start }) => `${start}:${name}`)).toEqual(['0:ESC D', '3:?', '4:GS ( E']);
  });

  it('lets the same bytes through untouched with safe mode off (the documented escape hatch)', () => {
    expect(encode([raw(`1B 2A 02 08 00 ${GS_PAREN_E}`)], { safeMode: false })).toEqual([...INIT, 0x1b, 0x2a, 0x02, 0x08, 0x00, 0x1d, 0x28, 0x45, 0x03, 0x00, 0x06, 0x01, 0x00]);
  });
});

describe('the issue: power-off and self-test', () => {
  it('refuses DLE DC4 2 (power off)', () => {
    expect(failure([raw('10 14 02 01 08')])).toBe('RAW: commands[0].data: safe mode refuses DLE DC4 2 at byte 0 (10 14 02 01 08): it turns the printer off');
  });

  it('refuses GS ( A (self-test print)', () => {
    expect(failure([raw('1B 40 1D 28 41 02 00 00 02')])).toBe(
      "RAW: commands[0].data: safe mode refuses GS ( A at byte 2 (1D 28 41 02 00 00 02): it runs the printer's self-test",
    );
  });

  it('refuses DLE DC4 8 (clear buffers) and GS ( D turning power-off on', () => {
    expect(failure([raw('10 14 08 01 03 14 01 06 02 08')])).toBe(
      "RAW: commands[0].data: safe mode refuses DLE DC4 8 at byte 0 (10 14 08 01 03 14 01 06): it clears the printer's buffers, dropping what was sent before it",
    );
    expect(failure([raw('1D 28 44 03 00 14 02 01')])).toBe(
      'RAW: commands[0].data: safe mode refuses GS ( D at byte 0 (1D 28 44 03 00 14 02 01): it enables the real-time power-off command (DLE DC4 2)',
    );
  });
});

describe('other commands a lenient parser would skip by guesswork', () => {
  it.each([
    [
      // A printer ends the tab list at the first stop not after the one before: GS ( E runs.
      'ESC D with tab stops out of order',
      `1B 44 08 04 ${GS_PAREN_E} 00`,
      'ESC D at byte 0 (1B 44 08 04 1D 28 45 03): parameter n2 = 4 is out of range (9–255)',
    ],
    ['a GS k function A barcode holding GS ( E before its NUL', `1D 6B 04 41 ${GS_PAREN_E} 00`, 'GS k at byte 0 (1D 6B 04 41 1D 28 45 03): parameter d2 = 29 is out of range (48–57, 65–90, 32, 36, 37, 42, 43, 45, 46, 47)'],
    ['a GS k function B barcode whose length swallows GS ( E', `1D 6B 45 09 41 ${GS_PAREN_E}`, 'GS k at byte 0 (1D 6B 45 09 41 1D 28 45): parameter d2 = 29 is out of range (48–57, 65–90, 32, 36, 37, 42, 43, 45, 46, 47)'],
    ['a QR print with a length that swallows GS ( E', `1D 28 6B 0B 00 31 51 30 ${GS_PAREN_E}`, 'GS ( k at byte 0 (1D 28 6B 0B 00 31 51 30): parameter pL + pH × 256 = 11 is out of range (3)'],
    [
      'a GS ( L raster whose length field is longer than its image',
      `1D 28 4C 13 00 30 70 30 01 01 31 08 00 01 00 FF ${GS_PAREN_E}`,
      'GS ( L at byte 0 (1D 28 4C 13 00 30 70 30): parameter pL + pH × 256 = 19 is out of range (11)',
    ],
    ['ESC & defining a character wider than the font', `1B 26 03 41 41 0D ${GS_PAREN_E}`, 'ESC & at byte 0 (1B 26 03 41 41 0D 1D 28): parameter x (character 65) = 13 is out of range (0–12)'],
    ['GS * wider than the printer takes', `1D 2A 40 30 ${GS_PAREN_E}`, 'GS * at byte 0 (1D 2A 40 30 1D 28 45 03): parameter x × y = 3072 is out of range (1–1536)'],
  ])('refuses %s', (_name, hex, refusal) => {
    expect(failure([raw(hex)])).toBe(`RAW: commands[0].data: safe mode refuses ${refusal}`);
  });

  it('refuses a command cut short by the end of the raw data, even when the next command would complete it', () => {
    expect(failure([raw('1B 2A 00 10 00 FF FF'), raw('FF FF')])).toBe(
      'RAW: commands[0].data: safe mode refuses ESC * at byte 0 (1B 2A 00 10 00 FF FF): it is cut short at the end of the data (it needs 21 bytes, only 7 are there)',
    );
  });
});

describe('real-time commands inside data', () => {
  it('refuses DLE DC4 2 inside raster data: the printer runs real-time commands even there', () => {
    expect(failure([raw('1D 76 30 00 02 00 04 00 FF FF 00 10 14 02 01 08 FF FF')])).toBe(
      'RAW: commands[0].data: safe mode refuses DLE DC4 2 at byte 11 (10 14 02 01 08): it turns the printer off, and the printer runs this real-time command even inside the data of GS v 0 at byte 0',
    );
  });

  it('refuses a drawer pulse spelled by CODE128 code set C digits', () => {
    expect(failure([raw('1D 6B 49 07 7B 43 10 14 01 00 05')])).toBe(
      'RAW: commands[0].data: safe mode refuses DLE DC4 1 at byte 6 (10 14 01 00 05): it pulses the cash drawer, and the printer runs this real-time command even inside the data of GS k at byte 0',
    );
  });

  it('passes the same image once the sequence is broken, and a drawer pulse sent as a command', () => {
    expect(encode([raw('1D 76 30 00 02 00 04 00 FF FF 00 10 14 03 01 08 FF FF 10 14 01 00 05')])).toHaveLength(2 + 23);
  });
});
