import { create as createQr } from 'qrcode';
import type { QrData } from '../../../../shared/document/types';
import { JobError } from '../../../../shared/job-error';
import { NORMAL_STYLE } from '../escpos-writer';
import type { EncodeContext } from './encode-context';

const LEVEL_BYTE = { L: 0x30, M: 0x31, Q: 0x32, H: 0x33 } as const;
/** The most bytes any QR code holds (version 40, level L): longer data has no symbol at all. */
const MAX_QR_BYTES = 2953;

/**
 * Modules across a byte-mode QR code holding `length` bytes at `level`, or undefined when no version holds them. In
 * byte mode the version depends only on those two, never on the bytes themselves: each pair is worked out once (by
 * building a symbol of that length) instead of building every receipt's whole matrix only to measure it.
 */
const modulesByLength = new Map<string, number | null>();
function qrModules(length: number, level: keyof typeof LEVEL_BYTE): number | undefined {
  if (length > MAX_QR_BYTES) return undefined;
  const key = `${level}:${length}`;
  let modules = modulesByLength.get(key);
  if (modules === undefined) {
    try {
      modules = createQr([{ data: new Uint8Array(length), mode: 'byte' }], { errorCorrectionLevel: level }).modules.size;
    } catch {
      modules = null;
    }
    modulesByLength.set(key, modules);
  }
  return modules ?? undefined;
}
const gsParenK = (payload: readonly number[]): number[] => [0x1d, 0x28, 0x6b, payload.length & 0xff, payload.length >> 8, ...payload];

/**
 * GS ( k QR model 2. The store length is the UTF-8 byte count + 3 (node-thermal-printer counts characters, which
 * corrupts any QR holding an accent or €), and the symbol is checked to exist and fit before a byte is sent.
 */
export function encodeQr(context: EncodeContext, data: QrData): void {
  const { profile } = context.writer;
  if (!profile.qr) throw new JobError('QR', `${context.path}: the ${profile.name} cannot print QR codes; print the link as text or an image`);
  const level = data.error_correction ?? 'M';
  const moduleSize = data.size ?? 6;
  const bytes = new TextEncoder().encode(data.data);
  const modules = qrModules(bytes.length, level);
  if (modules === undefined) throw new JobError('QR', `${context.path}.data.data is too long for a QR code at level ${level} (${bytes.length} bytes)`);
  const dots = modules * moduleSize;
  if (dots > context.paper.dots) {
    const fits = Math.floor(context.paper.dots / modules);
    throw new JobError('QR', `${context.path}.data.size ${moduleSize} makes the QR ${dots} dots wide, the paper has ${context.paper.dots} (use ${fits} or less)`);
  }
  context.budget.claimPaper(context.category, `${context.path}.data`, dots, `a QR code ${dots} dots tall`);
  const { writer } = context;
  writer.setStyle(NORMAL_STYLE);
  writer.setAlign(data.align ?? 'center');
  writer.push(gsParenK([0x31, 0x41, 0x32, 0x00])); // model 2
  writer.push(gsParenK([0x31, 0x43, moduleSize]));
  writer.push(gsParenK([0x31, 0x45, LEVEL_BYTE[level]]));
  const store = 3 + bytes.length;
  writer.push([0x1d, 0x28, 0x6b, store & 0xff, store >> 8, 0x31, 0x50, 0x30]);
  writer.push(bytes);
  writer.push(gsParenK([0x31, 0x51, 0x30])); // print
}
