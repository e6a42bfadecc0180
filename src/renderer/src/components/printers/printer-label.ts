import type { TextKey } from '../../i18n';
import { isVirtualPrinter, type PrinterDetail } from '../../../../shared/printers';

type Text = (key: TextKey, values?: Record<string, string | number>) => string;

/** A printer as the owner reads it: a name in words and, for one Ticketera reaches itself, its address apart. */
export interface PrinterLabel {
  name: string;
  /** `10.0.0.9:9100` (a network printer's address and port), `usb:04b8:0202`: shown small under the name. */
  address?: string;
  /** The name is the system's or the POS's own (a queue): data, not a text of the window. */
  systemName: boolean;
}

const DEFAULT_RAW_PORT = '9100';

export { isVirtualPrinter };

/**
 * "Impresora de red 10.0.0.9" for `tcp://10.0.0.9:9100` (the port only when it is not the usual 9100, so two
 * printers behind one address stay apart), "Impresora USB 04B8:0202" for `usb:04b8:0202`, the virtual printer in
 * the window's words, and a queue of the system (`cups:Caja`, `Caja`) by its own name.
 */
export function printerLabelOf(printer: string, t: Text): PrinterLabel {
  const text = printer.trim();
  if (isVirtualPrinter(text)) return { name: t('virtualPrinterName'), systemName: false };
  const tcp = /^tcp:\/\/(\[[^\]]+\]|[^:/]+)(?::(\d+))?\/?$/i.exec(text);
  if (tcp) {
    const host = (tcp[1] as string).replace(/^\[(.*)\]$/, '$1');
    const port = tcp[2];
    const hostPart = host.includes(':') ? `[${host}]` : host;
    const shown = port === undefined || port === DEFAULT_RAW_PORT ? host : `${hostPart}:${port}`;
    // The address as an owner reads it off the printer's own status page (no `tcp://`), with its port.
    return { name: t('networkPrinterName', { host: shown }), address: `${hostPart}:${port ?? DEFAULT_RAW_PORT}`, systemName: false };
  }
  const usb = /^usb:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::(.+))?$/i.exec(text);
  if (usb) {
    const device = `${(usb[1] as string).padStart(4, '0')}:${(usb[2] as string).padStart(4, '0')}`.toUpperCase();
    return { name: t('usbPrinterName', { device: usb[3] ? `${device} (${usb[3]})` : device }), address: text, systemName: false };
  }
  const queue = /^(?:cups|windows):(.+)$/.exec(text);
  return { name: queue?.[1] ?? text, systemName: true };
}

/**
 * Printers as the options of a `<select>` (text only): each by its name in words; where two would read the same
 * (`Caja` asked for and `cups:Caja` used, or one address written two ways) each adds what it was written as.
 */
export function printerOptionTexts(printers: readonly string[], t: Text): { printer: string; text: string }[] {
  const labels = printers.map((printer) => ({ printer, name: printerLabelOf(printer, t).name }));
  const count = new Map<string, number>();
  for (const { name } of labels) count.set(name, (count.get(name) ?? 0) + 1);
  return labels.map(({ printer, name }) => ({ printer, text: (count.get(name) ?? 0) > 1 && !isVirtualPrinter(printer) ? `${name} (${printer})` : name }));
}

/**
 * What the Printers page says under a printer's port: how Ticketera reaches a printer it talks to itself ("Impresora
 * de red", "Conectada por USB"), never the service's own driver name for it; a system queue's driver as the system
 * names it (data: `systemName`); nothing for the virtual printer.
 */
export function printerReachOf(printer: Pick<PrinterDetail, 'name' | 'driver' | 'is_virtual'>, t: Text): { text: string; systemName: boolean } | undefined {
  if (printer.is_virtual) return undefined;
  if (/^tcp:\/\//i.test(printer.name)) return { text: t('printerReach_network'), systemName: false };
  if (/^usb:/i.test(printer.name)) return { text: t('printerReach_usb'), systemName: false };
  return printer.driver === '' ? undefined : { text: printer.driver, systemName: true };
}
