import { DEFAULT_JOB_LIMITS } from '../../../shared/document/job-limits';
import type { Align, ImageData } from '../../../shared/document/types';
import type { DoorBudget } from '../encoding/door-budget';
import { packedPng, pngWork, rowBytesOf, type PackedRaster } from '../encoding/packed-raster';
import { EposSchemaError, intAttr, oneOfAttr } from './epos-errors';
import type { XmlElement } from './epos-xml';

/** As wide as the document's image allows (its schema's bound); an ePOS raster is at most a roll wide anyway. */
const MAX_IMAGE_WIDTH = 2048;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface EposPicture {
  raster: PackedRaster;
  mode: 'mono' | 'gray16';
  align: Align | undefined;
}

/**
 * `<image width height color mode align>base64</image>`: a raster, row by row, each row padded to whole bytes, as
 * Epson's builder and Odoo's `encodeRaster` write it. `mono`: one bit a dot, 1 = black. `gray16`: four bits a dot,
 * 0 = white … 15 = black (the builder's darkness levels). Becomes a PNG for the document's `image` command, its rows
 * the request's own (packedPng: no dot is looked at on its own), so a picture costs this thread about a millisecond
 * a megabyte; the printer's own language, width and alignment are then the encoder's business, off this thread.
 * Its paper (the height, narrowed to the head as the encoder prints it) and work are claimed first.
 */
export function imageCommand(element: XmlElement, budget: DoorBudget, printableDots: number): ImageData {
  const { raster, mode, align } = eposPicture(element);
  budget.claimPaper(Math.floor(raster.height * Math.min(1, printableDots / raster.width)), '<image>');
  budget.claimWork(pngWork(raster.bytes.length), '<image>');
  const image = packedPng(raster).toString('base64');
  // Mono rasters are already dithered by the POS: each dot prints as sent. Grey ones are dithered by the encoder.
  const data: ImageData = { image, dither: mode === 'mono' ? 'threshold' : 'floyd-steinberg' };
  if (raster.width >= 8) data.width = raster.width;
  if (align !== undefined) data.align = align;
  return data;
}

/**
 * `<image>`'s rows as sent, checked from the attributes and the text's length before a byte is decoded, so a header
 * claiming 30000×30000 costs nothing.
 */
export function eposPicture(element: XmlElement): EposPicture {
  const { attributes } = element;
  const width = intAttr('image', attributes, 'width', 1, 65_535);
  const height = intAttr('image', attributes, 'height', 1, 65_535);
  if (width === undefined || height === undefined) throw new EposSchemaError('<image> needs width and height');
  if (width > MAX_IMAGE_WIDTH) throw new EposSchemaError(`<image width="${width}"> is wider than ${MAX_IMAGE_WIDTH} dots`);
  if (width * height > DEFAULT_JOB_LIMITS.maxImagePixels) throw new EposSchemaError(`<image> of ${width}×${height} dots is too large`);
  const mode = oneOfAttr('image', attributes, 'mode', ['mono', 'gray16'] as const) ?? 'mono';
  oneOfAttr('image', attributes, 'color', ['none', 'color_1', 'color_2', 'color_3', 'color_4'] as const);
  const align = oneOfAttr('image', attributes, 'align', ['left', 'center', 'right'] as const);
  const bitsPerDot = mode === 'mono' ? 1 : 4;
  const needed = rowBytesOf(width, bitsPerDot) * height;
  const text = element.text.replace(/\s+/g, '');
  if (!BASE64.test(text)) throw new EposSchemaError('<image> content is not base64');
  if (Math.floor((text.length * 3) / 4) < needed) throw new EposSchemaError(`<image> has fewer bytes than ${width}×${height} dots need`);
  let bytes: Uint8Array = Buffer.from(text.slice(0, Math.ceil((needed * 4) / 3) + 4), 'base64').subarray(0, needed);
  // Padding may leave a byte or two short: white, as a printer leaves dots it was not sent.
  if (bytes.length < needed) bytes = Buffer.concat([bytes, Buffer.alloc(needed - bytes.length)]);
  return { raster: { width, height, bitsPerDot, bytes }, mode, align };
}
