import { describe, expect, it } from 'vitest';
import type { UsbBackend, UsbConfigurationLike, UsbDeviceLike, UsbTransferResult } from '../../src/main/platform/usb/usb-backend';
import { createUsbTransport } from '../../src/main/platform/usb/usb-transport';

/** A receipt printer on USB as node-usb shows it: a vendor interface 0 and the printer-class interface 1. */
class FakeUsbPrinter implements UsbDeviceLike {
  calls: string[] = [];
  received: Buffer[] = [];
  opened = false;
  configuration: UsbConfigurationLike | null = null;
  claimError: Error | null = null;
  /** Bytes each bulk transfer takes; fewer than the chunk means the printer stalled. */
  transferLimit = Number.POSITIVE_INFINITY;
  hangTransfers = false;

  constructor(
    public vendorId = 0x0416,
    public productId = 0x5011,
    public serialNumber: string | null = 'A1',
    private interfaces: UsbConfigurationLike['interfaces'] = [
      { interfaceNumber: 0, alternate: { interfaceClass: 0xff, endpoints: [{ endpointNumber: 1, direction: 'out', type: 'bulk' }] } },
      {
        interfaceNumber: 1,
        alternate: {
          interfaceClass: 7,
          endpoints: [
            { endpointNumber: 2, direction: 'in', type: 'bulk' },
            { endpointNumber: 3, direction: 'out', type: 'bulk' },
          ],
        },
      },
    ],
  ) {}

  async open() {
    this.calls.push('open');
    this.opened = true;
  }
  async close() {
    this.calls.push('close');
    this.opened = false;
  }
  async selectConfiguration(value: number) {
    this.calls.push(`selectConfiguration ${value}`);
    this.configuration = { configurationValue: value, interfaces: this.interfaces };
  }
  async claimInterface(number: number) {
    this.calls.push(`claim ${number}`);
    if (this.claimError) throw this.claimError;
  }
  async releaseInterface(number: number) {
    this.calls.push(`release ${number}`);
  }
  async detachKernelDriver(number: number) {
    this.calls.push(`detach ${number}`);
    throw new Error('LIBUSB_ERROR_NOT_FOUND');
  }
  async transferOut(endpoint: number, data: Uint8Array, timeoutMs?: number): Promise<UsbTransferResult> {
    this.calls.push(`transferOut ${endpoint} ${data.length} ${timeoutMs}`);
    if (this.hangTransfers) await new Promise(() => undefined);
    const taken = Math.min(data.length, this.transferLimit);
    this.received.push(Buffer.from(data.subarray(0, taken)));
    return { bytesWritten: taken, status: 'ok' };
  }
  /** A printer with nothing to say (this fake has no IN endpoint; only sessions read). */
  async transferIn(): Promise<{ data?: DataView; status: string }> {
    return { data: new DataView(new ArrayBuffer(0)), status: 'ok' };
  }
}

const backendOf = (...devices: UsbDeviceLike[]): UsbBackend => ({ getDevices: async () => devices });
const job = (size: number) => ({ id: 'j', bytes: Uint8Array.from({ length: size }, (_, index) => (index * 7) % 256) });

describe('usb transport', () => {
  it('claims the printer-class interface (detaching usblp on Linux) and sends the job to its bulk OUT endpoint', async () => {
    const printer = new FakeUsbPrinter();
    const sent = job(40_000);
    await createUsbTransport('usb:0416:5011', { vendorId: 0x0416, productId: 0x5011 }, backendOf(printer), { platform: 'linux', transferTimeoutMs: 900 }).send(sent);
    expect(Buffer.concat(printer.received)).toEqual(Buffer.from(sent.bytes));
    expect(printer.calls).toEqual([
      'open',
      'selectConfiguration 1',
      'detach 1',
      'claim 1',
      // 4 KiB chunks: a printer takes a transfer only as fast as it prints, so each fits the transfer bound.
      ...Array.from({ length: 9 }, () => 'transferOut 3 4096 900'),
      'transferOut 3 3136 900',
      'release 1',
      'close',
    ]);
  });

  it('picks the device by serial number when two identical printers are plugged in, and does not detach drivers off Linux', async () => {
    const first = new FakeUsbPrinter(0x0416, 0x5011, 'A1');
    const second = new FakeUsbPrinter(0x0416, 0x5011, 'B2');
    await createUsbTransport('usb:0416:5011:B2', { vendorId: 0x0416, productId: 0x5011, serial: 'B2' }, backendOf(first, second), { platform: 'darwin' }).send(job(10));
    expect(first.calls).toEqual([]);
    expect(second.received).toHaveLength(1);
    expect(second.calls).not.toContain('detach 1');
  });

  it('reports a printer that is not plugged in', async () => {
    await expect(createUsbTransport('usb:04b8:0202', { vendorId: 0x04b8, productId: 0x0202 }, backendOf(new FakeUsbPrinter())).send(job(10))).rejects.toThrow(
      'PRINTER: USB printer 04b8:0202 is not connected',
    );
  });

  it('on Windows, a claim refused by the system driver points to the spooler path', async () => {
    const printer = new FakeUsbPrinter();
    printer.claimError = new Error('LIBUSB_ERROR_NOT_SUPPORTED');
    const sending = createUsbTransport('usb:0416:5011', { vendorId: 0x0416, productId: 0x5011 }, backendOf(printer), { platform: 'win32' }).send(job(10));
    await expect(sending).rejects.toThrow(/^PRINTER: USB printer 0416:5011 cannot be claimed \(LIBUSB_ERROR_NOT_SUPPORTED\); on Windows most receipt printers are bound to the system print driver/);
    await expect(sending).rejects.toThrow(/windows:QUEUE NAME/);
    expect(printer.calls.at(-1)).toBe('close');
  });

  it('fails when the printer takes fewer bytes than sent', async () => {
    const printer = new FakeUsbPrinter();
    printer.transferLimit = 100;
    await expect(createUsbTransport('usb:0416:5011', { vendorId: 0x0416, productId: 0x5011 }, backendOf(printer), { platform: 'linux' }).send(job(300))).rejects.toThrow(
      'PRINTER: USB printer 0416:5011 took 100 of 300 bytes (ok)',
    );
    expect(printer.calls.slice(-2)).toEqual(['release 1', 'close']);
  });

  it('fails when there is no printer-class interface', async () => {
    const gadget = new FakeUsbPrinter(0x0416, 0x5011, null, [{ interfaceNumber: 0, alternate: { interfaceClass: 3, endpoints: [] } }]);
    await expect(createUsbTransport('usb:0416:5011', { vendorId: 0x0416, productId: 0x5011 }, backendOf(gadget)).send(job(1))).rejects.toThrow(
      'has no printer-class interface with a bulk OUT endpoint',
    );
  });

  it('fails in bounded time when a transfer never completes', async () => {
    const printer = new FakeUsbPrinter();
    printer.hangTransfers = true;
    const started = Date.now();
    await expect(
      createUsbTransport('usb:0416:5011', { vendorId: 0x0416, productId: 0x5011 }, backendOf(printer), { platform: 'linux', timeoutMs: 150 }).send({ ...job(10), printMs: 0 }),
    ).rejects.toThrow('PRINTER: USB printer 0416:5011 did not take the job within 150 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports USB being unavailable (no libusb access) as a PRINTER error', async () => {
    const broken: UsbBackend = { getDevices: () => Promise.reject(new Error('/sys/bus/usb/devices/ not found')) };
    await expect(createUsbTransport('usb:0416:5011', { vendorId: 0x0416, productId: 0x5011 }, broken).send(job(1))).rejects.toThrow(
      'PRINTER: USB printer 0416:5011 cannot be looked for: USB is not accessible (/sys/bus/usb/devices/ not found)',
    );
  });
});
