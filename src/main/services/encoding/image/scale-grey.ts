import type { GreyImage } from './decode-image';

/** The height a picture has once scaled to `width`, proportions kept: known from its header, before decoding. */
export function scaledHeight(image: { width: number; height: number }, width: number): number {
  if (width === image.width) return image.height;
  return Math.max(1, Math.round((image.height * width) / image.width));
}

/** Resizes to `width` (height kept in proportion): area averaging when shrinking, nearest dot when enlarging. */
export function scaleGrey(image: GreyImage, width: number): GreyImage {
  if (width === image.width) return image;
  const height = scaledHeight(image, width);
  const grey = new Uint8Array(width * height);
  const xRatio = image.width / width;
  const yRatio = image.height / height;
  if (xRatio <= 1 && yRatio <= 1) {
    for (let y = 0; y < height; y++) {
      const sourceRow = Math.min(image.height - 1, Math.floor(y * yRatio)) * image.width;
      for (let x = 0; x < width; x++) grey[y * width + x] = image.grey[sourceRow + Math.min(image.width - 1, Math.floor(x * xRatio))] ?? 255;
    }
    return { width, height, grey };
  }
  for (let y = 0; y < height; y++) {
    const top = Math.floor(y * yRatio);
    const bottom = Math.max(top + 1, Math.min(image.height, Math.floor((y + 1) * yRatio)));
    for (let x = 0; x < width; x++) {
      const left = Math.floor(x * xRatio);
      const right = Math.max(left + 1, Math.min(image.width, Math.floor((x + 1) * xRatio)));
      let sum = 0;
      for (let row = top; row < bottom; row++) {
        const base = row * image.width;
        for (let column = left; column < right; column++) sum += image.grey[base + column] ?? 255;
      }
      grey[y * width + x] = Math.round(sum / ((bottom - top) * (right - left)));
    }
  }
  return { width, height, grey };
}
