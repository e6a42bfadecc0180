import { describe, expect, it } from 'vitest';
import { StarReplyReader } from '../../src/main/services/printer-status/star-reply-reader';
import { decodeStarAsb, starAsbLength } from '../../src/main/services/printer-status/star-status-bits';

/** A 9-byte ASB block (Header-1 23h, version 3) with the given printer status bytes 1–7. */
const block = (...status: number[]): number[] => [0x23, 0x06, ...Array.from({ length: 7 }, (_, index) => status[index] ?? 0)];

describe('Star ASB header (STAR Line Mode Command Specifications, Appendix 2)', () => {
  it('Header-1 gives the whole block length by bits 1–3 and 5, as the manual’s table lists it', () => {
    const table: Array<[number, number]> = [
      [0x0f, 7], [0x21, 8], [0x23, 9], [0x25, 10], [0x27, 11], [0x29, 12], [0x2b, 13], [0x2d, 14], [0x2f, 15],
    ];
    for (const [header, length] of table) expect(starAsbLength(header)).toBe(length);
  });
});

describe('Star ASB status bytes, bit by bit', () => {
  it('Star’s own example "23 86 00 00 00 00 00 00 00 00 00" (CloudPRNT cputil) is a ready printer', () => {
    const reader = new StarReplyReader();
    const [reply, ...rest] = reader.push(Uint8Array.from([0x23, 0x86, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(rest).toEqual([]);
    expect(reply).toEqual({ kind: 'star-asb', bytes: [0x23, 0x86, 0, 0, 0, 0, 0, 0, 0] });
    expect(decodeStarAsb(reply?.kind === 'star-asb' ? reply.bytes : [])).toEqual({
      drawerOpen: false,
      offline: false,
      coverOpen: false,
      faults: [],
      paper: 'ok',
      unknownBits: [],
    });
  });

  it('printer status 1: compulsion switch, offline, cover open, offline by switch input', () => {
    expect(decodeStarAsb(block(0x04))).toMatchObject({ drawerOpen: true, offline: false, coverOpen: false });
    expect(decodeStarAsb(block(0x08))).toMatchObject({ drawerOpen: false, offline: true });
    expect(decodeStarAsb(block(0x28))).toMatchObject({ offline: true, coverOpen: true });
    expect(decodeStarAsb(block(0x40))).toMatchObject({ offline: true, unknownBits: [] });
    // Bit 1 (ETB executed) is defined and says nothing about the printer's state.
    expect(decodeStarAsb(block(0x02))).toMatchObject({ offline: false, unknownBits: [] });
  });

  it('printer status 2: mechanical, auto-cutter, non-recoverable and head-temperature errors', () => {
    expect(decodeStarAsb(block(0, 0x04)).faults).toEqual(['mechanical']);
    expect(decodeStarAsb(block(0, 0x08)).faults).toEqual(['cutter']);
    expect(decodeStarAsb(block(0, 0x20)).faults).toEqual(['unrecoverable']);
    expect(decodeStarAsb(block(0, 0x40)).faults).toEqual(['head-temperature']);
  });

  it('printer status 4: paper near-end (inner or outer sensor) and paper end', () => {
    expect(decodeStarAsb(block(0, 0, 0, 0x04)).paper).toBe('near-end');
    expect(decodeStarAsb(block(0, 0, 0, 0x02)).paper).toBe('near-end');
    expect(decodeStarAsb(block(0x08, 0, 0, 0x0c))).toMatchObject({ paper: 'out', offline: true });
    // Black mark sensor reading and the ETB counter are defined, not problems.
    expect(decodeStarAsb(block(0, 0, 0, 0x20, 0, 0x6e)).unknownBits).toEqual([]);
  });

  it('keeps model-specific bits (head up, presenter, slip sensors) as unknown instead of guessing', () => {
    expect(decodeStarAsb(block(0, 0x02, 0x0e, 0, 0x26, 0, 0x0e)).unknownBits).toEqual([
      { source: 'Star status byte 4', bits: 0x02 },
      { source: 'Star status byte 5', bits: 0x0e },
      { source: 'Star status byte 7', bits: 0x26 },
      { source: 'Star status byte 9', bits: 0x0e },
    ]);
    // A shorter (7-byte, version 1) block reads the same for what it has.
    expect(decodeStarAsb([0x0f, 0x02, 0x20, 0, 0, 0x08, 0])).toMatchObject({ coverOpen: true, paper: 'out' });
  });
});

describe('what a Star printer sends back, split into ASB blocks', () => {
  it('waits for a block cut by a TCP read, consumes the Ethernet Length field, and passes stray bytes on alone', () => {
    const reader = new StarReplyReader();
    expect(reader.push(Uint8Array.from([0x0a, 0x23, 0x86, 0x08]))).toEqual([{ kind: 'other', byte: 0x0a }]);
    expect(reader.push(Uint8Array.from([0, 0, 0x0c, 0, 0, 0, 0]))).toEqual([]);
    expect(reader.push(Uint8Array.from([0x00, 0x23, 0x06, 0, 0, 0, 0, 0, 0, 0]))).toEqual([
      { kind: 'star-asb', bytes: [0x23, 0x86, 0x08, 0, 0, 0x0c, 0, 0, 0] },
      { kind: 'star-asb', bytes: [0x23, 0x06, 0, 0, 0, 0, 0, 0, 0] },
    ]);
    // Other status data announced by the Length field belongs to the block and is not read as another one.
    expect(reader.push(Uint8Array.from([0x23, 0x86, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x02, 0x23, 0x86, 0x41]))).toEqual([
      { kind: 'star-asb', bytes: [0x23, 0x86, 0, 0, 0, 0, 0, 0, 0] },
      { kind: 'other', byte: 0x41 },
    ]);
  });

  it('does not take a header whose following bytes break the fixed bits for a block', () => {
    const reader = new StarReplyReader();
    expect(reader.push(Uint8Array.from([0x23, 0x06, 0x80, 0, 0, 0, 0, 0, 0])).slice(0, 1)).toEqual([{ kind: 'other', byte: 0x23 }]);
  });
});
