import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** A decoded picture as grey levels (0 black … 255 white), transparency already laid on white paper. */
export interface GreyImage {
  width: number;
  height: number;
  grey: Uint8Array;
}

/** Pictures larger than this are refused before decoding costs seconds and memory. */
const MAX_PIXELS = 16_000_000;

const isPng = (bytes: Uint8Array): boolean => bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
const isJpeg = (bytes: Uint8Array): boolean => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Decodes PNG or JPEG bytes; throws Error with a readable reason. */
export function decodeImage(bytes: Uint8Array): GreyImage {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isPng(bytes)) {
    const png = PNG.sync.read(buffer);
    return toGrey(png.width, png.height, png.data);
  }
  if (isJpeg(bytes)) {
    const decoded = jpeg.decode(buffer, { useTArray: true, maxResolutionInMP: MAX_PIXELS / 1_000_000, formatAsRGBA: true });
    return toGrey(decoded.width, decoded.height, decoded.data);
  }
  throw new Error('is neither PNG nor JPEG');
}

function toGrey(width: number, height: number, rgba: Uint8Array): GreyImage {
  if (width * height > MAX_PIXELS) throw new Error(`is ${width}×${height}, larger than ${MAX_PIXELS / 1_000_000} megapixels`);
  const grey = new Uint8Array(width * height);
  for (let pixel = 0, at = 0; pixel < grey.length; pixel++, at += 4) {
    const alpha = rgba[at + 3] ?? 255;
    // Rec. 709 luma in integer arithmetic, then composited over white paper.
    const luma = ((rgba[at] ?? 0) * 54 + (rgba[at + 1] ?? 0) * 183 + (rgba[at + 2] ?? 0) * 19) >> 8;
    grey[pixel] = 255 - (((255 - luma) * alpha + 127) / 255) | 0;
  }
  return { width, height, grey };
}
