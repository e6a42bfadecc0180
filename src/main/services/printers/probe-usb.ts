import type { UsbDeviceSeen, UsbDevicesSeen } from '../../../shared/contract/printer-probe-types';
import { USB_CLASS_PRINTER, type UsbBackend, type UsbDeviceLike } from '../../platform/usb/usb-backend';

/** Listing never holds the window up: libusb may stall on a device that is being plugged in. */
const LIST_TIMEOUT_MS = 3_000;

const hex4 = (id: number): string => id.toString(16).padStart(4, '0');

/** node-usb's devices carry their names (WebUSB style); the fakes and the narrow interface do not. */
function nameOf(device: UsbDeviceLike): string | null {
  const named = device as Partial<Record<'productName' | 'manufacturerName', unknown>>;
  const parts = [named.manufacturerName, named.productName].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? parts.join(' ').trim() : null;
}

function isPrinter(device: UsbDeviceLike): boolean {
  return device.configuration?.interfaces.some((entry) => entry.alternate.interfaceClass === USB_CLASS_PRINTER) ?? false;
}

/** The USB devices this computer sees, printers first, each with the URI a job would use. Nothing is opened. */
export async function usbDevicesSeen(backend: UsbBackend): Promise<UsbDevicesSeen> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const devices = await Promise.race([
      backend.getDevices(),
      new Promise<never>((_, failed) => {
        timer = setTimeout(() => failed(new Error(`no answer from USB within ${LIST_TIMEOUT_MS} ms`)), LIST_TIMEOUT_MS);
      }),
    ]);
    const seen = devices.map((device): UsbDeviceSeen => {
      const vendorId = hex4(device.vendorId);
      const productId = hex4(device.productId);
      return { uri: `usb:${vendorId}:${productId}${device.serialNumber ? `:${device.serialNumber}` : ''}`, vendorId, productId, name: nameOf(device), isPrinter: isPrinter(device) };
    });
    return { devices: seen.sort((a, b) => Number(b.isPrinter) - Number(a.isPrinter)), unavailable: null };
  } catch (error) {
    return { devices: [], unavailable: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
