import type { UsbBackend, UsbConfigurationLike, UsbDeviceLike, UsbTransferResult } from '../../../src/main/platform/usb/usb-backend';
import { PrinterCore } from './printer-core';
import type { PrinterConnection } from './printer-link';
import { simulatorApi } from './simulator-api';
import { BulkOut } from './usb-bulk-out';
import type { UsbPrinterSimulator, UsbPrinterSimulatorOptions } from './types';

const PRINTER_INTERFACE = 0;
const BULK_OUT = 1;
const BULK_IN = 2;
/** How long a bulk IN read waits for the printer to say something before it comes back empty. */
const IN_WAIT_MS = 200;
/** The `usb` package's timeout for a transfer called without one. */
const DEFAULT_TRANSFER_TIMEOUT_MS = 1_000;
/** A device keeps little of what it has to say until the host reads it (a status flood tops up only to this). */
const IN_BACKLOG_LIMIT = 4_096;

/** Like an Epson TM on USB: one printer-class interface with a bulk OUT (0x01) and a bulk IN (0x82) endpoint. */
const CONFIGURATION: UsbConfigurationLike = {
  configurationValue: 1,
  interfaces: [
    {
      interfaceNumber: PRINTER_INTERFACE,
      alternate: {
        interfaceClass: 7,
        endpoints: [
          { endpointNumber: BULK_OUT, direction: 'out', type: 'bulk' },
          { endpointNumber: BULK_IN, direction: 'in', type: 'bulk' },
        ],
      },
    },
  ],
};

/** Errors as libusb names them, so the service's messages read as they would with a real device. */
const usbError = (code: string): Error => new Error(code);

/**
 * A bulk OUT transfer that timed out while the device NAKed (its buffer full). Like the `usb` package it rejects, the
 * part that went through lost to the caller; the device kept that part (see `bytesWritten`, for tests).
 */
export class UsbTransferTimeoutError extends Error {
  constructor(readonly bytesWritten: number) {
    super('LIBUSB_ERROR_TIMEOUT');
    this.name = 'UsbTransferTimeoutError';
  }
}

/**
 * The simulated printer as a USB device (the `usb` package's WebUSB-style shape). The printer keeps its replies until
 * the host reads them from the bulk IN endpoint; pulling the cable loses them, as the device resets.
 */
class SimulatedUsbDevice implements UsbDeviceLike {
  opened = false;
  configuration: UsbConfigurationLike | null = null;
  plugged = true;
  readonly serialNumber: string | null;
  private claimed = false;
  private connection: PrinterConnection;
  private bulkOut: BulkOut;
  private replies: Uint8Array = new Uint8Array(0);
  private readonly readers = new Set<() => void>();

  constructor(
    private readonly core: PrinterCore,
    public vendorId: number,
    public productId: number,
    serial: string | undefined,
  ) {
    this.serialNumber = serial ?? null;
    this.connection = this.connect();
    this.bulkOut = new BulkOut(this.connection);
    // The mechanism made room: transfers waiting on a full buffer look again; the simulator closed: they end now.
    core.onProgress(() => (core.closed ? this.bulkOut.cancel() : this.bulkOut.progressed()));
  }

  async open(): Promise<void> {
    this.present();
    this.opened = true;
    this.configuration = CONFIGURATION;
  }

  async close(): Promise<void> {
    this.connection.flush();
    this.opened = false;
    this.claimed = false;
  }

  async selectConfiguration(value: number): Promise<void> {
    this.usable();
    if (value !== CONFIGURATION.configurationValue) throw usbError('LIBUSB_ERROR_NOT_FOUND');
    this.configuration = CONFIGURATION;
  }

  async claimInterface(interfaceNumber: number): Promise<void> {
    this.usable();
    if (interfaceNumber !== PRINTER_INTERFACE) throw usbError('LIBUSB_ERROR_NOT_FOUND');
    this.claimed = true;
  }

  async releaseInterface(interfaceNumber: number): Promise<void> {
    this.usable();
    if (interfaceNumber !== PRINTER_INTERFACE) throw usbError('LIBUSB_ERROR_NOT_FOUND');
    this.connection.flush();
    this.claimed = false;
  }

  /** No usblp here: libusb reports that no kernel driver is attached. */
  async detachKernelDriver(): Promise<void> {
    this.usable();
    throw usbError('LIBUSB_ERROR_NOT_FOUND');
  }

  /**
   * Completes once all of `data` is in the printer's buffer: with a finite one the device NAKs while it is full, so a
   * transfer takes as long as the mechanism needs to make room (usb-bulk-out.ts). `timeoutMs` as the `usb` package
   * takes it: undefined is its 1000 ms, 0 none (libusb's meaning).
   */
  async transferOut(endpointNumber: number, data: Uint8Array, timeoutMs = DEFAULT_TRANSFER_TIMEOUT_MS): Promise<UsbTransferResult> {
    this.transferable(endpointNumber, BULK_OUT);
    const written = await this.bulkOut.transfer(data, timeoutMs);
    // Unplugged meanwhile: the transfer fails as libusb reports a vanished device.
    this.present();
    if (written < data.length) throw new UsbTransferTimeoutError(written);
    return { bytesWritten: data.length, status: 'ok' };
  }

  async transferIn(endpointNumber: number, length: number): Promise<{ data?: DataView; status: string }> {
    this.transferable(endpointNumber, BULK_IN);
    if (this.replies.length === 0) await this.replyOrTimeout();
    this.present();
    // Copies with their own ArrayBuffer: a DataView spans its whole buffer.
    const taken = new Uint8Array(this.replies.subarray(0, length));
    this.replies = new Uint8Array(this.replies.subarray(taken.length));
    return { data: new DataView(taken.buffer), status: 'ok' };
  }

  unplug(): void {
    if (!this.plugged) return;
    this.plugged = false;
    this.opened = false;
    this.claimed = false;
    this.configuration = null;
    this.replies = new Uint8Array(0);
    this.connection.closed();
    this.wakeReaders();
    this.bulkOut.progressed();
  }

  plugIn(): void {
    if (this.plugged) return;
    this.plugged = true;
    this.connection = this.connect();
    this.bulkOut = new BulkOut(this.connection);
  }

  /** The simulator closes: reads waiting for a reply come back empty now. */
  wakeReaders(): void {
    for (const wake of this.readers) wake();
  }

  private connect(): PrinterConnection {
    return this.core.connect({
      isOpen: () => this.plugged,
      send: (bytes) => {
        this.replies = new Uint8Array(Buffer.concat([this.replies, bytes]));
        this.wakeReaders();
      },
      // USB has no half-close: the printer interface stays.
      finish: () => undefined,
      room: () => IN_BACKLOG_LIMIT - this.replies.length,
      hold: (held) => {
        if (!held) this.bulkOut.progressed();
      },
    });
  }

  private replyOrTimeout(): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.readers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, IN_WAIT_MS);
      this.readers.add(wake);
    });
  }

  private present(): void {
    if (!this.plugged) throw usbError('LIBUSB_ERROR_NO_DEVICE');
  }

  private usable(): void {
    this.present();
    if (!this.opened) throw usbError('LIBUSB_ERROR_IO: device not open');
  }

  private transferable(endpointNumber: number, expected: number): void {
    this.usable();
    if (!this.claimed) throw usbError('LIBUSB_ERROR_NOT_FOUND: interface not claimed');
    if (endpointNumber !== expected) throw usbError('LIBUSB_ERROR_PIPE');
  }
}

const hex = (id: number): string => id.toString(16).padStart(4, '0');

/** A fake USB printer device (UsbDeviceLike) on the simulated mechanism, plus a backend listing it while plugged in. */
export function createUsbPrinterSimulator(options: UsbPrinterSimulatorOptions = {}): UsbPrinterSimulator {
  const { vendorId = 0x04b8, productId = 0x0202, serial, ...printerOptions } = options;
  const core = new PrinterCore(printerOptions);
  const device = new SimulatedUsbDevice(core, vendorId, productId, serial);
  const backend: UsbBackend = { getDevices: async () => (device.plugged ? [device] : []) };
  const api = simulatorApi(core, {
    unplug: () => device.unplug(),
    plugIn: () => device.plugIn(),
    close: async () => device.wakeReaders(),
  });
  return Object.assign(api, { device, backend, uri: `usb:${hex(vendorId)}:${hex(productId)}${serial ? `:${serial}` : ''}` });
}
