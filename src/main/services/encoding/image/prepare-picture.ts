import type { ImageData } from '../../../../shared/document/types';
import { JobError } from '../../../../shared/job-error';
import { decodeBase64 } from '../base64';
import { alignedLeft } from '../commands/encode-context';
import { decodeImage, pixelProblem, type GreyImage } from './decode-image';
import { dither } from './dither';
import { readImageHeader } from './image-header';
import { isLineArt } from './line-art';
import { scaledHeight, scaleGrey } from './scale-grey';

/** A picture ready for any printer language: 1 = black dot, row by row, and where it starts across the paper. */
export interface PreparedPicture {
  dots: Uint8Array;
  width: number;
  height: number;
  /** Dots of white to its left, so its alignment does not depend on the printer's own alignment for graphics. */
  left: number;
}

export interface PictureBounds {
  /** `commands[i]`, for the error texts. */
  path: string;
  paperDots: number;
  maxImagePixels: number;
  /** Claims the paper the picture needs (rows at its printed size) before a pixel is decoded; throws when over. */
  claimPaper: (rows: number, what: string) => void;
}

/**
 * A PNG/JPEG scaled to the paper and dithered (not thresholded at 128), unless it is a black-and-white drawing (a
 * logo) and no method was asked for: that one is thresholded, so its edges print clean instead of speckled. Its size and the paper it needs come from its
 * header and are checked before a pixel is decoded, so a header claiming 30000×30000 costs nothing.
 */
export function preparePicture(data: ImageData, bounds: PictureBounds): PreparedPicture {
  const field = `${bounds.path}.data.image`;
  const fail = (reason: string): JobError => new JobError('IMAGE', `${field} ${reason.startsWith('is ') ? reason : `could not be decoded: ${reason}`}`);
  const bytes = decodeBase64(data.image.replace(/^data:[^,]*;base64,/, ''));
  if (!bytes || bytes.length === 0) throw new JobError('IMAGE', `${field} is not valid base64`);
  let header;
  try {
    header = readImageHeader(bytes);
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  const tooLarge = pixelProblem(header, bounds.maxImagePixels);
  if (tooLarge) throw fail(tooLarge);
  const { paperDots } = bounds;
  if (data.width !== undefined && data.width > paperDots) {
    throw new JobError('IMAGE', `${bounds.path}.data.width ${data.width} is wider than the paper (${paperDots} dots)`);
  }
  const width = data.width ?? Math.min(header.width, paperDots);
  bounds.claimPaper(scaledHeight(header, width), `${header.width}×${header.height} pixels printed ${width} dots wide`);
  let picture: GreyImage;
  try {
    picture = decodeImage(bytes, bounds.maxImagePixels);
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error));
  }
  const scaled = scaleGrey(picture, width);
  const method = data.dither ?? (isLineArt(scaled) ? 'threshold' : 'floyd-steinberg');
  return {
    dots: dither(scaled, method, data.threshold ?? 128),
    width: scaled.width,
    height: scaled.height,
    left: alignedLeft(paperDots, scaled.width, data.align ?? 'center'),
  };
}
