import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PrinterProber } from '../../src/main/services/printers/probe-printer';
import { probeHostOf } from '../../src/main/services/printers/probe-address';
import { usbDevicesSeen } from '../../src/main/services/printers/probe-usb';
import { startTcpPrinterSimulator } from '../support/printer-simulator';
import { startFullBacklogListener } from '../support/full-backlog-listener';

/** Short bounds so the silent and black-hole cases end quickly; the real ones are PROBE_TIMING. */
const TIMING = { connectTimeoutMs: 800, answerTimeoutMs: 600 };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A listener that accepts and reads but never says a word (a printer that answers no status, or not a printer). */
async function silentListener(): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.resume();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((done) => server.close(() => done()));
  });
  return (server.address() as net.AddressInfo).port;
}

/** A listener that answers any bytes at once with a web page, as a router's or nginx's port does. */
async function webPageListener(): Promise<number> {
  const page = 'HTTP/1.1 400 Bad Request\r\nServer: nginx\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<html><head><title>400 Bad Request</title></head><body><center><h1>400 Bad Request</h1></center><hr><center>nginx</center></body></html>\r\n';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => socket.end(page));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((done) => server.close(() => done()));
  });
  return (server.address() as net.AddressInfo).port;
}

/** A loopback port nobody listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('probing a network printer ("probar conexión")', () => {
  it('reports a printer that answers status, with its paper, and prints nothing', async () => {
    const printer = await startTcpPrinterSimulator();
    cleanups.push(() => printer.close());
    const prober = new PrinterProber(TIMING);
    const ready = await prober.probe({ host: '127.0.0.1', port: printer.port });
    expect(ready).toMatchObject({ found: 'answered-status', uri: `tcp://127.0.0.1:${printer.port}`, reading: { paper: 'ok', coverOpen: false } });
    printer.set({ paper: 'out' });
    expect((await prober.probe({ host: '127.0.0.1', port: printer.port })).reading).toMatchObject({ paper: 'out' });
    expect(printer.requests.every((request) => request.kind === 'dle-eot')).toBe(true);
    expect(printer.printed()).toHaveLength(0);
  });

  it('asks a Star printer in its own language when a Star model is chosen', async () => {
    const printer = await startTcpPrinterSimulator({ language: 'star' });
    cleanups.push(() => printer.close());
    const probe = await new PrinterProber(TIMING).probe({ host: '127.0.0.1', port: printer.port, model: 'star' });
    expect(probe.found).toBe('answered-status');
    expect(printer.requests.map((request) => request.kind)).toEqual(['star-status']);
    expect(printer.printed()).toHaveLength(0);
  });

  it('does not believe a web page as a status answer: something answered, but not a receipt printer', async () => {
    const port = await webPageListener();
    const prober = new PrinterProber(TIMING);
    // Its text holds bytes with a DLE EOT answer's fixed bits ("r", ">"): read as answers they would say "paper out".
    expect(await prober.probe({ host: '127.0.0.1', port })).toMatchObject({ found: 'answered-not-printer' });
    expect((await prober.probe({ host: '127.0.0.1', port, model: 'star' })).found).not.toBe('answered-status');
  });

  it('reports a port that accepts and stays quiet as open but silent, within the bound', async () => {
    const port = await silentListener();
    const probe = await new PrinterProber(TIMING).probe({ host: 'localhost', port });
    expect(probe.found).toBe('port-open-silent');
    expect(probe.elapsedMs).toBeLessThan(TIMING.answerTimeoutMs + 500);
  });

  it('reports a closed port as refused', async () => {
    const probe = await new PrinterProber(TIMING).probe({ host: '127.0.0.1', port: await closedPort() });
    expect(probe.found).toBe('refused');
  });

  it('reports an address where nothing completes the connection as nothing there, at the connect bound', async () => {
    const listener = await startFullBacklogListener();
    cleanups.push(() => listener.close());
    const probe = await new PrinterProber(TIMING).probe({ host: '127.0.0.1', port: listener.port });
    expect(probe.found).toBe('nothing-there');
    expect(probe.elapsedMs).toBeGreaterThanOrEqual(TIMING.connectTimeoutMs - 50);
    expect(probe.elapsedMs).toBeLessThan(TIMING.connectTimeoutMs + 500);
  });

  it('runs one probe at a time: a second one while the first waits answers busy', async () => {
    const port = await silentListener();
    const prober = new PrinterProber(TIMING);
    const first = prober.probe({ host: '127.0.0.1', port });
    const second = await prober.probe({ host: '127.0.0.1', port });
    expect(second.found).toBe('busy');
    expect((await first).found).toBe('port-open-silent');
  });

  it('never tries an address outside this computer and the local network, nor a name', async () => {
    const prober = new PrinterProber(TIMING);
    for (const host of ['8.8.8.8', 'example.com', '172.32.0.1', '2001:db8::1', '0.0.0.0']) {
      expect((await prober.probe({ host, port: 9100 })).found, host).toBe('not-lan');
    }
    for (const host of ['127.0.0.1', '10.0.0.9', '172.16.4.1', '192.168.1.50', '169.254.10.2', '::1', 'fe80::1', 'fd00::5', '[::1]', 'localhost']) {
      expect(probeHostOf(host), host).not.toBeNull();
    }
  });
});

describe('USB devices seen', () => {
  it('lists printers first with their URI and name, and says why when USB cannot be read', async () => {
    const printerClass = { configurationValue: 1, interfaces: [{ interfaceNumber: 0, alternate: { interfaceClass: 7, endpoints: [] } }] };
    const device = (vendorId: number, productId: number, extra: object) =>
      ({ vendorId, productId, serialNumber: null, opened: false, configuration: null, ...extra }) as unknown as Awaited<ReturnType<Parameters<typeof usbDevicesSeen>[0]['getDevices']>>[number];
    const seen = await usbDevicesSeen({
      getDevices: async () => [device(0x046d, 0xc52b, { productName: 'Receiver' }), device(0x0416, 0x5011, { manufacturerName: 'Winbond', productName: 'POS-80', configuration: printerClass })],
    });
    expect(seen).toEqual({
      unavailable: null,
      devices: [
        { uri: 'usb:0416:5011', vendorId: '0416', productId: '5011', name: 'Winbond POS-80', isPrinter: true },
        { uri: 'usb:046d:c52b', vendorId: '046d', productId: 'c52b', name: 'Receiver', isPrinter: false },
      ],
    });
    const failed = await usbDevicesSeen({ getDevices: () => Promise.reject(new Error('LIBUSB_ERROR_ACCESS')) });
    expect(failed).toEqual({ devices: [], unavailable: 'LIBUSB_ERROR_ACCESS' });
  });
});
