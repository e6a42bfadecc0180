import { PNG } from 'pngjs';
import type { Raster } from '../../../shared/escpos/raster';

/** A preview raster as a greyscale PNG file (black dots on white paper). */
export function rasterToPng(raster: Raster): Buffer {
  const png = new PNG({ width: raster.width, height: Math.max(1, raster.height), colorType: 0, inputColorType: 0, bitDepth: 8 });
  const grey = Buffer.alloc(raster.width * Math.max(1, raster.height), 255);
  for (let index = 0; index < raster.pixels.length; index++) if (raster.pixels[index]) grey[index] = 0;
  png.data = grey;
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0 });
}
