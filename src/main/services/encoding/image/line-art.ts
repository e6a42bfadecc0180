import type { GreyImage } from './decode-image';

/** Grey levels this close to black or white count as black or white: scanned or saved logos are rarely exact. */
const NEAR = 64;
/** How far (in dots) from a black or white dot a grey one is still its smoothed edge: resizing blurs edges over two. */
const EDGE_REACH = 2;
/** Greys away from any edge, as a share of the picture, that still make it a drawing (a stray speck), not a photo. */
const FLAT_GREY_SHARE = 0.005;

/**
 * Whether a picture is a drawing in black and white (a logo, a stamp, text) whose only greys are the smoothed edges
 * of its shapes: dithering those edges scatters loose dots around the letters, so such a picture is thresholded.
 * Anything with grey areas of its own (a photo, a gradient, a shaded drawing) is not.
 */
export function isLineArt(image: GreyImage): boolean {
  const { width, height, grey } = image;
  const total = width * height;
  if (total === 0) return true;
  // 1 where the dot is near black or near white, then spread EDGE_REACH dots across and down (a square around it).
  const solid = new Uint8Array(total);
  for (let index = 0; index < total; index++) {
    const value = grey[index] as number;
    if (value < NEAR || value > 255 - NEAR) solid[index] = 1;
  }
  const near = spreadDown(spreadAcross(solid, width, height), width, height);
  const allowed = Math.floor(total * FLAT_GREY_SHARE);
  let flatGreys = 0;
  for (let index = 0; index < total; index++) {
    if (solid[index] === 0 && near[index] === 0 && ++flatGreys > allowed) return false;
  }
  return true;
}

function spreadAcross(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x] === 0) continue;
      out.fill(1, row + Math.max(0, x - EDGE_REACH), row + Math.min(width, x + EDGE_REACH + 1));
    }
  }
  return out;
}

function spreadDown(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const top = Math.max(0, y - EDGE_REACH);
    const bottom = Math.min(height - 1, y + EDGE_REACH);
    for (let x = 0; x < width; x++) {
      for (let row = top; row <= bottom; row++) {
        if (mask[row * width + x] === 1) {
          out[y * width + x] = 1;
          break;
        }
      }
    }
  }
  return out;
}
