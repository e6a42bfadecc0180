import type { DiscoveredPrinter, PrinterDiscovery } from '../../services/printers/printer-discovery';
import type { WinspoolBinding } from './winspool-binding';
import { winspoolStatus } from './winspool-status';

/** Windows printers from the spooler: local queues and connections to shared ones. */
export function createWinspoolDiscovery(binding: () => Promise<WinspoolBinding>): PrinterDiscovery {
  return {
    source: 'winspool',
    async discover(): Promise<DiscoveredPrinter[]> {
      const spooler = await binding();
      const [printers, defaultName] = await Promise.all([spooler.enumPrinters(), spooler.getDefaultPrinter()]);
      return printers.map((printer) => ({
        name: printer.printerName,
        uri: `windows:${printer.printerName}`,
        port: printer.portName,
        driver: printer.driverName,
        status: winspoolStatus(printer.status, printer.attributes),
        isDefault: printer.printerName === defaultName,
        hints: [printer.comment].filter(Boolean),
      }));
    },
  };
}
