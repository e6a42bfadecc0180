import { describe, expect, it } from 'vitest';
import { failure } from './encode-helpers';
import { encodeFor, failureFor } from './profile-helpers';

/** Raw Star commands (`language: "star"`): through the Star allow-list on Star printers, refused on ESC/POS ones. */
const starBytes = (bytes: number[]): unknown => ({ type: 'raw', data: { hex: Buffer.from(bytes).toString('hex'), language: 'star' } });

describe('raw Star commands', () => {
  it('pass as sent on a Star printer, and the text after them states its style again', () => {
    const bytes = encodeFor('star-tsp650', [starBytes([0x1b, 0x45, 0x41, 0x0a, 0x1b, 0x64, 0x03]), { type: 'text', data: { text: 'B' } }]);
    expect(bytes.slice(2, 9)).toEqual([0x1b, 0x45, 0x41, 0x0a, 0x1b, 0x64, 0x03]);
    // Alignment (ESC GS a 0) and bold off (ESC F) are sent again: the writer no longer knows what the raw bytes left on.
    expect(bytes.slice(9, 15)).toEqual([0x1b, 0x1d, 0x61, 0x00, 0x1b, 0x46]);
  });

  it('a memory switch write is refused on a Star printer, naming it', () => {
    expect(failureFor('star-tsp650', [starBytes([0x1b, 0x1d, 0x23, 0x57, 0x30, 0x30, 0x30, 0x30, 0x30, 0x0a, 0x00])])).toBe(
      "RAW: commands[0].data: safe mode refuses ESC GS # at byte 0 (1B 1D 23): it writes the printer's memory switches",
    );
  });

  it('are refused on an ESC/POS printer, and raw bytes need one of base64 or hex', () => {
    expect(failure([starBytes([0x1b, 0x64, 0x03])])).toMatch(/^RAW: commands\[0\]\.data: these bytes are Star commands and the .* prints ESC\/POS; nothing was sent$/);
    expect(failure([{ type: 'raw', data: { hex: '1b', base64: 'Gw==', language: 'star' } }])).toBe('RAW: commands[0].data must have exactly one of base64, hex');
  });
});
