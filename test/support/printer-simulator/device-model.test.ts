import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createUsbPrinterSimulator,
  receiptOfLength,
  startRealPrinter,
  startTcpPrinterSimulator,
  UsbTransferTimeoutError,
  type CloseAfterEof,
  type PrinterSimulator,
  type TcpPrinterSimulator,
} from './index';
import { ESC_POS_LINE_MM } from './paper-motion';
import { connectRaw, type RawClient } from './raw-client';
import { fdOf, receiveBufferOf, setReceiveBuffer } from './socket-receive-buffer';
import { until } from '../eventually';

const GS_A_ALL = [0x1d, 0x61, 0x0f];
const DLE_EOT_4 = [0x10, 0x04, 0x04];
const text = (value: string): number[] => [...Buffer.from(value, 'latin1')];
/** What receiptOfLength prints per line: 48 columns and LF. */
const LINE_BYTES = 49;
/** Bytes a real-speed printer takes per second: a line every 4.23 mm. */
const bytesPerSecond = (mmPerSecond: number): number => (LINE_BYTES * mmPerSecond) / ESC_POS_LINE_MM;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const running: PrinterSimulator[] = [];
const clients: RawClient[] = [];
async function printer(start: Promise<TcpPrinterSimulator>): Promise<TcpPrinterSimulator> {
  const simulator = await start;
  running.push(simulator);
  return simulator;
}
async function client(port: number): Promise<RawClient> {
  const connection = await connectRaw(port);
  clients.push(connection);
  return connection;
}
afterEach(async () => {
  for (const connection of clients.splice(0)) connection.socket.destroy();
  await Promise.all(running.splice(0).map((simulator) => simulator.close()));
});

/** tx_queue / rx_queue of the loopback connection from `localPort` to `remotePort`, as /proc/net/tcp shows it. */
function tcpQueues(localPort: number, remotePort: number): { tx: number; rx: number } {
  const port = (address: string): number => Number.parseInt(address.split(':')[1] ?? '', 16);
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (port(fields[1] ?? '') !== localPort || port(fields[2] ?? '') !== remotePort) continue;
    const [tx = '0', rx = '0'] = (fields[4] ?? '').split(':');
    return { tx: Number.parseInt(tx, 16), rx: Number.parseInt(rx, 16) };
  }
  throw new Error(`no TCP connection ${localPort} -> ${remotePort} in /proc/net/tcp`);
}

describe('device model: paper speed', () => {
  it('prints a 0.25 m receipt at 250 mm/s in about a second, line by line', async () => {
    const simulator = await printer(startRealPrinter('plain'));
    const receipt = receiptOfLength(0.25, { marker: 'SPEED MARKER' });
    const connection = await client(simulator.port);
    await connection.write(receipt);
    await until(() => simulator.printedText().length > 0, 'the first line to print');
    const firstLine = performance.now();
    const linesAtFirst = simulator.printedText().split('\n').length - 1;
    await simulator.waitForPrinted('SPEED MARKER\n');
    const elapsed = performance.now() - firstLine;

    const lines = simulator.printedText().split('\n').length - 1;
    expect(lines).toBe(59);
    expect(simulator.printedMm()).toBeCloseTo(59 * ESC_POS_LINE_MM, 6);
    expect(simulator.mechanismMs()).toBeCloseTo((59 * ESC_POS_LINE_MM * 1000) / 250, 6);
    // The wall clock follows the mechanism: the lines after the first took their 17 ms each.
    const expected = ((lines - linesAtFirst) * ESC_POS_LINE_MM * 1000) / 250;
    expect(elapsed).toBeGreaterThan(expected * 0.9);
    expect(elapsed).toBeLessThan(expected * 1.5);
  });

  it('moves paper by line spacing (ESC 3, ESC 2, ESC @), ESC d, ESC J, GS v 0 rows, and cuts in 150 ms', async () => {
    const simulator = await printer(startTcpPrinterSimulator({ mmPerSecond: 100_000 }));
    const connection = await client(simulator.port);
    const raster = [0x1d, 0x76, 0x30, 0x00, 1, 0, 80, 0, ...Array.from({ length: 80 }, () => 0xff)];
    const commands = [
      [0x1b, 0x33, 16, 0x0a, 0x0a], // 2 × 16 dots = 4 mm
      [0x1b, 0x32, 0x0a], // back to 1/6 inch
      [0x1b, 0x33, 40, 0x1b, 0x40, 0x0a], // ESC @ resets the spacing too
      [0x1b, 0x64, 3], // 3 lines
      [0x1b, 0x4a, 80], // 10 mm
      raster, // 80 rows = 10 mm
      [0x1d, 0x56, 0x00],
      text('done\n'),
    ];
    await connection.write(commands.flat());
    await simulator.waitForPrinted('done\n');
    const mm = 4 + 6 * ESC_POS_LINE_MM + 20;
    expect(simulator.printedMm()).toBeCloseTo(mm, 6);
    expect(simulator.mechanismMs()).toBeCloseTo((mm * 1000) / 100_000 + 150, 6);
  });

  it('as a Star printer feeds its 4 mm lines, ESC 0 lines of 3 mm, ESC a n lines and ESC J n/4 mm, and cuts on ESC d', async () => {
    const simulator = await printer(startTcpPrinterSimulator({ language: 'star', mmPerSecond: 100_000 }));
    const connection = await client(simulator.port);
    const commands = [text('a\n'), [0x1b, 0x30], text('b\n'), [0x1b, 0x61, 2], [0x1b, 0x7a, 1], text('c\n'), [0x1b, 0x4a, 8], [0x1b, 0x64, 2], text('d\n')];
    await connection.write(commands.flat());
    await simulator.waitForPrinted('d\n');
    expect(simulator.printedText()).toBe('a\nb\nc\nd\n');
    const mm = 4 + 3 + 2 * 3 + 4 + 8 / 4 + 4;
    expect(simulator.printedMm()).toBeCloseTo(mm, 6);
    expect(simulator.mechanismMs()).toBeCloseTo((mm * 1000) / 100_000 + 150, 6);
  });
});

describe('device model: finite buffer and TCP flow control', () => {
  it('sets SO_RCVBUF on a listening socket through koffi; the kernel doubles it and accepted sockets inherit it', async () => {
    const server = net.createServer();
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      setReceiveBuffer(fdOf(server), 4096);
      expect(receiveBufferOf(fdOf(server))).toBe(8192);
      const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
      const inherited = receiveBufferOf(fdOf(await accepted));
      socket.destroy();
      expect(inherited).toBe(8192);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('holds a 64 KB sender back: the printer reads at the mechanism rate and the rest waits in the sender kernel', async () => {
    const simulator = await printer(startRealPrinter('plain'));
    const connection = await client(simulator.port);
    const job = receiptOfLength(5.7);
    expect(job.length).toBeGreaterThan(64 * 1024);
    connection.socket.write(job);
    await sleep(300);
    const before = { read: simulator.bytesRead(), at: performance.now() };
    await sleep(1_200);
    const after = { read: simulator.bytesRead(), at: performance.now() };

    const rate = ((after.read - before.read) * 1000) / (after.at - before.at);
    expect(rate).toBeGreaterThan(bytesPerSecond(250) * 0.6);
    expect(rate).toBeLessThan(bytesPerSecond(250) * 1.4);
    expect(simulator.buffered()).toBeLessThanOrEqual(4096);
    // What the printer has not read is in the kernels: a few KB in its receive queue, the rest in the sender's.
    const printerSide = tcpQueues(simulator.port, connection.socket.localPort ?? 0);
    const senderSide = tcpQueues(connection.socket.localPort ?? 0, simulator.port);
    expect(printerSide.rx).toBeLessThanOrEqual(8192);
    // The rest Node read for the printer and holds while it is paused: never more than one kernel buffer's worth.
    const heldByNode = job.length - after.read - printerSide.rx - senderSide.tx;
    expect(heldByNode).toBeGreaterThanOrEqual(0);
    expect(heldByNode).toBeLessThanOrEqual(8192);
  });

  it('answers DLE EOT written behind a 12 KB job only once the job is in its buffer, as a real printer does', async () => {
    const simulator = await printer(startRealPrinter('status-no-asb'));
    const connection = await client(simulator.port);
    const job = receiptOfLength(1.04);
    expect(job.length).toBeGreaterThan(12_000);
    let printedWhenAnswered = -1;
    connection.socket.once('data', () => {
      printedWhenAnswered = simulator.printed().length;
    });
    const start = performance.now();
    connection.socket.write(Buffer.concat([job, Uint8Array.from(DLE_EOT_4)]));
    expect([...(await connection.waitForBytes(1, 15_000))]).toEqual([0x12]);
    const elapsed = performance.now() - start;

    // Everything before it entered the 4 KB buffer first: at least all but 4 KB had printed, at 250 mm/s.
    expect(printedWhenAnswered).toBeGreaterThanOrEqual(job.length - 4096);
    expect(elapsed).toBeGreaterThan(((job.length - 4096) / bytesPerSecond(250)) * 1000 * 0.9);
    expect(simulator.printedText()).not.toContain('END OF RECEIPT');
  });
});

describe('device model: closing the connection after the sender FIN', () => {
  /** Sends a 0.05 m receipt (200 ms at 250 mm/s) and half-closes; when the printer closed and printed the marker. */
  async function closeTimes(closeAfterEof: CloseAfterEof, waitMs = 2_000) {
    const simulator = await printer(startRealPrinter('plain', { closeAfterEof }));
    const connection = await client(simulator.port);
    let printedAtClose: boolean | null = null;
    let closedAt: number | null = null;
    connection.socket.once('end', () => {
      closedAt = performance.now();
      printedAtClose = simulator.printedText().includes('CLOSE MARKER');
    });
    await connection.write(receiptOfLength(0.05, { marker: 'CLOSE MARKER' }));
    connection.socket.end();
    await simulator.waitForPrinted('CLOSE MARKER');
    const printedAt = performance.now();
    await Promise.race([connection.closed, sleep(waitMs)]);
    return { printedAtClose, closedAt: closedAt as number | null, printedAt };
  }

  it('at-once: closes as soon as the data is in the buffer, before it printed', async () => {
    const { printedAtClose, closedAt } = await closeTimes('at-once');
    expect(closedAt).not.toBeNull();
    expect(printedAtClose).toBe(false);
  });

  it('after-printing: closes once the mechanism executed everything', async () => {
    const { printedAtClose, closedAt } = await closeTimes('after-printing');
    expect(closedAt).not.toBeNull();
    expect(printedAtClose).toBe(true);
  });

  it('afterPrintingMs: closes that long after it printed', async () => {
    const { closedAt, printedAt } = await closeTimes({ afterPrintingMs: 300 });
    expect(closedAt).not.toBeNull();
    expect((closedAt ?? 0) - printedAt).toBeGreaterThan(250);
  });

  it('never: keeps the connection open after printing', async () => {
    const { closedAt } = await closeTimes('never', 400);
    expect(closedAt).toBeNull();
  });
});

describe('device model: finite roll', () => {
  it('runs out part-way through a job with ASB on each change, holds the sender, and prints on after a new roll', async () => {
    const simulator = await printer(startRealPrinter('epson', { mmPerSecond: 2_500, rollMm: 100, nearEndMm: 50 }));
    const connection = await client(simulator.port);
    await connection.write(GS_A_ALL);
    expect([...(await connection.waitForBytes(4))]).toEqual([0x10, 0, 0, 0]);
    const job = receiptOfLength(1);
    connection.socket.write(job);

    // Near end after 50 mm, out once the 100 mm are used up (the 24th line): the mechanism stops there.
    expect([...(await connection.waitForBytes(12)).subarray(4)]).toEqual([0x10, 0, 0x03, 0, 0x18, 0, 0x0f, 0]);
    expect(simulator.state.paper).toBe('out');
    expect(simulator.printedText().split('\n')).toHaveLength(24 + 1);
    // The buffer fills and the sender is held: the printer read at most 4 KB beyond what it printed.
    await until(() => simulator.buffered() > 4096 - LINE_BYTES, 'the buffer to fill');
    const read = simulator.bytesRead();
    await sleep(200);
    expect(simulator.bytesRead()).toBe(read);
    expect(read).toBeLessThan(job.length);

    // set({ paper: 'ok' }) puts in another roll of the same 100 mm: 24 more lines, and out again.
    simulator.set({ paper: 'ok' });
    expect([...(await connection.waitForBytes(24)).subarray(12)]).toEqual([0x10, 0, 0, 0, 0x10, 0, 0x03, 0, 0x18, 0, 0x0f, 0]);
    expect(simulator.printedText().split('\n')).toHaveLength(48 + 1);

    simulator.loadRoll(2_000);
    await simulator.waitForPrinted('END OF RECEIPT');
    expect([...connection.received().subarray(24)]).toEqual([0x10, 0, 0, 0]);
    expect(simulator.bytesRead()).toBe(job.length + GS_A_ALL.length);
  });
});

describe('device model: status flood', () => {
  it('sends valid ASB blocks of the current status at tens of MB/s for a bounded time', async () => {
    // No DLE EOT answers: the request below only shows the connection is served, and the flood is all it receives.
    const simulator = await printer(startTcpPrinterSimulator({ answersRealTime: false }));
    simulator.set({ paper: 'near-end' });
    const socket = net.connect({ port: simulator.port, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let received = 0;
    let invalid = 0;
    socket.on('data', (chunk: Buffer) => {
      for (let index = 0; index < chunk.length; index++) {
        const expected = [0x10, 0, 0x03, 0][(received + index) % 4];
        if (chunk[index] !== expected) invalid += 1;
      }
      received += chunk.length;
    });
    socket.write(Uint8Array.from(DLE_EOT_4));
    await until(() => simulator.requests.length === 1, 'the connection to be served');
    const sent = await simulator.floodAsb(50_000_000, 200);
    await until(() => received === sent, 'the flood to arrive');
    socket.destroy();
    expect(sent % 4).toBe(0);
    // On a quiet machine about 10 MB; at least a few MB even on a busy one.
    expect(sent).toBeGreaterThan(2_000_000);
    expect(sent).toBeLessThanOrEqual(50_000_000 * 0.2 + 4);
    expect(invalid).toBe(0);
  });
});

describe('device model: USB with a finite buffer', () => {
  it('completes a bulk OUT transfer only once its bytes are in the buffer, and times out as the usb package does', async () => {
    const simulator = createUsbPrinterSimulator({ bufferBytes: 1024, mmPerSecond: 2_500 });
    running.push(simulator);
    const { device } = simulator;
    await device.open();
    await device.claimInterface(0);

    const job = receiptOfLength(0.4, { marker: 'USB MARKER' });
    const result = await device.transferOut(1, job, 5_000);
    expect(result).toEqual({ bytesWritten: job.length, status: 'ok' });
    // It completed when the last byte went in: all but at most a buffer's worth had printed by then.
    expect(simulator.printed().length).toBeGreaterThanOrEqual(job.length - 1024);
    await simulator.waitForPrinted('USB MARKER\n');

    // Paper out: the mechanism stops, the buffer fills, the device NAKs until the transfer times out.
    simulator.set({ paper: 'out' });
    const stuck = receiptOfLength(0.2, { marker: 'NEVER' });
    const failure = await device.transferOut(1, stuck, 100).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UsbTransferTimeoutError);
    expect((failure as UsbTransferTimeoutError).message).toBe('LIBUSB_ERROR_TIMEOUT');
    expect((failure as UsbTransferTimeoutError).bytesWritten).toBe(1024);
    expect(simulator.buffered()).toBe(1024);

    // DLE EOT is answered once it is read: at once now that the buffer has room again after paper came back.
    simulator.set({ paper: 'ok' });
    await until(() => simulator.buffered() === 0, 'the 1024 bytes it took to print');
    expect(simulator.printedText()).not.toContain('NEVER');
    await device.transferOut(1, Uint8Array.from(DLE_EOT_4), 1_000);
    expect((await device.transferIn(2, 8)).data?.getUint8(0)).toBe(0x12);

    // A status request submitted while a job's transfer waits goes after it on the endpoint: it completes, and is
    // answered, only once the whole job is in the buffer.
    const second = receiptOfLength(0.2, { marker: 'SECOND' });
    const order: string[] = [];
    const jobSent = device.transferOut(1, second, 5_000).then(() => order.push('job'));
    const requestSent = device.transferOut(1, Uint8Array.from(DLE_EOT_4), 5_000).then(() => order.push('request'));
    // Each read comes back empty after 200 ms of silence: read until the answer is there.
    let answered: DataView | undefined;
    for (let reads = 0; reads < 20 && !answered?.byteLength; reads++) answered = (await device.transferIn(2, 8)).data;
    expect(answered?.getUint8(0)).toBe(0x12);
    // Printed by then: the first job, the 1024 bytes taken before the timeout, all but a buffer's worth of the second.
    expect(simulator.printed().length).toBeGreaterThanOrEqual(job.length + 1024 + (second.length - 1024));
    await Promise.all([jobSent, requestSent]);
    expect(order).toEqual(['job', 'request']);
    await device.releaseInterface(0);
    await device.close();
  });
});
