import { afterEach, describe, expect, it } from 'vitest';
import { createUsbTransport } from '../../../src/main/platform/usb/usb-transport';
import { parsePrinterUri } from '../../../src/main/services/printers/printer-uri';
import { createUsbPrinterSimulator, startTcpPrinterSimulator, type PrinterSimulator, type SimulatedState, type SimulatorOptions } from './index';
import { connectRaw } from './raw-client';
import { until } from '../eventually';

const dleEot = (n: number): number[] => [0x10, 0x04, n];
const gsA = (n: number): number[] => [0x1d, 0x61, n];
const processId = (id: string): number[] => [0x1d, 0x28, 0x48, 0x06, 0x00, 0x30, 0x30, ...Buffer.from(id, 'latin1')];
const processIdReply = (id: string): number[] => [0x37, 0x22, ...Buffer.from(id, 'latin1'), 0x00];
const CLEAR_BUFFER = [0x10, 0x14, 0x08, 0x01, 0x03, 0x14, 0x01, 0x06, 0x02, 0x08];
const text = (value: string): number[] => [...Buffer.from(value, 'latin1')];
const lines = (count: number): number[] => Array.from({ length: count }, (_, index) => text(`line ${index + 1}\n`)).flat();
/** GS v 0: a raster image `widthBytes` × `rows`, its data filled with `pattern` over and over. */
const raster = (widthBytes: number, rows: number, pattern: number[]): number[] => [
  0x1d, 0x76, 0x30, 0x00, widthBytes & 0xff, widthBytes >> 8, rows & 0xff, rows >> 8,
  ...Array.from({ length: widthBytes * rows }, (_, index) => pattern[index % pattern.length] ?? 0),
];

const running: PrinterSimulator[] = [];
async function tcpPrinter(options?: SimulatorOptions) {
  const simulator = await startTcpPrinterSimulator(options);
  running.push(simulator);
  return simulator;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((simulator) => simulator.close()));
});

describe('printer simulator over TCP', () => {
  const cases: Array<{ state: Partial<SimulatedState>; answers: [number, number, number, number] }> = [
    { state: {}, answers: [0x12, 0x12, 0x12, 0x12] },
    { state: { paper: 'near-end' }, answers: [0x12, 0x12, 0x12, 0x1e] },
    { state: { paper: 'out' }, answers: [0x1a, 0x32, 0x12, 0x7e] },
    { state: { coverOpen: true }, answers: [0x1a, 0x16, 0x12, 0x12] },
    { state: { drawerOpen: true }, answers: [0x16, 0x12, 0x12, 0x12] },
    { state: { cutterError: true }, answers: [0x1a, 0x52, 0x1a, 0x12] },
    { state: { unrecoverableError: true }, answers: [0x1a, 0x52, 0x32, 0x12] },
  ];
  it.each(cases)('answers DLE EOT 1–4 in state $state with the Epson status bytes', async ({ state, answers }) => {
    const printer = await tcpPrinter();
    printer.set(state);
    const client = await connectRaw(printer.port);
    await client.write([...dleEot(1), ...dleEot(2), ...dleEot(3), ...dleEot(4)]);
    expect([...(await client.waitForBytes(4))]).toEqual(answers);
    expect(printer.requests).toEqual([1, 2, 3, 4].map((n) => ({ kind: 'dle-eot', n })));
    expect(printer.printed()).toHaveLength(0);
  });

  it('sends Automatic Status Back when enabled and on each change of an enabled status only; ESC @ keeps it', async () => {
    const printer = await tcpPrinter();
    const client = await connectRaw(printer.port);
    await client.write(gsA(0x0f));
    expect([...(await client.waitForBytes(4))]).toEqual([0x10, 0x00, 0x00, 0x00]);
    printer.set({ drawerOpen: true });
    expect([...(await client.waitForBytes(8)).subarray(4)]).toEqual([0x14, 0x00, 0x00, 0x00]);
    printer.set({ paper: 'near-end' });
    expect([...(await client.waitForBytes(12)).subarray(8)]).toEqual([0x14, 0x00, 0x03, 0x00]);

    // Only online/offline from now on: closing the drawer sends nothing, opening the cover does.
    await client.write([...gsA(0x02), 0x1b, 0x40]);
    expect([...(await client.waitForBytes(16)).subarray(12)]).toEqual([0x14, 0x00, 0x03, 0x00]);
    printer.set({ drawerOpen: false });
    printer.set({ coverOpen: true });
    expect([...(await client.waitForBytes(20)).subarray(16)]).toEqual([0x38, 0x00, 0x03, 0x00]);
    expect(printer.requests).toEqual([
      { kind: 'asb', n: 0x0f },
      { kind: 'asb', n: 0x02 },
    ]);
  });

  it('sends status back to the most recent open connection once the one that enabled it has closed', async () => {
    const printer = await tcpPrinter();
    const enabler = await connectRaw(printer.port);
    const later = await connectRaw(printer.port);
    await enabler.write(gsA(0x08));
    await enabler.waitForBytes(4);
    enabler.socket.end();
    await enabler.closed;
    printer.set({ paper: 'out' });
    expect([...(await later.waitForBytes(4))]).toEqual([0x10 | 0x08, 0x00, 0x0f, 0x00]);
  });

  it('answers GS ( H only once everything before it has printed', async () => {
    const printer = await tcpPrinter({ msPerLine: 20 });
    const client = await connectRaw(printer.port);
    let printedWhenAnswered = '';
    client.socket.once('data', () => {
      printedWhenAnswered = printer.printedText();
    });
    await client.write([...lines(5), ...processId('0001')]);
    expect([...(await client.waitForBytes(7))]).toEqual(processIdReply('0001'));
    expect(printedWhenAnswered).toBe('line 1\nline 2\nline 3\nline 4\nline 5\n');
    expect(printer.requests).toEqual([{ kind: 'process-id', id: '0001' }]);
  });

  it('keeps a job and its process ID while paper is out, holding the connection open, and answers once paper returns', async () => {
    const printer = await tcpPrinter();
    printer.set({ paper: 'out' });
    const client = await connectRaw(printer.port);
    await client.write([...text('Receipt A\n'), ...processId('0002'), ...dleEot(4)]);
    client.socket.end();
    // The status request came after GS ( H: its answer is all that arrived, so GS ( H was not answered.
    expect([...(await client.waitForBytes(1))]).toEqual([0x7e]);
    expect(printer.printedText()).toBe('');
    expect(printer.buffered()).toBe(10 + 11);

    printer.set({ paper: 'ok' });
    expect([...(await client.closed)]).toEqual([0x7e, ...processIdReply('0002')]);
    expect(printer.printedText()).toBe('Receipt A\n');
    expect(printer.buffered()).toBe(0);
  });

  it('runs out of paper mid-receipt, takes the rest into its buffer and prints it when paper returns (the stale-receipt hazard)', async () => {
    const printer = await tcpPrinter();
    printer.paperOutAfterLines(2);
    const client = await connectRaw(printer.port);
    await client.write(lines(5));
    client.socket.end();
    // Like an AppSocket printer, it closes the connection once the data is in its buffer: the sender sees success.
    expect(await client.closed).toHaveLength(0);
    expect(printer.state.paper).toBe('out');
    expect(printer.printedText()).toBe('line 1\nline 2\n');
    expect(printer.buffered()).toBe(3 * 'line N\n'.length);

    printer.set({ paper: 'ok' });
    await printer.waitForPrinted('line 5\n');
    expect(printer.printedText()).toBe('line 1\nline 2\nline 3\nline 4\nline 5\n');
  });

  it('clears its buffer on DLE DC4 fn 8: what it held never prints and its process ID is never answered', async () => {
    const printer = await tcpPrinter();
    printer.set({ paper: 'out' });
    const client = await connectRaw(printer.port);
    await client.write([...text('stale\n'), ...processId('0003'), ...CLEAR_BUFFER]);
    expect([...(await client.waitForBytes(3))]).toEqual([0x37, 0x25, 0x00]);
    expect(printer.buffered()).toBe(0);

    printer.set({ paper: 'ok' });
    await client.write([...text('fresh\n'), ...processId('0004')]);
    expect([...(await client.waitForBytes(10))]).toEqual([0x37, 0x25, 0x00, ...processIdReply('0004')]);
    expect(printer.printedText()).toBe('fresh\n');
    expect(printer.requests).toEqual([
      { kind: 'process-id', id: '0003' },
      { kind: 'clear-buffer' },
      { kind: 'process-id', id: '0004' },
    ]);
  });

  it('recognises DLE EOT and DLE DC4 fn 8 split across TCP segments', async () => {
    const printer = await tcpPrinter();
    printer.set({ paper: 'out' });
    const client = await connectRaw(printer.port);
    await client.write(text('stale\n'));
    await client.write([0x10]);
    await until(() => printer.buffered() === 'stale\n'.length + 1, 'the first byte of DLE EOT to arrive alone');
    await client.write([0x04, 0x04]);
    expect([...(await client.waitForBytes(1))]).toEqual([0x7e]);

    await client.write(CLEAR_BUFFER.slice(0, 2));
    await until(() => printer.buffered() === 'stale\n'.length + 2, 'DLE DC4 without its function to arrive');
    await client.write(CLEAR_BUFFER.slice(2, 6));
    await until(() => printer.buffered() === 'stale\n'.length + 6, 'half of DLE DC4 fn 8 to arrive');
    await client.write(CLEAR_BUFFER.slice(6));
    expect([...(await client.waitForBytes(4))]).toEqual([0x7e, 0x37, 0x25, 0x00]);
    expect(printer.buffered()).toBe(0);
    expect(printer.requests).toEqual([{ kind: 'dle-eot', n: 4 }, { kind: 'clear-buffer' }]);
  });

  it('takes 10 04 01 inside GS v 0 raster data as image bytes, not as a status request', async () => {
    const printer = await tcpPrinter();
    printer.set({ drawerOpen: true });
    const image = raster(72, 300, [0x10, 0x04, 0x01, 0xff]);
    const client = await connectRaw(printer.port);
    await client.write([...image, ...dleEot(4)]);
    // DLE EOT 1 would answer 0x16 (drawer open); only the DLE EOT 4 after the image is answered.
    expect([...(await client.waitForBytes(1))]).toEqual([0x12]);
    expect(printer.requests).toEqual([{ kind: 'dle-eot', n: 4 }]);
    expect(Buffer.from(printer.printed())).toEqual(Buffer.from(image));
  });

  it('when hung, reads jobs and requests but answers and prints nothing until it recovers', async () => {
    const printer = await tcpPrinter();
    printer.set({ drawerOpen: true });
    printer.stopAnswering();
    const client = await connectRaw(printer.port);
    await client.write([...text('while hung\n'), ...processId('0005'), ...dleEot(1)]);
    client.socket.end();
    await until(() => printer.requests.length === 2, 'the requests to be read');
    expect(printer.printedText()).toBe('');

    printer.resumeAnswering();
    // The DLE EOT 1 sent while hung (0x16) is never answered; the job prints, its process ID is answered, then it closes.
    expect([...(await client.closed)]).toEqual([...processIdReply('0005')]);
    expect(printer.printedText()).toBe('while hung\n');
  });

  it('unplugged: open connections are reset and new ones refused; plugged back in, it prints again', async () => {
    const printer = await tcpPrinter();
    const client = await connectRaw(printer.port);
    const reset = new Promise<string | undefined>((resolve) => client.socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code)));
    printer.unplug();
    expect(await reset).toBe('ECONNRESET');
    await expect(connectRaw(printer.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    printer.plugIn();
    const again = await connectRaw(printer.port);
    await again.write(text('back\n'));
    await printer.waitForPrinted('back\n');
  });

  it('as a clone without process ID, status back or real-time support, answers none of them and clears nothing', async () => {
    const printer = await tcpPrinter({ supportsProcessId: false, supportsAsb: false, answersRealTime: false });
    const job = await connectRaw(printer.port);
    await job.write([...gsA(0x0f), ...text('job\n'), ...processId('0006'), ...dleEot(1)]);
    job.socket.end();
    expect(await job.closed).toHaveLength(0);
    expect(printer.printedText()).toBe('job\n');

    printer.set({ paper: 'out' });
    const clearing = await connectRaw(printer.port);
    await clearing.write([...text('kept\n'), ...CLEAR_BUFFER]);
    clearing.socket.end();
    expect(await clearing.closed).toHaveLength(0);
    printer.set({ paper: 'ok' });
    await printer.waitForPrinted('kept\n');
    expect(printer.requests.map((request) => request.kind)).toEqual(['asb', 'process-id', 'dle-eot', 'clear-buffer']);
  });

  it('opens the drawer on the kick pulse (ESC p), which status back reports', async () => {
    const printer = await tcpPrinter();
    const client = await connectRaw(printer.port);
    await client.write([...gsA(0x01), 0x1b, 0x70, 0x00, 0x19, 0xfa]);
    expect([...(await client.waitForBytes(8))]).toEqual([0x10, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00]);
    expect(printer.state.drawerOpen).toBe(true);
  });
});

describe('printer simulator as a USB device', () => {
  const usbTarget = (uri: string) => {
    const parsed = parsePrinterUri(uri);
    if (parsed.kind !== 'usb') throw new Error(`not a USB printer URI: ${uri}`);
    return parsed;
  };

  it('prints a job sent through the USB transport and answers DLE EOT on its bulk IN endpoint', async () => {
    const printer = createUsbPrinterSimulator({ serial: 'SIM1' });
    running.push(printer);
    expect(printer.uri).toBe('usb:04b8:0202:SIM1');
    const transport = createUsbTransport(printer.uri, usbTarget(printer.uri), printer.backend, { platform: 'linux' });
    await transport.send({ id: 'usb-job', bytes: Uint8Array.from(text('over USB\n')) });
    await printer.waitForPrinted('over USB\n');

    const { device } = printer;
    await device.open();
    await device.claimInterface(0);
    printer.set({ paper: 'out' });
    await device.transferOut(1, Uint8Array.from([...dleEot(4), ...dleEot(1)]));
    const answer = await device.transferIn(2, 64);
    expect(answer.status).toBe('ok');
    const data = answer.data ?? new DataView(new ArrayBuffer(0));
    expect([...new Uint8Array(data.buffer, data.byteOffset, data.byteLength)]).toEqual([0x7e, 0x1a]);
    const nothing = await device.transferIn(2, 64);
    expect(nothing.data?.byteLength).toBe(0);
    await device.releaseInterface(0);
    await device.close();
  });

  it('unplugged, the backend no longer lists it and the transport reports it missing', async () => {
    const printer = createUsbPrinterSimulator();
    running.push(printer);
    printer.unplug();
    expect(await printer.backend.getDevices()).toEqual([]);
    const transport = createUsbTransport(printer.uri, usbTarget(printer.uri), printer.backend, { platform: 'linux' });
    await expect(transport.send({ id: 'gone', bytes: Uint8Array.from(text('x\n')) })).rejects.toThrow('is not connected');
    printer.plugIn();
    await transport.send({ id: 'back', bytes: Uint8Array.from(text('back\n')) });
    await printer.waitForPrinted('back\n');
  });
});
