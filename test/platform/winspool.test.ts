import { describe, expect, it } from 'vitest';
import { createWinspoolDiscovery } from '../../src/main/platform/winspool/winspool-discovery';
import { PRINTER_ATTRIBUTE_WORK_OFFLINE, PRINTER_STATUS, winspoolStatus } from '../../src/main/platform/winspool/winspool-status';
import { createWinspoolTransport } from '../../src/main/platform/winspool/winspool-transport';
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

  it('says so when the spooler binding cannot load (koffi binary missing)', async () => {
    const transport = createWinspoolTransport('windows:POS-80', 'POS-80', () => Promise.reject(new Error('Cannot find module koffi-win32-x64')));
    await expect(transport.send(job())).rejects.toThrow('PRINTER: the Windows spooler is not available (Cannot find module koffi-win32-x64)');
  });
});
