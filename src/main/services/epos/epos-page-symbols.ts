import { barcodeSymbol, code128InSetB, GS_K } from '../../../shared/escpos/barcodes/barcode-symbol';
import type { ErrorCorrection } from '../../../shared/document/types';
import { EposParameterError } from './epos-errors';
import { barcodeCommand, symbolCommand } from './epos-symbols';
import type { XmlElement } from './epos-xml';

/** Epson's defaults for `<barcode>` where the request leaves them out: 3-dot modules, 162 dots tall. */
const BARCODE_DEFAULTS = { width: 3, height: 162 } as const;
/** Epson's default QR module (`<symbol width>`), in dots. */
const QR_DEFAULT_MODULE = 3;

/** A barcode for a page: its bars (BarcodeSymbol runs), their module and height in dots, and its number's line. */
export interface PageBarcode {
  runs: number[];
  moduleDots: number;
  height: number;
  hri?: { text: string; above: boolean; below: boolean };
}

/** A QR code for a page: its bytes, level and module in dots. */
export interface PageQr {
  data: Uint8Array;
  level: ErrorCorrection;
  cell: number;
}

/**
 * `<barcode>` inside `<page>`: the same element as outside a page (checked by barcodeCommand, so the same requests are
 * refused), as the bars the printer's page buffer would hold.
 */
export function pageBarcode(element: XmlElement): PageBarcode {
  const command = barcodeCommand(element, 'left');
  if (command.type !== 'barcode') throw new EposParameterError('<barcode> inside <page> is not a barcode');
  const { symbology, hri = 'none' } = command.data;
  // GS k's data: CODE128 names its code set first, as Epson's own code128 data does ({B when the request has none).
  const text = symbology === 'CODE128' && !/^\{[ABC]/.test(element.text) ? code128InSetB(element.text) : element.text;
  let symbol: ReturnType<typeof barcodeSymbol>;
  try {
    symbol = barcodeSymbol(GS_K[symbology], Buffer.from(text, 'latin1'));
  } catch (error) {
    throw new EposParameterError(`<barcode> ${(error as Error).message}`);
  }
  const bars = { runs: symbol.runs, moduleDots: command.data.width ?? BARCODE_DEFAULTS.width, height: command.data.height ?? BARCODE_DEFAULTS.height };
  if (hri === 'none') return bars;
  return { ...bars, hri: { text: symbol.hri, above: hri === 'above' || hri === 'both', below: hri === 'below' || hri === 'both' } };
}

/** `<symbol>` inside `<page>`: a QR code; other symbols are refused by name, as before. */
export function pageQr(element: XmlElement): PageQr {
  const [command] = symbolCommand(element, 'left');
  if (command?.type !== 'qr') throw new EposParameterError(`<symbol type="${element.attributes['type'] ?? ''}"> inside <page> cannot be drawn by Ticketera; print it after </page>`);
  return { data: Buffer.from(command.data.data, 'utf8'), level: command.data.error_correction ?? 'M', cell: command.data.size ?? QR_DEFAULT_MODULE };
}
