import { describe, expect, it } from 'vitest';
import { JobError } from '../../src/shared/job-error';
import type { DiscoveredPrinter, PrinterDiscovery } from '../../src/main/services/printers/printer-discovery';
import { createPrinterCatalog } from '../../src/main/services/printers/system-printer-catalog';

const VIRTUAL = 'Ticketera Virtual Printer';

const found = (name: string, overrides: Partial<DiscoveredPrinter> = {}): DiscoveredPrinter => ({
  name,
  uri: `windows:${name}`,
  port: 'USB001',
  driver: name,
  status: 'ready',
  isDefault: false,
  ...overrides,
});

/** A discovery whose answer the test changes between calls, counting how often it was asked. */
function fakeDiscovery(initial: DiscoveredPrinter[]): PrinterDiscovery & { printers: DiscoveredPrinter[]; calls: number } {
  const source = {
    source: 'fake',
    printers: initial,
    calls: 0,
    async discover() {
      source.calls += 1;
      return source.printers;
    },
  };
  return source;
}

const failing: PrinterDiscovery = {
  source: 'cups',
  discover: () => Promise.reject(new Error('the CUPS scheduler is not running')),
};

describe('printer catalog listing', () => {
  it('lists discovered printers classified, plus the virtual printer, with the seed summary', async () => {
    const discovery = fakeDiscovery([found('HP LaserJet', { port: 'IP_10.0.0.2', isDefault: true }), found('POS-80', { status: 'offline' })]);
    const catalog = createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL });
    const { printers, summary } = await catalog.list();
    expect(printers).toEqual([
      { name: 'HP LaserJet', port: 'IP_10.0.0.2', driver: 'HP LaserJet', status: 'ready', is_default: true, is_virtual: false, printer_type: 'network' },
      { name: 'POS-80', port: 'USB001', driver: 'POS-80', status: 'offline', is_default: false, is_virtual: false, printer_type: 'thermal' },
      { name: VIRTUAL, port: 'virtual', driver: 'Ticketera', status: 'ready', is_default: false, is_virtual: true, printer_type: 'virtual' },
    ]);
    expect(Object.keys(printers[0] ?? {})).toEqual(['name', 'port', 'driver', 'status', 'is_default', 'is_virtual', 'printer_type']);
    expect(summary).toEqual({ status: 'ok', detected_count: 3, thermal_count: 1, default_name: 'HP LaserJet' });
  });

  it('asks the system on every list() and after a job, and lastSummary() never does', async () => {
    const discovery = fakeDiscovery([found('POS-80')]);
    const catalog = createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL });
    await catalog.list();
    await catalog.list();
    expect(discovery.calls).toBe(2);
    discovery.printers = [found('POS-80', { status: 'paused' })];
    catalog.refreshAfterJob();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(discovery.calls).toBe(3);
    expect(catalog.lastSummary()).toEqual({ status: 'ok', detected_count: 2, thermal_count: 1, default_name: '' });
    expect(discovery.calls).toBe(3);
    expect((await catalog.list()).printers[0]?.status).toBe('paused');
  });

  it('tells listeners about every fresh listing, including the after-job ones', async () => {
    const discovery = fakeDiscovery([found('POS-80')]);
    const catalog = createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL, afterJobGapMs: 0 });
    const seen: string[] = [];
    const stop = catalog.onListing((list) => seen.push(list.printers.map((printer) => `${printer.name}:${printer.status}`).join(',')));
    await catalog.list();
    discovery.printers = [found('POS-80', { status: 'offline' })];
    catalog.refreshAfterJob();
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[1]).toBe(`POS-80:offline,${VIRTUAL}:ready`);
    stop();
    await catalog.list();
    expect(seen).toHaveLength(2);
  });

  it('reads the system at most once per gap after jobs, and still after the last job of a burst', async () => {
    const discovery = fakeDiscovery([found('POS-80')]);
    const catalog = createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL, afterJobGapMs: 200 });
    catalog.refreshAfterJob();
    await expect.poll(() => discovery.calls).toBe(1);
    for (let job = 0; job < 50; job += 1) catalog.refreshAfterJob();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(discovery.calls).toBe(1);
    discovery.printers = [found('POS-80', { status: 'offline' })];
    await expect.poll(() => discovery.calls).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(discovery.calls).toBe(2);
    expect(catalog.lastSummary().detected_count).toBe(2);
  });

  it('keeps listing when a source fails, and says why (logged once, not on every refresh)', async () => {
    const logged: string[] = [];
    const catalog = createPrinterCatalog({ discovery: [failing, fakeDiscovery([found('POS-58')])], virtualPrinterName: VIRTUAL, log: (line) => logged.push(line) });
    await catalog.list();
    const { printers, summary } = await catalog.list();
    expect(logged).toEqual(['printer discovery failed (cups: the CUPS scheduler is not running)']);
    expect(printers.map((printer) => printer.name)).toEqual(['POS-58', VIRTUAL]);
    expect(summary.status).toBe('ok');
    expect(catalog.lastErrors()).toEqual(['cups: the CUPS scheduler is not running']);
  });

  it('summarizes only the virtual printer as error before and without any system printer', async () => {
    const catalog = createPrinterCatalog({ discovery: [failing], virtualPrinterName: VIRTUAL });
    expect(catalog.lastSummary()).toEqual({ status: 'error', detected_count: 1, thermal_count: 0, default_name: '' });
    expect((await catalog.list()).summary).toEqual({ status: 'error', detected_count: 1, thermal_count: 0, default_name: '' });
  });
});

describe('printer catalog routing', () => {
  const shop = (): DiscoveredPrinter[] => [
    found('HP LaserJet', { port: 'IP_10.0.0.2', isDefault: true }),
    found('Caja', { driver: 'EPSON TM-T20II Receipt' }),
    found('POS-58'),
  ];

  it('uses the job printer: a URI as is, a queue name through the listing (case-insensitively)', async () => {
    const catalog = createPrinterCatalog({ discovery: [fakeDiscovery(shop())], virtualPrinterName: VIRTUAL, defaultPrinter: 'POS-58' });
    expect(await catalog.resolve('tcp://10.0.0.9:9100')).toBe('tcp://10.0.0.9:9100');
    expect(await catalog.resolve('usb:0416:5011')).toBe('usb:0416:5011');
    expect(await catalog.resolve('virtual')).toBe('virtual');
    expect(await catalog.resolve('Caja')).toBe('windows:Caja');
    expect(await catalog.resolve('caja')).toBe('windows:Caja');
    expect(await catalog.resolve(VIRTUAL)).toBe('virtual');
  });

  it('rejects an unknown queue name and a malformed URI with PRINTER errors', async () => {
    const catalog = createPrinterCatalog({ discovery: [fakeDiscovery(shop())], virtualPrinterName: VIRTUAL });
    await expect(catalog.resolve('Kitchen')).rejects.toThrow(/^PRINTER: printer "Kitchen" not found \(installed: HP LaserJet, Caja, POS-58/);
    await expect(catalog.resolve('tcp://:99999')).rejects.toBeInstanceOf(JobError);
  });

  it('finds a queue installed since the last listing', async () => {
    const discovery = fakeDiscovery([]);
    const catalog = createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL });
    await catalog.list();
    discovery.printers = [found('New POS-80')];
    expect(await catalog.resolve('New POS-80')).toBe('windows:New POS-80');
  });

  it('falls back to the configured default, then the system default thermal printer, then any thermal one, then virtual', async () => {
    const discovery = fakeDiscovery(shop());
    expect(await createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL, defaultPrinter: 'POS-58' }).resolve(undefined)).toBe('windows:POS-58');
    expect(await createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL, defaultPrinter: 'cups:Caja' }).resolve('  ')).toBe('cups:Caja');

    discovery.printers = shop().map((printer) => ({ ...printer, isDefault: printer.name === 'POS-58' }));
    expect(await createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL }).resolve(undefined)).toBe('windows:POS-58');

    // The default is a laser printer: the first thermal printer gets the receipt rather than the laser.
    discovery.printers = shop();
    expect(await createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL }).resolve(undefined)).toBe('windows:Caja');

    discovery.printers = [found('HP LaserJet', { port: 'IP_10.0.0.2', isDefault: true })];
    expect(await createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL }).resolve(undefined)).toBe('virtual');
    expect(await createPrinterCatalog({ discovery: [failing], virtualPrinterName: VIRTUAL }).resolve(undefined)).toBe('virtual');
  });

  it('reuses a recent listing for routing instead of asking the system for every job', async () => {
    let clock = 0;
    const discovery = fakeDiscovery(shop());
    const catalog = createPrinterCatalog({ discovery: [discovery], virtualPrinterName: VIRTUAL, routingMaxAgeMs: 1_000, now: () => clock });
    await catalog.resolve(undefined);
    await catalog.resolve('Caja');
    expect(discovery.calls).toBe(1);
    clock = 5_000;
    await catalog.resolve(undefined);
    expect(discovery.calls).toBe(2);
  });
});
