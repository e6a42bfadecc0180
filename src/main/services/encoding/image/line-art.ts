import type { GreyImage } from './decode-image';

/** Grey levels this close to black or white count as black or white: scanned or saved logos are rarely exact. */
const NEAR = 64;
/** How far (in dots) from its black and its white a grey dot is still a smoothed edge: resizing blurs edges over two. */
const EDGE_REACH = 2;
/** Greys away from any edge, as a share of the picture, that still make it a drawing (a stray speck), not a photo. */
const FLAT_GREY_SHARE = 0.005;
/** A drawing's smoothed edges are a thin outline: a picture more grey than this is shaded, whatever its greys are next to. */
const MAX_GREY_SHARE = 0.2;

const DARK = 1;
const LIGHT = 2;

/**
 * Whether a picture is a drawing in black and white (a logo, a stamp, text) whose only greys are the smoothed edges
 * of its shapes, each grey between a black and a white dot: dithering those edges scatters loose dots around the
 * letters, so such a picture is thresholded. Anything with grey areas of its own (a photo, a gradient, a shaded or
 * textured picture) is not.
 */
export function isLineArt(image: GreyImage): boolean {
  const { width, height, grey } = image;
  const total = width * height;
  const allowed = Math.floor(total * FLAT_GREY_SHARE);
  const tone = new Uint8Array(total);
  // Where the greys are: a drawing has few, so only those are looked at closer.
  const greys = new Int32Array(Math.floor(total * MAX_GREY_SHARE) + 1);
  let count = 0;
  for (let index = 0; index < total; index++) {
    const value = grey[index] as number;
    if (value < NEAR) tone[index] = DARK;
    else if (value > 255 - NEAR) tone[index] = LIGHT;
    else if (count === greys.length) return false;
    else greys[count++] = index;
  }
  // Pure black and white (or nearly): nothing to look at closer.
  if (count <= allowed) return true;
  let flatGreys = 0;
  for (let at = 0; at < count; at++) {
    const index = greys[at] as number;
    // A photo has grey areas of its own: it is known for one at the first few hundred such dots.
    if (!betweenBlackAndWhite(tone, width, height, index % width, Math.floor(index / width)) && ++flatGreys > allowed) return false;
  }
  return true;
}

/** Whether both a black and a white dot lie in the square EDGE_REACH dots around (x, y). */
function betweenBlackAndWhite(tone: Uint8Array, width: number, height: number, x: number, y: number): boolean {
  const left = Math.max(0, x - EDGE_REACH);
  const right = Math.min(width - 1, x + EDGE_REACH);
  let seen = 0;
  for (let row = Math.max(0, y - EDGE_REACH), bottom = Math.min(height - 1, y + EDGE_REACH); row <= bottom; row++) {
    for (let at = row * width + left, end = row * width + right; at <= end; at++) {
      seen |= tone[at] as number;
      if (seen === (DARK | LIGHT)) return true;
    }
  }
  return false;
}
