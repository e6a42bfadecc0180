import type { PrinterDiscovery } from '../services/printers/printer-discovery';
import { createPrinterCatalog, type SystemPrinterCatalog } from '../services/printers/system-printer-catalog';
import type { CommandRunner } from './command-runner';
import { createCupsDiscovery } from './cups/cups-discovery';
import { VIRTUAL_PRINTER_NAME } from './virtual/virtual-transport';
import { loadWinspool } from './winspool/load-winspool';
import type { WinspoolBinding } from './winspool/winspool-binding';
import { createWinspoolDiscovery } from './winspool/winspool-discovery';

export interface SystemPrinterOptions {
  platform?: NodeJS.Platform;
  /** Runs lpstat & co (tests may pass canned output). */
  run?: CommandRunner;
  winspool?: () => Promise<WinspoolBinding>;
}

/** Where this OS keeps its printers: the spooler on Windows, CUPS on Linux and macOS. */
export function createSystemPrinterDiscovery(options: SystemPrinterOptions = {}): PrinterDiscovery[] {
  const platform = options.platform ?? process.platform;
  if (platform === 'win32') return [createWinspoolDiscovery(options.winspool ?? (() => loadWinspool(platform)))];
  return [createCupsDiscovery(options.run ? { run: options.run } : {})];
}

export interface SystemCatalogOptions extends SystemPrinterOptions {
  /** The configured default printer (queue name or URI), e.g. ServiceConfig.printer. */
  defaultPrinter?: string | undefined;
  log?: (line: string) => void;
  /** Replaces the system's sources; `[]` gives a hermetic catalog (only the virtual printer) for service tests. */
  discovery?: PrinterDiscovery[];
}

/** The catalog the composition root and the CLI use: this system's printers plus Ticketera's virtual printer. */
export function createSystemPrinterCatalog(options: SystemCatalogOptions = {}): SystemPrinterCatalog {
  return createPrinterCatalog({
    discovery: options.discovery ?? createSystemPrinterDiscovery(options),
    virtualPrinterName: VIRTUAL_PRINTER_NAME,
    defaultPrinter: options.defaultPrinter,
    ...(options.log ? { log: options.log } : {}),
  });
}
