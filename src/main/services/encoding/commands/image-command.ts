import type { ImageData } from '../../../../shared/document/types';
import { JobError } from '../../../../shared/job-error';
import { decodeBase64 } from '../base64';
import { decodeImage } from '../image/decode-image';
import { dither } from '../image/dither';
import { rasterBands } from '../image/raster-bands';
import { scaleGrey } from '../image/scale-grey';
import { alignedLeft, type EncodeContext } from './encode-context';

/** A PNG/JPEG scaled to the paper, dithered (not thresholded at 128), and sent in bands under 256 rows. */
export function encodeImage(context: EncodeContext, data: ImageData): void {
  const field = `${context.path}.data.image`;
  const bytes = decodeBase64(data.image.replace(/^data:[^,]*;base64,/, ''));
  if (!bytes || bytes.length === 0) throw new JobError('IMAGE', `${field} is not valid base64`);
  let picture;
  try {
    picture = decodeImage(bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new JobError('IMAGE', `${field} ${reason.startsWith('is ') ? reason : `could not be decoded: ${reason}`}`);
  }
  const paperDots = context.paper.dots;
  if (data.width !== undefined && data.width > paperDots) {
    throw new JobError('IMAGE', `${context.path}.data.width ${data.width} is wider than the paper (${paperDots} dots)`);
  }
  const scaled = scaleGrey(picture, data.width ?? Math.min(picture.width, paperDots));
  const dots = dither(scaled, data.dither ?? 'floyd-steinberg', data.threshold ?? 128);
  const { writer } = context;
  writer.setAlign('left');
  for (const band of rasterBands(dots, scaled.width, scaled.height, alignedLeft(paperDots, scaled.width, data.align ?? 'center'))) {
    writer.push(band);
  }
}
