import { PNG } from 'pngjs';
import { DEFAULT_JOB_LIMITS } from '../../../shared/document/job-limits';
import type { Align, ImageData } from '../../../shared/document/types';
import { EposSchemaError, intAttr, oneOfAttr } from './epos-errors';
import type { XmlElement } from './epos-xml';

/** As wide as the document's image allows (its schema's bound); an ePOS raster is at most a roll wide anyway. */
const MAX_IMAGE_WIDTH = 2048;

/**
 * `<image width height color mode align>base64</image>`: a raster, row by row, each row padded to whole bytes, as
 * Epson's builder and Odoo's `encodeRaster` write it. `mono`: one bit a dot, 1 = black. `gray16`: four bits a dot,
 * 0 = white … 15 = black (the builder's darkness levels). Its size is checked from the attributes and the text's
 * length before a byte is decoded, so a header claiming 30000×30000 costs nothing. Becomes a greyscale PNG for the
 * document's `image` command: the printer's own language, width and alignment are then the encoder's business.
 */
export function imageCommand(element: XmlElement): ImageData {
  const { width, height, grey, mode, align } = eposRaster(element);
  const png = new PNG({ width, height, colorType: 0, inputColorType: 0, bitDepth: 8 });
  png.data = grey;
  const image = PNG.sync.write(png, { colorType: 0, inputColorType: 0 }).toString('base64');
  // Mono rasters are already dithered by the POS: each dot prints as sent. Grey ones are dithered here.
  const data: ImageData = { image, dither: mode === 'mono' ? 'threshold' : 'floyd-steinberg' };
  if (width >= 8) data.width = width;
  if (align !== undefined) data.align = align as Align;
  return data;
}

/** `<image>`'s dots as greys (0 black … 255 white), row by row, checked as imageCommand says. */
export function eposRaster(element: XmlElement): { width: number; height: number; grey: Buffer; mode: 'mono' | 'gray16'; align: Align | undefined } {
  const { attributes } = element;
  const width = intAttr('image', attributes, 'width', 1, 65_535);
  const height = intAttr('image', attributes, 'height', 1, 65_535);
  if (width === undefined || height === undefined) throw new EposSchemaError('<image> needs width and height');
  if (width > MAX_IMAGE_WIDTH) throw new EposSchemaError(`<image width="${width}"> is wider than ${MAX_IMAGE_WIDTH} dots`);
  if (width * height > DEFAULT_JOB_LIMITS.maxImagePixels) throw new EposSchemaError(`<image> of ${width}×${height} dots is too large`);
  const mode = oneOfAttr('image', attributes, 'mode', ['mono', 'gray16'] as const) ?? 'mono';
  oneOfAttr('image', attributes, 'color', ['none', 'color_1', 'color_2', 'color_3', 'color_4'] as const);
  const align = oneOfAttr('image', attributes, 'align', ['left', 'center', 'right'] as const);
  const rowBytes = mode === 'mono' ? Math.ceil(width / 8) : Math.ceil(width / 2);
  const needed = rowBytes * height;
  const text = element.text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new EposSchemaError('<image> content is not base64');
  if (Math.floor((text.length * 3) / 4) < needed) throw new EposSchemaError(`<image> has fewer bytes than ${width}×${height} dots need`);
  const bytes = Buffer.from(text.slice(0, Math.ceil((needed * 4) / 3) + 4), 'base64');
  const grey = Buffer.alloc(width * height, 255);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++) {
      const level = mode === 'mono' ? (((bytes[row + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1) * 15 : ((bytes[row + (x >> 1)] ?? 0) >> (x & 1 ? 0 : 4)) & 0x0f;
      grey[y * width + x] = 255 - level * 17;
    }
  }
  return { width, height, grey, mode, align };
}
