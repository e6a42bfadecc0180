import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { DEFAULT_JOB_LIMITS } from '../../../../shared/document/job-limits';
import { readImageHeader, type ImageHeader } from './image-header';
import { checkInterlacedInflate } from './png-inflate-guard';

/** A decoded picture as grey levels (0 black … 255 white), transparency already laid on white paper. */
export interface GreyImage {
  width: number;
  height: number;
  grey: Uint8Array;
}

/** `is 30000×30000 pixels, more than the 16-megapixel limit`, or undefined when the header's size is allowed. */
export function pixelProblem(header: Pick<ImageHeader, 'width' | 'height'>, maxPixels: number): string | undefined {
  if (header.width * header.height <= maxPixels) return undefined;
  return `is ${header.width}×${header.height} pixels, more than the ${Number((maxPixels / 1_000_000).toFixed(2))}-megapixel limit`;
}

/**
 * Decodes PNG or JPEG bytes; throws Error with a readable reason. The size is read from the header and checked
 * first, so nothing is inflated for a picture over `maxPixels`.
 */
export function decodeImage(bytes: Uint8Array, maxPixels = DEFAULT_JOB_LIMITS.maxImagePixels): GreyImage {
  const header = readImageHeader(bytes);
  const problem = pixelProblem(header, maxPixels);
  if (problem) throw new Error(problem);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (header.format === 'png') {
    if (header.interlaced) checkInterlacedInflate(bytes, header.width, header.height);
    const png = PNG.sync.read(buffer);
    return toGrey(png.width, png.height, png.data);
  }
  const decoded = jpeg.decode(buffer, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: maxPixels / 1_000_000,
    // The RGBA output and jpeg-js's per-component planes, with room to spare.
    maxMemoryUsageInMB: Math.ceil((maxPixels * 8) / (1024 * 1024)) + 64,
  });
  return toGrey(decoded.width, decoded.height, decoded.data);
}

function toGrey(width: number, height: number, rgba: Uint8Array): GreyImage {
  const grey = new Uint8Array(width * height);
  for (let pixel = 0, at = 0; pixel < grey.length; pixel++, at += 4) {
    const alpha = rgba[at + 3] ?? 255;
    // Rec. 709 luma in integer arithmetic, then composited over white paper.
    const luma = ((rgba[at] ?? 0) * 54 + (rgba[at + 1] ?? 0) * 183 + (rgba[at + 2] ?? 0) * 19) >> 8;
    grey[pixel] = 255 - (((255 - luma) * alpha + 127) / 255) | 0;
  }
  return { width, height, grey };
}
