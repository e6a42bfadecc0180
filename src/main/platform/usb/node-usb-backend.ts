import type { UsbBackend, UsbDeviceLike } from './usb-backend';

interface NodeUsbModule {
  usb: { getDevices(): Promise<unknown[]> };
}

/** The `usb` package (libusb), imported on first use so the service starts even where its binary is missing. */
export function createNodeUsbBackend(): UsbBackend {
  let loaded: Promise<NodeUsbModule> | null = null;
  return {
    async getDevices() {
      loaded ??= import('usb') as Promise<unknown> as Promise<NodeUsbModule>;
      const { usb } = await loaded;
      // node-usb's UsbDevice is a superset of UsbDeviceLike (same names and signatures).
      return (await usb.getDevices()) as UsbDeviceLike[];
    },
  };
}
