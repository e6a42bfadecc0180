import { JobError } from '../../../shared/job-error';
import { withinDeadline } from '../within-deadline';
import type { PrinterTransport, PrintJobBytes } from '../../services/printers/printer-transport';
import { USB_CLASS_PRINTER, type UsbBackend, type UsbDeviceLike, type UsbEndpointLike } from './usb-backend';

export interface UsbTarget {
  vendorId: number;
  productId: number;
  serial?: string;
}

export interface UsbTransportOptions {
  /** Bounds the whole job. */
  timeoutMs?: number;
  /** Bounds each bulk transfer. */
  transferTimeoutMs?: number;
  platform?: NodeJS.Platform;
}

const CHUNK_BYTES = 16 * 1024;

export const USB_ON_WINDOWS_HINT =
  'on Windows most receipt printers are bound to the system print driver (usbprint) and cannot be claimed directly; ' +
  'print through its Windows queue instead (printer "windows:QUEUE NAME", listed by "npm run cli -- printers")';

/**
 * Direct USB printing: the printer-class interface is claimed and the job goes to its bulk OUT endpoint. Meant for
 * Linux/macOS boxes without a CUPS queue; on Windows the spooler path is the normal one (see USB_ON_WINDOWS_HINT).
 */
export function createUsbTransport(uri: string, target: UsbTarget, backend: UsbBackend, options: UsbTransportOptions = {}): PrinterTransport {
  const platform = options.platform ?? process.platform;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const transferTimeoutMs = options.transferTimeoutMs ?? 5_000;
  const where = `USB printer ${hex(target.vendorId)}:${hex(target.productId)}${target.serial ? ` (${target.serial})` : ''}`;
  const fail = (text: string): JobError => new JobError('PRINTER', `${where} ${text}`);

  const find = async (): Promise<UsbDeviceLike> => {
    let devices: UsbDeviceLike[];
    try {
      devices = await backend.getDevices();
    } catch (error) {
      throw fail(`cannot be looked for: USB is not accessible (${(error as Error).message})`);
    }
    const device = devices.find(
      (candidate) =>
        candidate.vendorId === target.vendorId &&
        candidate.productId === target.productId &&
        (!target.serial || candidate.serialNumber === target.serial),
    );
    if (!device) throw fail('is not connected');
    return device;
  };

  const claim = async (device: UsbDeviceLike): Promise<{ interfaceNumber: number; endpoint: UsbEndpointLike }> => {
    try {
      if (!device.opened) await device.open();
      if (!device.configuration) await device.selectConfiguration(1);
    } catch (error) {
      throw fail(`cannot be opened (${(error as Error).message}); ${platform === 'win32' ? USB_ON_WINDOWS_HINT : 'check permissions (udev rule)'}`);
    }
    const printerInterface = device.configuration?.interfaces.find(
      (candidate) => candidate.alternate.interfaceClass === USB_CLASS_PRINTER && bulkOut(candidate.alternate.endpoints),
    );
    const endpoint = printerInterface && bulkOut(printerInterface.alternate.endpoints);
    if (!printerInterface || !endpoint) throw fail('has no printer-class interface with a bulk OUT endpoint');
    if (platform === 'linux') {
      // usblp owns the interface while attached; "no driver attached" is fine, so errors are ignored here.
      await device.detachKernelDriver(printerInterface.interfaceNumber).catch(() => undefined);
    }
    try {
      await device.claimInterface(printerInterface.interfaceNumber);
    } catch (error) {
      const hint = platform === 'win32' ? USB_ON_WINDOWS_HINT : 'another program or driver is using it';
      throw fail(`cannot be claimed (${(error as Error).message}); ${hint}`);
    }
    return { interfaceNumber: printerInterface.interfaceNumber, endpoint };
  };

  const deliver = async (job: PrintJobBytes, abandoned: () => boolean): Promise<void> => {
    const device = await find();
    let claimed: number | undefined;
    try {
      const { interfaceNumber, endpoint } = await claim(device);
      claimed = interfaceNumber;
      for (let offset = 0; offset < job.bytes.length && !abandoned(); offset += CHUNK_BYTES) {
        const chunk = job.bytes.subarray(offset, offset + CHUNK_BYTES);
        const result = await device.transferOut(endpoint.endpointNumber, chunk, transferTimeoutMs).catch((error: unknown) => {
          throw fail(`stopped taking data after ${offset} of ${job.bytes.length} bytes (${(error as Error).message})`);
        });
        if (result.status !== 'ok' || result.bytesWritten !== chunk.length) {
          throw fail(`took ${offset + Math.max(0, result.bytesWritten)} of ${job.bytes.length} bytes (${result.status})`);
        }
      }
    } finally {
      if (claimed !== undefined) await device.releaseInterface(claimed).catch(() => undefined);
      await device.close().catch(() => undefined);
    }
  };

  return {
    uri,
    send: (job) => withinDeadline((abandoned) => deliver(job, abandoned), timeoutMs, () => fail(`did not take the job within ${timeoutMs} ms`)),
  };
}

function bulkOut(endpoints: UsbEndpointLike[]): UsbEndpointLike | undefined {
  return endpoints.find((endpoint) => endpoint.direction === 'out' && endpoint.type === 'bulk');
}

function hex(id: number): string {
  return id.toString(16).padStart(4, '0');
}
