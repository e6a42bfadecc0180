import { pixelProblem } from '../encoding/image/decode-image';
import { readImageHeader } from '../encoding/image/image-header';

/**
 * Pixels a CloudPRNT picture may have: a receipt is 576 dots wide, so 4 megapixels is a receipt seven metres long,
 * and a header claiming more is refused before a pixel is decoded (the encoder checks again with its own limit).
 */
export const MAX_PICTURE_PIXELS = 4_000_000;

/** Throws a readable Error unless the bytes are a PNG or JPEG whose header claims a bounded size. */
export function checkPicture(bytes: Uint8Array): void {
  const header = readImageHeader(bytes);
  const problem = pixelProblem(header, MAX_PICTURE_PIXELS);
  if (problem) throw new Error(`the picture ${problem}`);
}
