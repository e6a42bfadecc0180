import { JobError } from '../../shared/job-error';
import { parsePrinterUri } from '../services/printers/printer-uri';
import type { PrinterTransport, TransportFactory } from '../services/printers/printer-transport';
import { createTcpTransport } from './tcp/tcp-transport';
import { createVirtualTransport } from './virtual/virtual-transport';

export interface PlatformContext {
  /** Where the virtual printer keeps its jobs. */
  virtualDir: string;
}

/** Maps each printer URI scheme to its platform adapter. */
export function createTransportFactory(context: PlatformContext): TransportFactory {
  return (uri: string): PrinterTransport => {
    const parsed = parsePrinterUri(uri);
    switch (parsed.kind) {
      case 'virtual':
        return createVirtualTransport(context.virtualDir);
      case 'tcp':
        return createTcpTransport(uri, { host: parsed.host, port: parsed.port });
      default:
        throw new JobError('PRINTER', `${parsed.kind} printers are not supported yet`);
    }
  };
}
