import { barcodeSymbol, eanCheckDigit, GS_K } from '../../../../shared/escpos/barcodes/barcode-symbol';
import type { BarcodeData, Symbology } from '../../../../shared/document/types';
import { JobError } from '../../../../shared/job-error';
import { NORMAL_STYLE } from '../escpos-writer';
import type { EncodeContext } from './encode-context';

const HRI_BYTE = { none: 0, above: 1, below: 2, both: 3 } as const;

/**
 * GS k function B with the length byte counting bytes, and data checked against its symbology first so a bad code
 * fails the job with BARCODE instead of printing nothing.
 */
export function encodeBarcode(context: EncodeContext, data: BarcodeData): void {
  const fail = (reason: string): JobError => new JobError('BARCODE', `${context.path}.data.data ${reason}`);
  const { profile } = context.writer;
  if (!profile.symbologies.includes(data.symbology)) {
    const has = profile.symbologies.length > 0 ? profile.symbologies.join(', ') : 'none';
    throw new JobError('BARCODE', `${context.path}.data.symbology ${data.symbology} is not printed by the ${profile.name} (it has: ${has})`);
  }
  const payload = barcodePayload(data.symbology, data.data, fail);
  if (payload.length > 255) throw fail('is too long (255 bytes at most once encoded)');
  const m = GS_K[data.symbology];
  const width = data.width ?? 2;
  let runs: number[];
  try {
    runs = barcodeSymbol(m, payload).runs;
  } catch (error) {
    throw fail(`cannot be encoded: ${error instanceof Error ? error.message : String(error)}`);
  }
  const dots = runs.reduce((sum, units) => sum + Math.max(1, Math.round((units * width) / 2)), 0);
  if (dots > context.paper.dots) {
    throw new JobError('BARCODE', `${context.path}.data: the barcode is ${dots} dots wide at width ${width}, the paper has ${context.paper.dots}`);
  }
  const hri = data.hri ?? 'below';
  const height = data.height ?? 80;
  // The bars and each line of human-readable text (font A, 24 dots). GS k prints the symbol and returns to the
  // start of a line by itself, so no line feed follows it (one would add a blank line under every barcode).
  const tall = height + (hri === 'both' ? 2 : hri === 'none' ? 0 : 1) * 24;
  context.budget.claimPaper(context.category, `${context.path}.data`, tall, `a barcode ${tall} dots tall`);
  const { writer } = context;
  writer.setStyle(NORMAL_STYLE);
  writer.setAlign(data.align ?? 'center');
  writer.push([0x1d, 0x48, HRI_BYTE[hri], 0x1d, 0x66, 0x00, 0x1d, 0x68, height, 0x1d, 0x77, width]);
  writer.push([0x1d, 0x6b, m, payload.length]);
  writer.push(payload);
}

/** The GS k data bytes for a symbology, rejecting what the symbology cannot carry. */
export function barcodePayload(symbology: Symbology, text: string, fail: (reason: string) => Error): Uint8Array {
  const ascii = (value: string): Uint8Array => Uint8Array.from(value, (char) => char.charCodeAt(0));
  switch (symbology) {
    case 'EAN13':
      return ascii(checkedDigits(text, 12, fail));
    case 'EAN8':
      return ascii(checkedDigits(text, 7, fail));
    case 'UPC_A':
      return ascii(checkedDigits(text, 11, fail, '0'));
    case 'CODE39':
      if (!/^[0-9A-Z \-.$/+%]+$/.test(text)) throw fail('must be 0-9, A-Z, space and - . $ / + % for CODE39');
      return ascii(text);
    case 'ITF':
      if (!/^([0-9]{2})+$/.test(text)) throw fail('must be an even number of digits for ITF');
      return ascii(text);
    case 'CODABAR': {
      const upper = text.toUpperCase();
      const framed = /^[A-D]/.test(upper) ? upper : `A${upper}A`;
      if (!/^[A-D][0-9\-$:/.+]*[A-D]$/.test(framed)) throw fail('must be 0-9 - $ : / . + between start/stop letters A-D for CODABAR');
      return ascii(framed);
    }
    case 'CODE128':
      return code128Payload(text, fail);
  }
}

/** Digits with an optional check digit, which must be right when given; returns the digits without it. */
function checkedDigits(text: string, length: number, fail: (reason: string) => Error, checkPrefix = ''): string {
  if (!/^[0-9]+$/.test(text) || (text.length !== length && text.length !== length + 1)) {
    throw fail(`must be ${length} digits, or ${length + 1} with the check digit`);
  }
  const body = text.slice(0, length);
  // UPC-A is EAN-13 with a leading zero, which the check digit sum needs.
  const expected = eanCheckDigit(checkPrefix + body);
  if (text.length === length + 1 && Number(text[length]) !== expected) throw fail(`has check digit ${text[length]}, expected ${expected}`);
  return body;
}

/** Code set C (two digits a byte) for even runs of digits, code set B otherwise; `{` is doubled as Epson requires. */
function code128Payload(text: string, fail: (reason: string) => Error): Uint8Array {
  if (!/^[\x20-\x7e]+$/.test(text)) throw fail('must be printable ASCII for CODE128');
  if (/^([0-9]{2}){2,}$/.test(text)) {
    const pairs = text.match(/../g) ?? [];
    return Uint8Array.from([0x7b, 0x43, ...pairs.map(Number)]);
  }
  return Uint8Array.from(`{B${text.replace(/\{/g, '{{')}`, (char) => char.charCodeAt(0));
}
