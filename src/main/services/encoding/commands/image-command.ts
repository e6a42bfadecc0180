import type { ImageData } from '../../../../shared/document/types';
import { JobError } from '../../../../shared/job-error';
import { decodeBase64 } from '../base64';
import { decodeImage, pixelProblem, type GreyImage } from '../image/decode-image';
import { dither } from '../image/dither';
import { readImageHeader } from '../image/image-header';
import { rasterBands } from '../image/raster-bands';
import { scaledHeight, scaleGrey } from '../image/scale-grey';
import { alignedLeft, type EncodeContext } from './encode-context';

/**
 * A PNG/JPEG scaled to the paper, dithered (not thresholded at 128), and sent in bands under 256 rows. Its size
 * and the paper it needs come from the header and are checked before a pixel is decoded.
 */
export function encodeImage(context: EncodeContext, data: ImageData): void {
  const field = `${context.path}.data.image`;
  const fail = (reason: string): JobError => new JobError('IMAGE', `${field} ${reason.startsWith('is ') ? reason : `could not be decoded: ${reason}`}`);
  const bytes = decodeBase64(data.image.replace(/^data:[^,]*;base64,/, ''));
  if (!bytes || bytes.length === 0) throw new JobError('IMAGE', `${field} is not valid base64`);
  let header;
  try {
    header = readImageHeader(bytes);
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  const tooLarge = pixelProblem(header, context.limits.maxImagePixels);
  if (tooLarge) throw fail(tooLarge);
  const paperDots = context.paper.dots;
  if (data.width !== undefined && data.width > paperDots) {
    throw new JobError('IMAGE', `${context.path}.data.width ${data.width} is wider than the paper (${paperDots} dots)`);
  }
  const width = data.width ?? Math.min(header.width, paperDots);
  const height = scaledHeight(header, width);
  context.budget.claimPaper('IMAGE', field, height, `${header.width}×${header.height} pixels printed ${width} dots wide`);
  let picture: GreyImage;
  try {
    picture = decodeImage(bytes, context.limits.maxImagePixels);
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  const scaled = scaleGrey(picture, width);
  const dots = dither(scaled, data.dither ?? 'floyd-steinberg', data.threshold ?? 128);
  const { writer } = context;
  writer.setAlign('left');
  for (const band of rasterBands(dots, scaled.width, scaled.height, alignedLeft(paperDots, scaled.width, data.align ?? 'center'))) {
    writer.push(band);
  }
}
