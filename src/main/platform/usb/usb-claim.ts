import { JobError, NothingSentError } from '../../../shared/job-error';
import { USB_CLASS_PRINTER, type UsbBackend, type UsbDeviceLike, type UsbEndpointLike } from './usb-backend';

export interface UsbTarget {
  vendorId: number;
  productId: number;
  serial?: string;
}

export const USB_ON_WINDOWS_HINT =
  'on Windows most receipt printers are bound to the system print driver (usbprint) and cannot be claimed directly; ' +
  'print through its Windows queue instead (printer "windows:QUEUE NAME", listed by "npm run cli -- printers")';

/** A printer-class interface claimed for this process; `release` gives it back and closes the device. */
export interface ClaimedPrinter {
  device: UsbDeviceLike;
  out: UsbEndpointLike;
  /** The bulk IN endpoint status answers come back on, when the printer has one. */
  in: UsbEndpointLike | undefined;
  release(): Promise<void>;
}

export const usbPrinterName = (target: UsbTarget): string =>
  `USB printer ${hex(target.vendorId)}:${hex(target.productId)}${target.serial ? ` (${target.serial})` : ''}`;

/**
 * Finds the device, opens it and claims its printer-class interface (detaching usblp on Linux). Every failure here
 * comes before any transfer to the printer: a NothingSentError.
 */
export async function claimUsbPrinter(target: UsbTarget, backend: UsbBackend, platform: NodeJS.Platform): Promise<ClaimedPrinter> {
  const fail = (text: string): JobError => new NothingSentError('PRINTER', `${usbPrinterName(target)} ${text}`);
  let devices: UsbDeviceLike[];
  try {
    devices = await backend.getDevices();
  } catch (error) {
    throw fail(`cannot be looked for: USB is not accessible (${(error as Error).message})`);
  }
  const device = devices.find(
    (candidate) =>
      candidate.vendorId === target.vendorId && candidate.productId === target.productId && (!target.serial || candidate.serialNumber === target.serial),
  );
  if (!device) throw fail('is not connected');
  try {
    if (!device.opened) await device.open();
    if (!device.configuration) await device.selectConfiguration(1);
  } catch (error) {
    throw fail(`cannot be opened (${(error as Error).message}); ${platform === 'win32' ? USB_ON_WINDOWS_HINT : 'check permissions (udev rule)'}`);
  }
  const printerInterface = device.configuration?.interfaces.find(
    (candidate) => candidate.alternate.interfaceClass === USB_CLASS_PRINTER && bulk(candidate.alternate.endpoints, 'out'),
  );
  const out = printerInterface && bulk(printerInterface.alternate.endpoints, 'out');
  if (!printerInterface || !out) {
    await device.close().catch(() => undefined);
    throw fail('has no printer-class interface with a bulk OUT endpoint');
  }
  if (platform === 'linux') {
    // usblp owns the interface while attached; "no driver attached" is fine, so errors are ignored here.
    await device.detachKernelDriver(printerInterface.interfaceNumber).catch(() => undefined);
  }
  try {
    await device.claimInterface(printerInterface.interfaceNumber);
  } catch (error) {
    await device.close().catch(() => undefined);
    const hint = platform === 'win32' ? USB_ON_WINDOWS_HINT : 'another program or driver is using it';
    throw fail(`cannot be claimed (${(error as Error).message}); ${hint}`);
  }
  return {
    device,
    out,
    in: bulk(printerInterface.alternate.endpoints, 'in'),
    release: async () => {
      await device.releaseInterface(printerInterface.interfaceNumber).catch(() => undefined);
      await device.close().catch(() => undefined);
    },
  };
}

/** Sends bytes to the claimed printer in bulk transfers; stops early once `abandoned` says the caller gave up. */
export async function writeChunks(
  claimed: ClaimedPrinter,
  bytes: Uint8Array,
  options: { chunkBytes: number; transferTimeoutMs: number; where: string; taken?: (bytes: number) => void },
  abandoned: () => boolean = () => false,
): Promise<void> {
  const fail = (text: string): JobError => new JobError('PRINTER', `${options.where} ${text}`);
  for (let offset = 0; offset < bytes.length && !abandoned(); offset += options.chunkBytes) {
    const chunk = bytes.subarray(offset, offset + options.chunkBytes);
    const result = await claimed.device.transferOut(claimed.out.endpointNumber, chunk, options.transferTimeoutMs).catch((error: unknown) => {
      throw fail(`stopped taking data after ${offset} of ${bytes.length} bytes (${(error as Error).message})`);
    });
    if (result.status !== 'ok' || result.bytesWritten !== chunk.length) {
      throw fail(`took ${offset + Math.max(0, result.bytesWritten)} of ${bytes.length} bytes (${result.status})`);
    }
    options.taken?.(chunk.length);
  }
}

function bulk(endpoints: UsbEndpointLike[], direction: 'in' | 'out'): UsbEndpointLike | undefined {
  return endpoints.find((endpoint) => endpoint.direction === direction && endpoint.type === 'bulk');
}

function hex(id: number): string {
  return id.toString(16).padStart(4, '0');
}
