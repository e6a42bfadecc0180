import { JobError } from '../../../shared/job-error';

/** The printer URIs Ticketera understands, parsed. */
export type PrinterUri =
  | { kind: 'virtual' }
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'cups'; name: string }
  | { kind: 'windows'; name: string }
  | { kind: 'usb'; vendorId: number; productId: number; serial?: string };

const DEFAULT_RAW_PORT = 9100;

/** A queue of the system's spooler (CUPS or Windows), whose listed status a job can bring up to date. */
export const isSpoolerQueue = (uri: string): boolean => /^(cups|windows):/.test(uri.trim());

export function parsePrinterUri(uri: string): PrinterUri {
  const text = uri.trim();
  if (text === 'virtual') return { kind: 'virtual' };
  if (text.startsWith('tcp://')) return parseTcp(text);
  const named = /^(cups|windows):(.+)$/.exec(text);
  if (named) return { kind: named[1] as 'cups' | 'windows', name: named[2] as string };
  const usb = /^usb:([0-9a-fA-F]{1,4}):([0-9a-fA-F]{1,4})(?::(.+))?$/.exec(text);
  if (usb) {
    const parsed: PrinterUri = {
      kind: 'usb',
      vendorId: Number.parseInt(usb[1] as string, 16),
      productId: Number.parseInt(usb[2] as string, 16),
    };
    return usb[3] ? { ...parsed, serial: usb[3] } : parsed;
  }
  throw new JobError('PRINTER', `unknown printer "${uri}" (use virtual, tcp://host:port, cups:NAME, windows:NAME or usb:VID:PID)`);
}

function parseTcp(text: string): PrinterUri {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new JobError('PRINTER', `invalid printer address "${text}"`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port ? Number(url.port) : DEFAULT_RAW_PORT;
  if (!host || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new JobError('PRINTER', `invalid printer address "${text}"`);
  }
  return { kind: 'tcp', host, port };
}
