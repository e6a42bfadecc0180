import type { Align, BarcodeData, ErrorCorrection, Hri, PrintCommand, Symbology } from '../../../shared/document/types';
import { EposParameterError, EposSchemaError, intAttr, oneOfAttr } from './epos-errors';
import type { XmlElement } from './epos-xml';

const BARCODES: Record<string, Symbology> = {
  upc_a: 'UPC_A',
  jan13: 'EAN13',
  ean13: 'EAN13',
  jan8: 'EAN8',
  ean8: 'EAN8',
  code39: 'CODE39',
  itf: 'ITF',
  codabar: 'CODABAR',
  code128: 'CODE128',
};
/** Epson's other barcode types: valid requests, not printable by Ticketera's document. */
const OTHER_BARCODES = ['upc_e', 'code93', 'gs1_128', 'gs1_databar_omnidirectional', 'gs1_databar_truncated', 'gs1_databar_limited', 'gs1_databar_expanded', 'code128_auto'];

/** The most data a barcode holds: ESC/POS's GS k counts it in one byte, as Epson's printers do. */
const MAX_BARCODE_DATA = 255;
/** The most characters a QR code holds (7,089 digits, version 40 at level L). */
const MAX_QR_DATA = 7_089;

/** `<barcode type hri font width height>data</barcode>`. */
export function barcodeCommand(element: XmlElement, align: Align): PrintCommand {
  const { attributes } = element;
  if (element.text.length > MAX_BARCODE_DATA) throw new EposParameterError(`<barcode> holds ${element.text.length} characters; a barcode holds at most ${MAX_BARCODE_DATA}`);
  const type = attributes['type'] ?? '';
  const symbology = BARCODES[type];
  if (!symbology) {
    if (OTHER_BARCODES.includes(type)) throw new EposParameterError(`<barcode type="${type}"> cannot be printed by Ticketera`);
    throw new EposSchemaError(`<barcode type="${type.slice(0, 40)}"> is not an Epson barcode type`);
  }
  const hri = oneOfAttr('barcode', attributes, 'hri', ['none', 'above', 'below', 'both'] as const);
  oneOfAttr('barcode', attributes, 'font', ['font_a', 'font_b', 'font_c', 'font_d', 'font_e', 'special_a', 'special_b'] as const);
  const width = intAttr('barcode', attributes, 'width', 2, 6);
  const height = intAttr('barcode', attributes, 'height', 1, 255);
  // Epson's code128 data names its code set first ({A, {B, {C) and doubles a literal `{`: the encoder does both itself.
  const text = symbology === 'CODE128' ? element.text.replace(/^\{[ABC]/, '').replace(/\{\{/g, '{') : element.text;
  const data: BarcodeData = { data: text, symbology, align };
  if (hri !== undefined) data.hri = hri as Hri;
  if (width !== undefined) data.width = width;
  if (height !== undefined) data.height = height;
  return { type: 'barcode', data };
}

const QR_LEVELS: Record<string, ErrorCorrection> = { level_l: 'L', level_m: 'M', level_q: 'Q', level_h: 'H', default: 'M' };
const SYMBOL_TYPES = [
  'pdf417_standard',
  'pdf417_truncated',
  'qrcode_model_1',
  'qrcode_model_2',
  'qrcode_micro',
  'maxicode_mode_2',
  'maxicode_mode_3',
  'maxicode_mode_4',
  'maxicode_mode_5',
  'maxicode_mode_6',
  'gs1_databar_stacked',
  'gs1_databar_stacked_omnidirectional',
  'gs1_databar_expanded_stacked',
  'azteccode_fullrange',
  'azteccode_compact',
  'datamatrix_square',
  'datamatrix_rectangle_8',
  'datamatrix_rectangle_12',
  'datamatrix_rectangle_16',
] as const;

/** `<symbol type level width height size>data</symbol>`: QR codes as the document's `qr`, PDF417 as GS ( k. */
export function symbolCommand(element: XmlElement, align: Align): PrintCommand[] {
  const { attributes } = element;
  const type = oneOfAttr('symbol', attributes, 'type', SYMBOL_TYPES) ?? 'qrcode_model_2';
  const level = attributes['level'];
  const width = intAttr('symbol', attributes, 'width', 0, 255);
  const height = intAttr('symbol', attributes, 'height', 0, 255);
  const size = intAttr('symbol', attributes, 'size', 0, 65_535);
  if (element.text === '') throw new EposSchemaError('<symbol> has no data');
  if (type === 'qrcode_model_1' || type === 'qrcode_model_2') {
    if (element.text.length > MAX_QR_DATA) throw new EposParameterError(`<symbol> holds ${element.text.length} characters; a QR code holds at most ${MAX_QR_DATA}`);
    const correction = level === undefined ? 'M' : QR_LEVELS[level];
    if (!correction) throw new EposSchemaError(`<symbol level="${level?.slice(0, 40)}"> is not a QR level`);
    return [{ type: 'qr', data: { data: element.text, error_correction: correction, align, ...(width ? { size: Math.min(16, width) } : {}) } }];
  }
  if (type === 'pdf417_standard' || type === 'pdf417_truncated') return [pdf417(element.text, { level, width, height, size, truncated: type === 'pdf417_truncated', align })];
  throw new EposParameterError(`<symbol type="${type}"> cannot be printed by Ticketera (QR codes and PDF417 can)`);
}

interface Pdf417Options {
  level: string | undefined;
  width: number | undefined;
  height: number | undefined;
  size: number | undefined;
  truncated: boolean;
  align: Align;
}

const ALIGN_BYTE: Record<Align, number> = { left: 0, center: 1, right: 2 };

/**
 * PDF417 in ESC/POS (GS ( k, cn 48: columns, module width, row height, error level, options, store, print), sent as
 * the document's raw bytes so safe mode checks it as any raw command.
 */
function pdf417(text: string, options: Pdf417Options): PrintCommand {
  const data = Buffer.from(text, 'utf8');
  if (data.length > 1000) throw new EposSchemaError('<symbol> PDF417 data is longer than 1000 bytes');
  const levelMatch = /^level_([0-8])$/.exec(options.level ?? '');
  if (options.level !== undefined && options.level !== 'default' && !levelMatch) throw new EposSchemaError(`<symbol level="${options.level.slice(0, 40)}"> is not a PDF417 level`);
  const fn = (code: number, ...values: number[]): number[] => [0x1d, 0x28, 0x6b, values.length + 2, 0, 0x30, code, ...values];
  const stored = data.length + 3;
  const bytes = [
    0x1b, 0x61, ALIGN_BYTE[options.align],
    ...fn(0x41, Math.min(30, options.size ?? 0)),
    ...fn(0x43, clamp(options.width ?? 3, 2, 8)),
    ...fn(0x44, clamp(options.height ?? 3, 2, 8)),
    ...(levelMatch ? fn(0x45, 0x30, 0x30 + Number(levelMatch[1])) : fn(0x45, 0x31, 1)),
    ...fn(0x46, options.truncated ? 1 : 0),
    0x1d, 0x28, 0x6b, stored & 0xff, stored >> 8, 0x30, 0x50, 0x30, ...data,
    ...fn(0x51, 0x30),
    0x0a,
  ];
  return { type: 'raw', data: { hex: Buffer.from(bytes).toString('hex') } };
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
