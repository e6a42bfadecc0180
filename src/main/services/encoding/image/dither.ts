import type { Dither } from '../../../../shared/document/types';
import type { GreyImage } from './decode-image';

/** Grey → dots (1 = black) with the chosen method; `threshold` is the grey level below which a dot prints. */
export function dither(image: GreyImage, method: Dither, threshold = 128): Uint8Array {
  if (method === 'threshold') {
    const dots = new Uint8Array(image.grey.length);
    for (let index = 0; index < dots.length; index++) dots[index] = (image.grey[index] ?? 255) < threshold ? 1 : 0;
    return dots;
  }
  return diffuse(image, threshold, method === 'atkinson');
}

/**
 * Error diffusion over three rolling rows of error (all either kernel reaches), unrolled because a generic tap loop
 * costs several times more on a 576-dot logo. Floyd–Steinberg spreads 7/3/5/1 sixteenths; Atkinson spreads only six
 * eighths, which keeps logos lighter and crisper on thermal paper.
 */
function diffuse(image: GreyImage, threshold: number, atkinson: boolean): Uint8Array {
  const { width, height, grey } = image;
  const dots = new Uint8Array(width * height);
  const stride = width + 4;
  const error = new Float32Array(stride * 3);
  for (let y = 0; y < height; y++) {
    const row0 = (y % 3) * stride + 2;
    const row1 = ((y + 1) % 3) * stride + 2;
    const row2 = ((y + 2) % 3) * stride + 2;
    for (let x = 0; x < width; x++) {
      const value = (grey[y * width + x] as number) + (error[row0 + x] as number);
      const black = value < threshold;
      if (black) dots[y * width + x] = 1;
      const rest = black ? value : value - 255;
      if (atkinson) {
        const share = rest / 8;
        error[row0 + x + 1] = (error[row0 + x + 1] as number) + share;
        error[row0 + x + 2] = (error[row0 + x + 2] as number) + share;
        error[row1 + x - 1] = (error[row1 + x - 1] as number) + share;
        error[row1 + x] = (error[row1 + x] as number) + share;
        error[row1 + x + 1] = (error[row1 + x + 1] as number) + share;
        error[row2 + x] = (error[row2 + x] as number) + share;
      } else {
        const share = rest / 16;
        error[row0 + x + 1] = (error[row0 + x + 1] as number) + share * 7;
        error[row1 + x - 1] = (error[row1 + x - 1] as number) + share * 3;
        error[row1 + x] = (error[row1 + x] as number) + share * 5;
        error[row1 + x + 1] = (error[row1 + x + 1] as number) + share;
      }
    }
    error.fill(0, row0 - 2, row0 - 2 + stride);
  }
  return dots;
}
