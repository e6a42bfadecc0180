import zlib from 'node:zlib';
import type { Raster } from '../../../shared/escpos/raster';

/**
 * A picture as the vendors' protocols send it: rows of packed dots, each row padded to whole bytes, the first dot in
 * the high bits, 0 = white and higher values darker (Epson's `mono`, one bit a dot, and `gray16`, four bits; Star's
 * `bitimage`, one bit). Its size is checked by the caller against the bytes it has.
 */
export interface PackedRaster {
  width: number;
  height: number;
  bitsPerDot: 1 | 4;
  bytes: Uint8Array;
}

export const rowBytesOf = (width: number, bitsPerDot: 1 | 4): number => Math.ceil((width * bitsPerDot) / 8);

/** Compressing costs ~20 door-budget units a byte that is not white; past this, the rows are stored as they are. */
const MAX_COMPRESSION_WORK = 8_000_000;
const COMPRESSION_WORK_PER_BYTE = 20;

/**
 * The most work (door-budget units) a picture of `bytes` takes: its base64 decoded, its rows copied and counted and
 * stored (~6 units a byte), and the compression of what is not white, at most MAX_COMPRESSION_WORK.
 */
export const pngWork = (bytes: number): number => 50_000 + bytes * 6 + Math.min(bytes * COMPRESSION_WORK_PER_BYTE, MAX_COMPRESSION_WORK);

/**
 * The picture as a PNG file, without looking at a single dot on its own: a palette of white and black (or sixteen
 * greys) makes the rows as sent the PNG's own rows, each copied whole. A receipt (mostly white) is compressed, which
 * is quick when most bytes are white; a picture with too much else (noise) is stored uncompressed instead, since
 * compressing it would hold the thread for over 100 ms on a few megabytes.
 */
export function packedPng({ width, height, bitsPerDot, bytes }: PackedRaster): Buffer {
  const rowBytes = rowBytesOf(width, bitsPerDot);
  const rows = Buffer.alloc((rowBytes + 1) * height);
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let inked = 0;
  for (let y = 0; y < height; y++) {
    // Each row after its filter byte 0 (None).
    source.copy(rows, y * (rowBytes + 1) + 1, y * rowBytes, (y + 1) * rowBytes);
  }
  for (let index = 0; index < rowBytes * height; index++) if (source[index] !== 0) inked++;
  const compress = inked * COMPRESSION_WORK_PER_BYTE <= MAX_COMPRESSION_WORK;
  const data = zlib.deflateSync(rows, compress ? { level: 1, strategy: zlib.constants.Z_RLE } : { level: 0 });
  const greys = bitsPerDot === 1 ? [255, 0] : Array.from({ length: 16 }, (_, level) => 255 - level * 17);
  const palette = Buffer.alloc(greys.length * 3);
  greys.forEach((grey, index) => palette.fill(grey, index * 3, index * 3 + 3));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth, colour type 3 (palette), compression, filter, no interlace.
  header.set([bitsPerDot, 3, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('PLTE', palette), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The dots of a part of the picture, `left`…`left + width` across and `top`…`top + height` down (within it), as a
 * 1-bit raster: a dot is black when its value is at least `black` (1 for one bit a dot; 8 of 15 for sixteen greys,
 * as a grey darker than half). Only that part is read, so a page draws what shows of a picture at its cost.
 */
export function unpackRegion(raster: PackedRaster, left: number, top: number, width: number, height: number): Raster {
  const rowBytes = rowBytesOf(raster.width, raster.bitsPerDot);
  const pixels = new Uint8Array(width * height);
  const { bytes } = raster;
  for (let y = 0; y < height; y++) {
    const row = (top + y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const column = left + x;
      const dot =
        raster.bitsPerDot === 1 ? ((bytes[row + (column >> 3)] ?? 0) >> (7 - (column & 7))) & 1 : ((bytes[row + (column >> 1)] ?? 0) >> (column & 1 ? 0 : 4)) & 0x0f;
      pixels[y * width + x] = dot >= (raster.bitsPerDot === 1 ? 1 : 8) ? 1 : 0;
    }
  }
  return { width, height, pixels };
}
