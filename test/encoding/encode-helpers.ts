import { PNG } from 'pngjs';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import type { PrintCommand } from '../../src/shared/document/types';
import { JobError } from '../../src/shared/job-error';

export const INIT = [0x1b, 0x40];

/** Bytes for a document made of these commands (80 mm, epson, safe mode on unless said). */
export function encode(commands: PrintCommand[] | unknown[], options: { safeMode?: boolean; paperWidth?: number } = {}): number[] {
  const datos = { version: '1.0', profile: { model: 'epson', paper_width: options.paperWidth ?? 80 }, commands };
  return [...encodeDocument(datos, { safeMode: options.safeMode ?? true })];
}

/** The result text a document fails with. */
export function failure(commands: unknown[], options: { safeMode?: boolean; model?: string } = {}): string {
  try {
    encodeDocument({ version: '1.0', profile: { model: options.model ?? 'epson', paper_width: 80 }, commands }, { safeMode: options.safeMode ?? true });
  } catch (error) {
    if (error instanceof JobError) return error.message;
    throw error;
  }
  throw new Error('the document encoded without error');
}

export const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** A PNG of `width`×`height` with one grey level (or a function of x, y). */
export function greyPng(width: number, height: number, grey: number | ((x: number, y: number) => number), alpha = 255): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const value = typeof grey === 'number' ? grey : grey(x, y);
      png.data[at] = value;
      png.data[at + 1] = value;
      png.data[at + 2] = value;
      png.data[at + 3] = alpha;
    }
  }
  return PNG.sync.write(png);
}

/** Every GS v 0 block in a byte string: its width in bytes, its rows and where its data starts. */
export function rasterBlocks(bytes: number[]): { bytesWide: number; rows: number; data: number }[] {
  const blocks: { bytesWide: number; rows: number; data: number }[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    if (bytes[at] === 0x1d && bytes[at + 1] === 0x76 && bytes[at + 2] === 0x30) {
      const bytesWide = (bytes[at + 4] ?? 0) + (bytes[at + 5] ?? 0) * 256;
      const rows = (bytes[at + 6] ?? 0) + (bytes[at + 7] ?? 0) * 256;
      blocks.push({ bytesWide, rows, data: at + 8 });
      at += 8 + bytesWide * rows;
    } else at++;
  }
  return blocks;
}
