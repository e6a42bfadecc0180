import type { InputOf, OutputOf } from '../../../shared/contract/methods';
import { createNodeUsbBackend } from '../../platform/usb/node-usb-backend';
import type { UsbBackend } from '../../platform/usb/usb-backend';
import { PrinterProber } from '../printers/probe-printer';
import { usbDevicesSeen } from '../printers/probe-usb';

export interface ProbeDeps {
  prober: PrinterProber;
  usb: UsbBackend;
}

type ProbeHandlers = {
  probePrinter(input: InputOf<'probePrinter'>): Promise<OutputOf<'probePrinter'>>;
  usbDevices(input: InputOf<'usbDevices'>): Promise<OutputOf<'usbDevices'>>;
};

/** "Añadir impresora": one network probe at a time (the prober refuses a second) and the USB devices seen. */
export function createProbeHandlers(deps: ProbeDeps = { prober: new PrinterProber(), usb: createNodeUsbBackend() }): ProbeHandlers {
  return {
    probePrinter: async ({ host, port, model }) => deps.prober.probe({ host, port, model }),
    usbDevices: async () => usbDevicesSeen(deps.usb),
  };
}
