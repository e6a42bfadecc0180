import { describe, expect, it } from 'vitest';
import { decodeAsb, decodeRealTime } from '../../src/main/services/printer-status/escpos-status-bits';
import { ReplyReader } from '../../src/main/services/printer-status/reply-reader';
import { alertsBetween } from '../../src/shared/printer-status/printer-alerts';
import { blockerOf, protocolStatusOf } from '../../src/shared/printer-status/live-status';
import { readyPrinter } from '../support/live-status';

/** The fixed bits of a DLE EOT answer (bits 1 and 4) plus the given ones. */
const rt = (...bits: number[]): number => bits.reduce((byte, bit) => byte | (1 << bit), 0x12);

describe('DLE EOT answers, bit by bit (Epson ESC/POS reference)', () => {
  it('n=1: drawer pin 3 and offline; the fixed bits alone mean nothing to report', () => {
    expect(decodeRealTime(1, 0x12)).toEqual({ drawerOpen: false, offline: false, unknownBits: [] });
    expect(decodeRealTime(1, rt(2))).toMatchObject({ drawerOpen: true, offline: false });
    expect(decodeRealTime(1, rt(3))).toMatchObject({ drawerOpen: false, offline: true });
  });

  it('n=2: cover open', () => {
    expect(decodeRealTime(2, rt(2))).toMatchObject({ coverOpen: true });
    expect(decodeRealTime(2, rt(3, 5, 6))).toMatchObject({ coverOpen: false, unknownBits: [] });
  });

  it('n=3: cutter, unrecoverable and auto-recoverable errors; bit 2 (model-specific) is kept as unknown, not guessed', () => {
    expect(decodeRealTime(3, rt(3)).faults).toEqual(['cutter']);
    expect(decodeRealTime(3, rt(5)).faults).toEqual(['unrecoverable']);
    expect(decodeRealTime(3, rt(6)).faults).toEqual(['auto-recoverable']);
    expect(decodeRealTime(3, rt(2))).toEqual({ faults: [], unknownBits: [{ source: 'DLE EOT 3', bits: 0x04 }] });
  });

  it('n=4: paper near end (bits 2–3) and paper end (bits 5–6)', () => {
    expect(decodeRealTime(4, 0x12).paper).toBe('ok');
    expect(decodeRealTime(4, rt(2, 3)).paper).toBe('near-end');
    expect(decodeRealTime(4, rt(5, 6)).paper).toBe('out');
    expect(decodeRealTime(4, rt(2, 3, 5, 6)).paper).toBe('out');
  });
});

describe('Automatic Status Back blocks', () => {
  it('maps every defined bit of the four bytes and keeps the undefined ones', () => {
    expect(decodeAsb([0x10, 0, 0, 0])).toEqual({ drawerOpen: false, offline: false, coverOpen: false, faults: [], paper: 'ok', unknownBits: [] });
    expect(decodeAsb([0x10 | 0x04 | 0x08 | 0x20, 0, 0, 0])).toMatchObject({ drawerOpen: true, offline: true, coverOpen: true });
    expect(decodeAsb([0x10, 0x04 | 0x08 | 0x20 | 0x40, 0, 0]).faults).toEqual(['mechanical', 'cutter', 'unrecoverable', 'auto-recoverable']);
    expect(decodeAsb([0x10, 0, 0x03, 0]).paper).toBe('near-end');
    expect(decodeAsb([0x10, 0, 0x0f, 0]).paper).toBe('out');
    expect(decodeAsb([0x10, 0x01, 0x20, 0x05]).unknownBits).toEqual([
      { source: 'ASB byte 2', bits: 0x01 },
      { source: 'ASB byte 3', bits: 0x20 },
      { source: 'ASB byte 4', bits: 0x05 },
    ]);
  });
});

describe('what a printer sends back, split into answers', () => {
  it('tells real-time bytes from ASB blocks and process ID responses, even across chunks', () => {
    const reader = new ReplyReader();
    // A process ID response whose digits ("0x30…0x39") would look like ASB first bytes, cut in the middle.
    expect(reader.push(Uint8Array.from([0x16, 0x37, 0x22, 0x30]))).toEqual([{ kind: 'real-time', byte: 0x16 }]);
    expect(reader.push(Uint8Array.from([0x31, 0x32, 0x33, 0x00, 0x10, 0x00]))).toEqual([{ kind: 'process-id', id: '0123' }]);
    expect(reader.push(Uint8Array.from([0x0f, 0x00, 0x12]))).toEqual([
      { kind: 'asb', bytes: [0x10, 0x00, 0x0f, 0x00] },
      { kind: 'real-time', byte: 0x12 },
    ]);
    expect(reader.push(Uint8Array.from([0x37, 0x25, 0x00, 0xff]))).toEqual([{ kind: 'buffers-cleared' }, { kind: 'other', byte: 0xff }]);
  });
});

const base = readyPrinter('tcp://printer:9100');

describe('printer state in the protocol and the alerts', () => {
  it('is ready only when the printer answered with nothing wrong; silent is offline; paper out or cover open is error', () => {
    expect(protocolStatusOf(base)).toBe('ready');
    expect(protocolStatusOf({ ...base, paper: 'near-end' })).toBe('ready');
    expect(protocolStatusOf({ ...base, link: 'silent' })).toBe('offline');
    expect(protocolStatusOf({ ...base, link: 'unknown' })).toBe('unknown');
    expect(protocolStatusOf({ ...base, paper: 'out', offline: true })).toBe('error');
    expect(blockerOf({ ...base, coverOpen: true })).toBe('cover-open');
  });

  it('reports each change once: paper low, out, back; cover; drawer; offline and back', () => {
    expect(alertsBetween(base, { ...base, paper: 'near-end' })).toEqual(['paper-near-end']);
    expect(alertsBetween({ ...base, paper: 'near-end' }, { ...base, paper: 'out' })).toEqual(['paper-out']);
    expect(alertsBetween({ ...base, paper: 'out' }, base)).toEqual(['paper-back']);
    expect(alertsBetween(base, { ...base, coverOpen: true, drawerOpen: true })).toEqual(['cover-open', 'drawer-opened']);
    expect(alertsBetween(base, { ...base, link: 'silent' })).toEqual(['offline']);
    expect(alertsBetween({ ...base, link: 'silent' }, base)).toEqual(['back-online']);
    expect(alertsBetween(base, { ...base, answeredAt: 2 })).toEqual([]);
  });
});
