import type { PrinterType } from '../../../shared/printers';

export interface PrinterIdentity {
  name: string;
  port: string;
  driver: string;
  /** Extra descriptive text (a CUPS description, a make and model) checked like the name. */
  hints?: readonly string[];
}

export interface PrinterClass {
  printer_type: PrinterType;
  is_virtual: boolean;
}

/**
 * Receipt printer families by the names their drivers and queues carry. Kept as one table so the README and
 * the table test can list exactly what is recognised.
 */
export const THERMAL_PATTERNS: readonly RegExp[] = [
  /\bPOS[-_ ]?(?:58|76|80)(?!\d)/i,
  /\bEPSON\b.*\bTM[-_ ]?[A-Z]?\d/i,
  /\bTM[-_](?:T|U|M|P|L|H|J)\d/i,
  /\bStar\b.*\b(?:TSP|mC|mPOP|SM-|SP\d)/i,
  /\bTSP\s?\d{3}/i,
  /\bmC-Print/i,
  /\bXP[-_ ]?(?:\d{2,3}|[A-Z]\d{2,3})/i,
  /\bXprinter\b/i,
  /\bBixolon\b|\bSRP[-_ ]?\d{3}/i,
  /\bCitizen\b.*\bCT[-_ ]?S\d|\bCT-S\d{3}/i,
  /\bRongta\b|\bRP\d{2,3}\b/i,
  /\bHPRT\b/i,
  /\bSewoo\b|\bLK-T\d/i,
  /\b(?:58|76|80)\s?mm\s+Series\b/i,
  /\bthermal\b|\breceipt\b/i,
];

/** Print-to-file and document writers: they never put a receipt on paper. */
export const VIRTUAL_PATTERNS: readonly RegExp[] = [
  /\bPrint to PDF\b/i,
  /\bXPS\b/i,
  /\bOneNote\b/i,
  /\bFax\b/i,
  /\bPDF\s?(?:Creator|24|Writer|Printer|Architect|Converter)\b/i,
  /\b(?:CutePDF|doPDF|novaPDF|PrimoPDF|Bullzip|Foxit|Adobe PDF|PDFCreator|PDF-XChange)\b/i,
  /\bTicketera Virtual Printer\b/i,
];

/** Ports and URIs that reach a printer over the network. */
const NETWORK_PORT_PATTERNS: readonly RegExp[] = [
  /^IP_/i,
  /^TCP/i,
  /^WSD/i,
  /^(?:socket|ipp|ipps|lpd|http|https|dnssd|smb):\/\//i,
  /^\d{1,3}(?:\.\d{1,3}){3}(?:[:_]\d+)?$/,
  /^\\\\/,
];

/** Ports of print-to-file queues (Windows' "Microsoft Print to PDF" prints to PORTPROMPT:). */
const VIRTUAL_PORT_PATTERNS: readonly RegExp[] = [/^(?:PORTPROMPT|FILE|nul|XPSPort|SHRFAX):?$/i, /^(?:cups-pdf|file):/i];

const GENERIC_TEXT = /\bGeneric\s*\/\s*Text Only\b/i;
const USB_PORT = /^(?:USB\d{3}|usb:|usb:\/\/)/i;

/**
 * Ticketera's reading of a printer. Order matters: a PDF writer is virtual even when its name says "receipt"; a
 * thermal printer on the network is still thermal (that is what the summary counts); the generic text driver is a
 * receipt printer only when it sits on a USB port, the usual Windows set-up for no-name POS printers.
 */
export function classifyPrinter(printer: PrinterIdentity): PrinterClass {
  const texts = [printer.name, printer.driver, ...(printer.hints ?? [])];
  const port = printer.port.trim();
  if (texts.some((text) => VIRTUAL_PATTERNS.some((pattern) => pattern.test(text))) || VIRTUAL_PORT_PATTERNS.some((p) => p.test(port))) {
    return { printer_type: 'virtual', is_virtual: true };
  }
  if (texts.some((text) => THERMAL_PATTERNS.some((pattern) => pattern.test(text)))) return physical('thermal');
  if (GENERIC_TEXT.test(printer.driver) && USB_PORT.test(port)) return physical('thermal');
  if (NETWORK_PORT_PATTERNS.some((pattern) => pattern.test(port)) || printer.name.startsWith('\\\\')) return physical('network');
  return physical('unknown');
}

function physical(printer_type: PrinterType): PrinterClass {
  return { printer_type, is_virtual: false };
}
