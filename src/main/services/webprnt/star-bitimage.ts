import type { Align, ImageData } from '../../../shared/document/types';
import { decodeBase64 } from '../encoding/base64';
import type { DoorBudget } from '../encoding/door-budget';
import { packedPng, pngWork, rowBytesOf, type PackedRaster } from '../encoding/packed-raster';

/** The largest picture taken (Star's own limit is 65535 × 65535; receipt heads are at most 832 dots wide). */
export const MAX_PIXELS = 16_000_000;

/**
 * `<bitimage width="W" height="H">base64</bitimage>`: StarWebPrintBuilder's `_encodeRasterImage` reads the canvas,
 * dithers it with its 8×8 matrix and packs each row into ⌈W/8⌉ bytes, most significant bit first, 1 = a black dot,
 * the last byte of a row padded; then base64. Returned as a PNG picture the document's image command prints as is
 * (threshold, not dithered again), its rows the request's own (packedPng), or why it cannot be. Its paper (the height,
 * narrowed to the head as the encoder prints it) and work are claimed first.
 */
export function bitImage(
  width: number,
  height: number,
  base64: string,
  align: Align,
  { budget, printableDots }: { budget: DoorBudget; printableDots: number },
): { image: ImageData } | { problem: string } | undefined {
  if (width === 0 || height === 0) return undefined;
  if (width * height > MAX_PIXELS) return { problem: `<bitimage> is ${width}×${height} dots, more than ${MAX_PIXELS / 1_000_000} million` };
  const raster = packedBitImage(width, height, base64);
  if ('problem' in raster) return raster;
  budget.claimPaper(Math.floor(height * Math.min(1, printableDots / width)), '<bitimage>');
  budget.claimWork(pngWork(raster.bytes.length), '<bitimage>');
  return { image: { image: packedPng(raster).toString('base64'), align, dither: 'threshold' } };
}

/** The rows of a `<bitimage>` as sent, or why its data cannot hold them; its size is the caller's to bound. */
export function packedBitImage(width: number, height: number, base64: string): PackedRaster | { problem: string } {
  const bytes = decodeBase64(base64);
  if (!bytes) return { problem: '<bitimage> data is not base64' };
  const needed = rowBytesOf(width, 1) * height;
  if (bytes.length < needed) return { problem: `<bitimage> data has ${bytes.length} bytes, ${needed} are needed for ${width}×${height} dots` };
  return { width, height, bitsPerDot: 1, bytes: bytes.subarray(0, needed) };
}
