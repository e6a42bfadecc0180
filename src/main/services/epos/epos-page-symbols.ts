import { create as createQr } from 'qrcode';
import { barcodeSymbol, GS_K } from '../../../shared/escpos/barcodes/barcode-symbol';
import type { Raster } from '../../../shared/escpos/raster';
import { EposParameterError } from './epos-errors';
import { barcodeCommand, symbolCommand } from './epos-symbols';
import type { XmlElement } from './epos-xml';

/** Epson's defaults for `<barcode>` where the request leaves them out: 3-dot modules, 162 dots tall. */
const BARCODE_DEFAULTS = { width: 3, height: 162 } as const;
/** Epson's default QR module (`<symbol width>`), in dots. */
const QR_DEFAULT_MODULE = 3;

/** A barcode or QR code drawn for a page: its picture, and the human-readable line a barcode prints with it. */
export interface PageSymbol {
  raster: Raster;
  hri?: { text: string; above: boolean; below: boolean };
}

/**
 * `<barcode>` inside `<page>`: the same element as outside a page (checked by barcodeCommand, so the same requests are
 * refused), drawn bar by bar at its module width and height, as the printer's page buffer would hold it.
 */
export function pageBarcode(element: XmlElement): PageSymbol {
  const command = barcodeCommand(element, 'left');
  if (command.type !== 'barcode') throw new EposParameterError('<barcode> inside <page> is not a barcode');
  const { symbology, hri = 'none' } = command.data;
  const width = command.data.width ?? BARCODE_DEFAULTS.width;
  const height = command.data.height ?? BARCODE_DEFAULTS.height;
  // GS k's data: CODE128 names its code set first, as Epson's own code128 data does ({B when the request has none).
  const text = symbology === 'CODE128' && !/^\{[ABC]/.test(element.text) ? `{B${element.text.replace(/\{/g, '{{')}` : element.text;
  let symbol: ReturnType<typeof barcodeSymbol>;
  try {
    symbol = barcodeSymbol(GS_K[symbology], Buffer.from(symbology === 'CODE128' ? text : command.data.data, 'latin1'));
  } catch (error) {
    throw new EposParameterError(`<barcode> ${(error as Error).message}`);
  }
  // Runs are in half-modules (narrow 2, wide 5): each edge is rounded once, so the bars add up to the symbol's width.
  const edges = [0];
  let units = 0;
  for (const run of symbol.runs) {
    units += run;
    edges.push(Math.round((units * width) / 2));
  }
  const across = edges[edges.length - 1] ?? 0;
  const pixels = new Uint8Array(across * height);
  symbol.runs.forEach((_run, index) => {
    if (index % 2 === 1) return;
    for (let column = edges[index] ?? 0; column < (edges[index + 1] ?? 0); column++) {
      for (let row = 0; row < height; row++) pixels[row * across + column] = 1;
    }
  });
  const raster = { width: across, height, pixels };
  if (hri === 'none') return { raster };
  return { raster, hri: { text: symbol.hri, above: hri === 'above' || hri === 'both', below: hri === 'below' || hri === 'both' } };
}

/** `<symbol>` inside `<page>`: a QR code drawn module by module; other symbols are refused by name, as before. */
export function pageSymbol(element: XmlElement): PageSymbol {
  const [command] = symbolCommand(element, 'left');
  if (command?.type !== 'qr') throw new EposParameterError(`<symbol type="${element.attributes['type'] ?? ''}"> inside <page> cannot be drawn by Ticketera; print it after </page>`);
  const module = Number(element.attributes['width']) > 0 ? Math.min(16, Number(element.attributes['width'])) : QR_DEFAULT_MODULE;
  let modules: ReturnType<typeof createQr>['modules'];
  try {
    modules = createQr([{ data: Buffer.from(command.data.data, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: command.data.error_correction ?? 'M' }).modules;
  } catch {
    throw new EposParameterError('<symbol> holds more than a QR code can');
  }
  const side = modules.size * module;
  const pixels = new Uint8Array(side * side);
  for (let row = 0; row < side; row++) {
    for (let column = 0; column < side; column++) {
      if (modules.get(Math.floor(row / module), Math.floor(column / module))) pixels[row * side + column] = 1;
    }
  }
  return { raster: { width: side, height: side, pixels } };
}
