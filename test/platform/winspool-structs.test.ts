import koffi, { type TypeObject } from 'koffi';
import { describe, expect, it } from 'vitest';
import { DOC_INFO_1W, PRINTER_INFO_2W, PRINTER_INFO_4W, decodePrinterInfo2, decodePrinterInfo4 } from '../../src/main/platform/winspool/winspool-structs';
import { WINSPOOL_PROTOTYPES } from '../../src/main/platform/winspool/winspool-prototypes';

// The layouts are the same on every 64-bit OS, so Linux CI checks what Windows will read.
describe.runIf(process.arch === 'x64' || process.arch === 'arm64')('winspool struct layouts (64-bit)', () => {
  it('PRINTER_INFO_2W is 136 bytes: 13 pointers, then 8 DWORDs', () => {
    expect(koffi.sizeof(PRINTER_INFO_2W)).toBe(136);
    expect(koffi.offsetof(PRINTER_INFO_2W, 'pPrinterName')).toBe(8);
    expect(koffi.offsetof(PRINTER_INFO_2W, 'pPortName')).toBe(24);
    expect(koffi.offsetof(PRINTER_INFO_2W, 'pDriverName')).toBe(32);
    expect(koffi.offsetof(PRINTER_INFO_2W, 'pSecurityDescriptor')).toBe(96);
    expect(koffi.offsetof(PRINTER_INFO_2W, 'Attributes')).toBe(104);
    expect(koffi.offsetof(PRINTER_INFO_2W, 'Status')).toBe(124);
    expect(koffi.offsetof(PRINTER_INFO_2W, 'cJobs')).toBe(128);
  });

  it('PRINTER_INFO_4W is 24 bytes: 2 pointers, then a DWORD padded to 8', () => {
    expect(koffi.sizeof(PRINTER_INFO_4W)).toBe(24);
    expect(koffi.offsetof(PRINTER_INFO_4W, 'pServerName')).toBe(8);
    expect(koffi.offsetof(PRINTER_INFO_4W, 'Attributes')).toBe(16);
  });

  it('decodes an EnumPrintersW level-4 buffer', () => {
    const strings = Buffer.from('POS-80\0\\\\SHOP\0', 'utf16le');
    const base = koffi.address(strings);
    const records = Buffer.alloc(24 * 2);
    records.writeBigUInt64LE(base, 0);
    records.writeUInt32LE(0x400, 16);
    records.writeBigUInt64LE(base, 24);
    records.writeBigUInt64LE(base + 14n, 32);
    expect(decodePrinterInfo4(records, 2)).toEqual([
      { pPrinterName: 'POS-80', pServerName: null, Attributes: 0x400 },
      { pPrinterName: 'POS-80', pServerName: '\\\\SHOP', Attributes: 0 },
    ]);
    expect(strings.length).toBeGreaterThan(0);
  });

  it('DOC_INFO_1W is three string pointers', () => {
    expect(koffi.sizeof(DOC_INFO_1W)).toBe(24);
    expect(koffi.offsetof(DOC_INFO_1W, 'pDatatype')).toBe(16);
  });

  it('decodes an EnumPrintersW-style buffer: records whose strings point into memory after them', () => {
    const strings = Buffer.from('POS-80\0USB001\0POS-80 Driver\0', 'utf16le');
    const base = koffi.address(strings);
    const records = Buffer.alloc(136 * 2);
    records.writeBigUInt64LE(base, 8);
    records.writeBigUInt64LE(base + 14n, 24);
    records.writeBigUInt64LE(base + 28n, 32);
    records.writeUInt32LE(0x400, 104);
    records.writeUInt32LE(0x80, 124);
    records.writeUInt32LE(2, 128);
    records.writeBigUInt64LE(base, 136 + 8);
    const [first, second] = decodePrinterInfo2(records, 2);
    expect(first).toMatchObject({ pPrinterName: 'POS-80', pPortName: 'USB001', pDriverName: 'POS-80 Driver', Attributes: 0x400, Status: 0x80, cJobs: 2 });
    expect(second).toMatchObject({ pPrinterName: 'POS-80', pPortName: null, Status: 0 });
    // Keep the string memory alive until the decode above is done.
    expect(strings.length).toBeGreaterThan(0);
  });
});

describe('winspool prototypes', () => {
  // koffi registers each named prototype once per process: parse them all a single time.
  const parsed = new Map(Object.entries(WINSPOOL_PROTOTYPES).map(([name, prototype]) => [name, koffi.proto(prototype)]));

  it.each(Object.keys(WINSPOOL_PROTOTYPES))('%s parses as a koffi function type returning a 4-byte BOOL/DWORD', (name) => {
    const type = parsed.get(name);
    expect(type?.proto?.name).toBe(name);
    // Win32 BOOL is 4 bytes: a 1-byte C bool return would read garbage in the upper bytes.
    expect(type?.proto?.result.size).toBe(4);
  });

  it('passes the document info struct by pointer, the job bytes by address, and reads out-parameters back', () => {
    const startDoc = argumentsOf('StartDocPrinterW');
    expect(startDoc[2]?.type.ref?.name).toBe(DOC_INFO_1W.name);
    expect(argumentsOf('WritePrinter').map((argument) => [argument.type.size, argument.direction])).toEqual([
      [8, 'Input'],
      [8, 'Input'],
      [4, 'Input'],
      [8, 'Output'],
    ]);
    expect(argumentsOf('OpenPrinterW')[1]?.direction).toBe('Output');
    expect(argumentsOf('EnumPrintersW').filter((argument) => argument.direction === 'Output')).toHaveLength(2);
  });

  // koffi 3 describes arguments as { type, direction } (its .d.ts still says TypeObject[]).
  function argumentsOf(name: string): Array<{ type: TypeObject; direction: string }> {
    return (parsed.get(name)?.proto?.arguments ?? []) as unknown as Array<{ type: TypeObject; direction: string }>;
  }
});
