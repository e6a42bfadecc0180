import type { Align, ImageData } from '../../../shared/document/types';
import { decodeBase64 } from '../encoding/base64';
import { rasterToPng } from '../encoding/raster-png';
import type { Raster } from '../../../shared/escpos/raster';

/** The largest picture taken (Star's own limit is 65535 × 65535; receipt heads are at most 832 dots wide). */
export const MAX_PIXELS = 16_000_000;

/**
 * `<bitimage width="W" height="H">base64</bitimage>`: StarWebPrintBuilder's `_encodeRasterImage` reads the canvas,
 * dithers it with its 8×8 matrix and packs each row into ⌈W/8⌉ bytes, most significant bit first, 1 = a black dot,
 * the last byte of a row padded; then base64. Returned as a PNG picture the document's image command prints as is
 * (threshold, not dithered again), or why it cannot be.
 */
export function bitImage(width: number, height: number, base64: string, align: Align): { image: ImageData } | { problem: string } | undefined {
  if (width === 0 || height === 0) return undefined;
  if (width * height > MAX_PIXELS) return { problem: `<bitimage> is ${width}×${height} dots, more than ${MAX_PIXELS / 1_000_000} million` };
  const raster = unpackBitImage(width, height, base64);
  if ('problem' in raster) return raster;
  const png = rasterToPng(raster);
  return { image: { image: png.toString('base64'), align, dither: 'threshold' } };
}

/** The dots of a `<bitimage>` (1 = black), or why its data cannot hold them; its size is the caller's to bound. */
export function unpackBitImage(width: number, height: number, base64: string): Raster | { problem: string } {
  const bytes = decodeBase64(base64);
  if (!bytes) return { problem: '<bitimage> data is not base64' };
  const rowBytes = Math.ceil(width / 8);
  if (bytes.length < rowBytes * height) return { problem: `<bitimage> data has ${bytes.length} bytes, ${rowBytes * height} are needed for ${width}×${height} dots` };
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const byte = bytes[y * rowBytes + (x >> 3)] ?? 0;
      pixels[y * width + x] = (byte >> (7 - (x & 7))) & 1;
    }
  }
  return { width, height, pixels };
}
