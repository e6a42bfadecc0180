import { describe, expect, it } from 'vitest';
import { decodeStarAsb } from '../../src/main/services/printer-status/star-status-bits';
import { starStatusHex } from '../../src/main/services/webprnt/star-status';
import type { PrinterLiveStatus } from '../../src/shared/printer-status/live-status';

const live = (change: Partial<PrinterLiveStatus>): PrinterLiveStatus => ({
  uri: 'tcp://127.0.0.1:9100',
  link: 'answering',
  offline: false,
  coverOpen: false,
  paper: 'ok',
  drawerOpen: false,
  faults: [],
  unknownBits: [],
  answeredAt: 0,
  confirmsOnPaper: false,
  ...change,
});

const bytesOf = (hex: string): number[] => hex.match(/../g)!.map((pair) => parseInt(pair, 16));

describe("WebPRNT's status bytes", () => {
  it("are Star's idle example when all is well", () => {
    expect(starStatusHex(live({}), undefined)).toBe('2386000000000000000000');
  });

  it('say what the printer said, in the layout the service itself reads from Star printers', () => {
    const said = live({ offline: true, coverOpen: true, paper: 'out', drawerOpen: true, faults: ['cutter', 'mechanical', 'unrecoverable', 'head-temperature'] });
    const block = bytesOf(starStatusHex(said, undefined)).slice(0, 9);
    expect(decodeStarAsb(block)).toMatchObject({ offline: true, coverOpen: true, paper: 'out', drawerOpen: true, unknownBits: [] });
    expect([...(decodeStarAsb(block).faults ?? [])].sort()).toEqual(['cutter', 'head-temperature', 'mechanical', 'unrecoverable']);
    expect(decodeStarAsb(bytesOf(starStatusHex(live({ paper: 'near-end' }), undefined)).slice(0, 9))).toMatchObject({ paper: 'near-end', offline: false });
  });

  it('show a printer that does not answer as offline', () => {
    expect(decodeStarAsb(bytesOf(starStatusHex(live({ link: 'silent' }), undefined)).slice(0, 9)).offline).toBe(true);
  });
});
