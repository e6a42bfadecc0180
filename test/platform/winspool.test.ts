import { describe, expect, it } from 'vitest';
import { createWinspoolDiscovery } from '../../src/main/platform/winspool/winspool-discovery';
import { PRINTER_ATTRIBUTE_WORK_OFFLINE, PRINTER_STATUS, winspoolStatus } from '../../src/main/platform/winspool/winspool-status';
import { createWinspoolTransport } from '../../src/main/platform/winspool/winspool-transport';
import { WinspoolUnavailableError } from '../../src/main/platform/winspool/winspool-binding';
import { createPrinterCatalog } from '../../src/main/services/printers/system-printer-catalog';
import { FakeSpooler, spoolerPrinter } from './winspool-fake';

const job = (size = 300) => ({ id: 'job-1', bytes: Uint8Array.from({ length: size }, (_, index) => index % 256) });

describe('winspool status mapping', () => {
  it.each([
    [0, 0, 'ready'],
    [0x400 /* PRINTING */, 0, 'ready'],
    [0x200 /* BUSY */ | 0x20000 /* TONER_LOW */, 0, 'ready'],
    [PRINTER_STATUS.OFFLINE, 0, 'offline'],
    [PRINTER_STATUS.NOT_AVAILABLE, 0, 'offline'],
    [0, PRINTER_ATTRIBUTE_WORK_OFFLINE, 'offline'],
    [PRINTER_STATUS.PAUSED, 0, 'paused'],
    [PRINTER_STATUS.PAUSED | PRINTER_STATUS.OFFLINE, 0, 'offline'],
    [PRINTER_STATUS.PAPER_OUT, 0, 'error'],
    [PRINTER_STATUS.ERROR | PRINTER_STATUS.DOOR_OPEN, 0, 'error'],
    [PRINTER_STATUS.PAUSED | PRINTER_STATUS.PAPER_JAM, 0, 'paused'],
    [PRINTER_STATUS.SERVER_UNKNOWN, 0, 'unknown'],
  ] as const)('status 0x%s attributes 0x%s → %s', (status, attributes, expected) => {
    expect(winspoolStatus(status, attributes)).toBe(expected);
  });
});

describe('winspool discovery', () => {
  it('lists local and connected queues with port, driver, status and the default', async () => {
    const spooler = new FakeSpooler(
      [
        spoolerPrinter('POS-80', { driverName: 'POS-80C', status: PRINTER_STATUS.OFFLINE }),
        spoolerPrinter('Microsoft Print to PDF', { portName: 'PORTPROMPT:', driverName: 'Microsoft Print To PDF' }),
        spoolerPrinter('\\\\SERVER\\Laser', { portName: 'IP_10.0.0.2', driverName: 'HP Universal Printing PCL 6', comment: 'Office' }),
      ],
      'POS-80',
    );
    const printers = await createWinspoolDiscovery(async () => spooler).discover();
    expect(printers).toEqual([
      { name: 'POS-80', uri: 'windows:POS-80', port: 'USB001', driver: 'POS-80C', status: 'offline', isDefault: true, hints: [] },
      { name: 'Microsoft Print to PDF', uri: 'windows:Microsoft Print to PDF', port: 'PORTPROMPT:', driver: 'Microsoft Print To PDF', status: 'ready', isDefault: false, hints: [] },
      { name: '\\\\SERVER\\Laser', uri: 'windows:\\\\SERVER\\Laser', port: 'IP_10.0.0.2', driver: 'HP Universal Printing PCL 6', status: 'ready', isDefault: false, hints: ['Office'] },
    ]);
  });
});

describe('winspool discovery when the spooler does not answer', () => {
  const CALLS = ['EnumPrintersW', 'EnumPrintersW(4)', 'GetDefaultPrinterW'];
  const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const started = Date.now();
    const value = await work();
    return { value, ms: Date.now() - started };
  };

  it('serves the last good list within its bound, marked stale, then at once while the listing is still under way', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80', { driverName: 'POS-80C' }), spoolerPrinter('Kitchen')], 'POS-80');
    const discovery = createWinspoolDiscovery(async () => spooler, { timeoutMs: 200 });
    const fresh = await discovery.discover();
    spooler.hanging.add('EnumPrintersW');
    spooler.printers[0] = spoolerPrinter('POS-80', { driverName: 'POS-80C', status: PRINTER_STATUS.PAPER_OUT });

    const first = await timed(() => discovery.discover());
    expect(first.ms).toBeGreaterThanOrEqual(190);
    expect(first.ms).toBeLessThan(1_000);
    const stale = /^the Windows spooler did not answer within 200 ms; showing the printers as listed at \d\d:\d\d:\d\d \(stale\)$/;
    expect(first.value).toEqual(fresh.map((printer) => ({ ...printer, status: 'unknown', stale: expect.stringMatching(stale) })));

    const second = await timed(() => discovery.discover());
    expect(second.ms).toBeLessThan(50);
    expect(second.value).toEqual(first.value);
    expect(spooler.calls.filter((call) => call === 'EnumPrintersW')).toHaveLength(2);

    // Once the spooler answers, the next listing is fresh again.
    spooler.answerAgain();
    await new Promise((resolve) => setImmediate(resolve));
    const recovered = (await discovery.discover()).find((printer) => printer.name === 'POS-80');
    expect(recovered).toMatchObject({ status: 'error' });
    expect(recovered).not.toHaveProperty('stale');
  });

  it('takes the names from level 4 when only level 2 hangs: printers added or removed meanwhile, "Use Printer Offline" included', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80'), spoolerPrinter('Old')], 'POS-80');
    const discovery = createWinspoolDiscovery(async () => spooler, { timeoutMs: 150 });
    await discovery.discover();
    spooler.hanging.add('EnumPrintersW');
    spooler.printers = [spoolerPrinter('POS-80', { attributes: PRINTER_ATTRIBUTE_WORK_OFFLINE }), spoolerPrinter('TM-T20 Kitchen')];
    spooler.defaultPrinter = 'TM-T20 Kitchen';
    const listed = await discovery.discover();
    expect(listed.map(({ stale: _stale, ...printer }) => printer)).toEqual([
      { name: 'POS-80', uri: 'windows:POS-80', port: 'USB001', driver: 'POS-80', status: 'offline', isDefault: false, hints: [] },
      { name: 'TM-T20 Kitchen', uri: 'windows:TM-T20 Kitchen', port: '', driver: '', status: 'unknown', isDefault: true, hints: [] },
    ]);
    expect(listed.every((printer) => printer.stale?.endsWith('(stale)'))).toBe(true);
  });

  it('lists names only when level 2 hangs before anything was listed', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')], 'POS-80');
    spooler.hanging.add('EnumPrintersW');
    const listed = await createWinspoolDiscovery(async () => spooler, { timeoutMs: 100 }).discover();
    expect(listed).toEqual([
      expect.objectContaining({ name: 'POS-80', status: 'unknown', isDefault: true, stale: 'the Windows spooler did not answer within 100 ms; showing their names only (stale)' }),
    ]);
  });

  it.each([
    ['every call hangs', () => {
      const spooler = new FakeSpooler([spoolerPrinter('POS-80')]);
      for (const call of CALLS) spooler.hanging.add(call);
      return async () => spooler;
    }],
    ['the binding never loads', () => () => new Promise<FakeSpooler>(() => undefined)],
  ])('fails within its bound when %s and nothing was listed before', async (_name, binding) => {
    const listing = await timed(() => createWinspoolDiscovery(binding(), { timeoutMs: 150 }).discover().catch((error: Error) => error));
    expect(listing.value).toEqual(new Error('the Windows spooler did not answer within 150 ms'));
    expect(listing.ms).toBeLessThan(1_000);
  });

  it('serves the last good list, marked stale, when the spooler fails instead', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')], 'POS-80');
    const discovery = createWinspoolDiscovery(async () => spooler);
    await discovery.discover();
    spooler.failing.add('EnumPrintersW');
    expect(await discovery.discover()).toEqual([expect.objectContaining({ name: 'POS-80', isDefault: true, stale: expect.stringMatching(/^EnumPrintersW failed; showing the printers as listed at/) })]);
  });

  it('lets the catalog route by name and report the stale listing with its errors', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')], 'POS-80');
    const catalog = createPrinterCatalog({ discovery: [createWinspoolDiscovery(async () => spooler, { timeoutMs: 100 })], virtualPrinterName: 'Virtual' });
    await catalog.list();
    spooler.hanging.add('EnumPrintersW');
    const { printers } = await catalog.list();
    expect(printers.map((printer) => [printer.name, printer.status])).toEqual([
      ['POS-80', 'unknown'],
      ['Virtual', 'ready'],
    ]);
    expect(await catalog.resolve('pos-80')).toBe('windows:POS-80');
    expect(catalog.lastErrors()).toEqual([expect.stringMatching(/^winspool: the Windows spooler did not answer within 100 ms; showing the printers as listed at .* \(stale\)$/)]);
  });
});

describe('winspool transport', () => {
  it('prints RAW: open, pre-flight status, StartDoc, StartPage, WritePrinter, EndPage, EndDoc, close', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')]);
    const transport = createWinspoolTransport('windows:POS-80', 'POS-80', async () => spooler);
    const sent = job();
    await transport.send(sent);
    expect(spooler.calls).toEqual(['OpenPrinterW', 'GetPrinterW', 'StartDocPrinterW', 'StartPagePrinter', 'WritePrinter', 'EndPagePrinter', 'EndDocPrinter', 'ClosePrinter']);
    expect(spooler.documents).toEqual([{ printer: 'POS-80', name: 'Ticketera job-1', datatype: 'RAW', bytes: Buffer.from(sent.bytes) }]);
    expect(spooler.openHandles).toBe(0);
  });

  it('keeps writing when the spooler takes fewer bytes than asked', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')]);
    spooler.writeLimit = 128;
    const sent = job(300);
    await createWinspoolTransport('windows:POS-80', 'POS-80', async () => spooler).send(sent);
    expect(spooler.calls.filter((call) => call === 'WritePrinter')).toHaveLength(3);
    expect(spooler.documents[0]?.bytes).toEqual(Buffer.from(sent.bytes));
  });

  it.each([
    [PRINTER_STATUS.OFFLINE, 0, /^PRINTER: Windows printer "POS-80" is offline \(offline\)$/],
    [0, PRINTER_ATTRIBUTE_WORK_OFFLINE, /is offline \("Use Printer Offline" is checked\)/],
    [PRINTER_STATUS.PAUSED, 0, /is paused \(paused\)/],
    [PRINTER_STATUS.PAPER_OUT, 0, /is error \(paper out\)/],
  ])('refuses before spooling when the queue reports status 0x%s / attributes 0x%s', async (status, attributes, message) => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80', { status, attributes })]);
    await expect(createWinspoolTransport('windows:POS-80', 'POS-80', async () => spooler).send(job())).rejects.toThrow(message);
    expect(spooler.calls).toEqual(['OpenPrinterW', 'GetPrinterW', 'ClosePrinter']);
    expect(spooler.documents).toEqual([]);
  });

  it('reports a queue that does not exist', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')]);
    await expect(createWinspoolTransport('windows:Kitchen', 'Kitchen', async () => spooler).send(job())).rejects.toThrow(
      'PRINTER: Windows printer "Kitchen" cannot be opened (not installed, or no permission)',
    );
  });

  it('aborts the document when the spooler stops taking bytes, so no torn receipt prints', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')]);
    spooler.writeLimit = 0;
    await expect(createWinspoolTransport('windows:POS-80', 'POS-80', async () => spooler).send(job())).rejects.toThrow(
      'PRINTER: Windows printer "POS-80": the spooler took 0 of 300 bytes',
    );
    expect(spooler.calls.slice(-2)).toEqual(['AbortPrinter', 'ClosePrinter']);
    expect(spooler.documents).toEqual([]);
  });

  it('turns a failing spooler call into a PRINTER error and still closes the handle', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')]);
    spooler.failing.add('EndDocPrinter');
    await expect(createWinspoolTransport('windows:POS-80', 'POS-80', async () => spooler).send(job())).rejects.toThrow(
      'PRINTER: Windows printer "POS-80": EndDocPrinter failed',
    );
    expect(spooler.calls.slice(-2)).toEqual(['AbortPrinter', 'ClosePrinter']);
  });

  it('fails in bounded time when a spooler call hangs', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')]);
    spooler.hanging.add('WritePrinter');
    const started = Date.now();
    await expect(createWinspoolTransport('windows:POS-80', 'POS-80', async () => spooler, { timeoutMs: 200 }).send(job())).rejects.toThrow(
      /^PRINTER: Windows printer "POS-80" did not take the job within 200 ms/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('tells a spooler that does not answer from a queue that does not exist', async () => {
    const spooler = new FakeSpooler([spoolerPrinter('POS-80')]);
    spooler.openPrinter = () => Promise.reject(new WinspoolUnavailableError('no answer to OpenPrinterW within 15000 ms'));
    await expect(createWinspoolTransport('windows:POS-80', 'POS-80', async () => spooler).send(job())).rejects.toThrow(
      'PRINTER: the Windows spooler is not available (no answer to OpenPrinterW within 15000 ms)',
    );
  });

  it('says so when the spooler binding cannot load (koffi binary missing)', async () => {
    const transport = createWinspoolTransport('windows:POS-80', 'POS-80', () => Promise.reject(new Error('Cannot find module koffi-win32-x64')));
    await expect(transport.send(job())).rejects.toThrow('PRINTER: the Windows spooler is not available (Cannot find module koffi-win32-x64)');
  });
});
