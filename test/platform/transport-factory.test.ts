import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSystemPrinterCatalog, createSystemPrinterDiscovery } from '../../src/main/platform/system-printers';
import { createTransportFactory } from '../../src/main/platform/transport-factory';
import type { UsbBackend } from '../../src/main/platform/usb/usb-backend';
import { loadWinspool } from '../../src/main/platform/winspool/load-winspool';
import { FakeSpooler, spoolerPrinter } from './winspool-fake';

describe('transport factory', () => {
  it('routes each URI scheme to its adapter', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')]);
    const usbLookups: string[] = [];
    const usb: UsbBackend = {
      getDevices: async () => {
        usbLookups.push('getDevices');
        return [];
      },
    };
    const virtualDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ticketera-virtual-'));
    const factory = createTransportFactory({ virtualDir, windows: { binding: async () => spooler }, usb: { backend: usb } });

    await factory('windows:POS-80').send({ id: 'w', bytes: Uint8Array.of(1, 2) });
    expect(spooler.documents.map((doc) => doc.bytes)).toEqual([Buffer.of(1, 2)]);

    await expect(factory('usb:0416:5011').send({ id: 'u', bytes: Uint8Array.of(1) })).rejects.toThrow('PRINTER: USB printer 0416:5011 is not connected');
    expect(usbLookups).toEqual(['getDevices']);

    await factory('virtual').send({ id: 'v', bytes: Uint8Array.of(9) });
    expect(await fs.readFile(path.join(virtualDir, 'v.bin'))).toEqual(Buffer.of(9));

    expect(factory('cups:POS').uri).toBe('cups:POS');
    expect(factory('tcp://10.0.0.5:9100').uri).toBe('tcp://10.0.0.5:9100');
    expect(() => factory('lpt1')).toThrow(/^PRINTER: unknown printer "lpt1"/);
    await fs.rm(virtualDir, { recursive: true, force: true });
  });

  it('loads the koffi spooler binding only on Windows', async () => {
    await expect(loadWinspool('linux')).rejects.toThrow('the Windows spooler exists only on Windows');
  });

  it('discovers through winspool on Windows and CUPS elsewhere', () => {
    expect(createSystemPrinterDiscovery({ platform: 'win32' }).map((source) => source.source)).toEqual(['winspool']);
    expect(createSystemPrinterDiscovery({ platform: 'linux' }).map((source) => source.source)).toEqual(['cups']);
    expect(createSystemPrinterDiscovery({ platform: 'darwin' }).map((source) => source.source)).toEqual(['cups']);
  });

  it('gives a hermetic catalog with no sources: only the virtual printer, where unrouted jobs go', async () => {
    const catalog = createSystemPrinterCatalog({ discovery: [] });
    expect((await catalog.list()).printers.map((printer) => printer.name)).toEqual(['Ticketera Virtual Printer']);
    expect(await catalog.resolve(undefined)).toBe('virtual');
  });
});
