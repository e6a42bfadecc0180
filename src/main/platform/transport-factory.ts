import { NothingSentError } from '../../shared/job-error';
import { parsePrinterUri } from '../services/printers/printer-uri';
import type { PrinterTransport, TransportFactory } from '../services/printers/printer-transport';
import { createCupsTransport, type CupsTransportOptions } from './cups/cups-transport';
import { createTcpTransport, type TcpTransportOptions } from './tcp/tcp-transport';
import { createNodeUsbBackend } from './usb/node-usb-backend';
import type { UsbBackend } from './usb/usb-backend';
import { createUsbTransport, type UsbTransportOptions } from './usb/usb-transport';
import { createVirtualTransport, type PngRenderer } from './virtual/virtual-transport';
import { loadWinspool } from './winspool/load-winspool';
import type { WinspoolBinding } from './winspool/winspool-binding';
import { createWinspoolTransport, type WinspoolTransportOptions } from './winspool/winspool-transport';

export interface PlatformContext {
  /** Where the virtual printer keeps its jobs. */
  virtualDir: string;
  /** How the virtual printer renders its previews (off the event loop in the service). */
  renderPng?: PngRenderer;
  /** Overrides for tests and tuning; every one has a working default. */
  tcp?: Omit<TcpTransportOptions, 'host' | 'port'>;
  cups?: CupsTransportOptions;
  windows?: WinspoolTransportOptions & { binding?: () => Promise<WinspoolBinding> };
  usb?: UsbTransportOptions & { backend?: UsbBackend };
}

/** Maps each printer URI scheme to its platform adapter. */
export function createTransportFactory(context: PlatformContext): TransportFactory {
  let usbBackend: UsbBackend | undefined = context.usb?.backend;
  return (uri: string): PrinterTransport => {
    const parsed = parsePrinterUri(uri);
    switch (parsed.kind) {
      case 'virtual':
        return createVirtualTransport(context.virtualDir, context.renderPng);
      case 'tcp':
        return createTcpTransport(uri, { ...context.tcp, host: parsed.host, port: parsed.port });
      case 'cups':
        return createCupsTransport(uri, parsed.name, context.cups);
      case 'windows':
        return createWinspoolTransport(uri, parsed.name, context.windows?.binding ?? (() => loadWinspool()), context.windows);
      case 'usb':
        usbBackend ??= createNodeUsbBackend();
        return createUsbTransport(uri, parsed, usbBackend, context.usb);
      default:
        throw new NothingSentError('PRINTER', `unsupported printer "${uri}"`);
    }
  };
}
