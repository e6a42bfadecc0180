// Pictures for the printing bench, drawn with pngjs so no fixture files are needed. Noise comes from a seeded
// generator, so every run encodes the same picture.
import { PNG } from 'pngjs';
import { seededRandom } from '../test/support/seeded-random';

/** A greyscale PNG whose every pixel is `shade(x, y, random)`, 0 (black) to 255 (white). */
function greyPng(width: number, height: number, shade: (x: number, y: number, random: () => number) => number): Buffer {
  const png = new PNG({ width, height, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  const random = seededRandom(width * 31 + height);
  const grey = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) grey[y * width + x] = shade(x, y, random);
  }
  png.data = grey;
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}

/**
 * The heavy logo: paper-wide (576 dots) and `height` dots tall, a diagonal gradient with light noise, so
 * Floyd–Steinberg dithering has work on every pixel.
 */
export function heavyLogoPng(height: number): Buffer {
  const width = 576;
  return greyPng(width, height, (x, y, random) => Math.min(255, Math.round(((x + y) / (width + height)) * 224 + random() * 32)));
}

/**
 * A huge picture for the memory figure: `size`×`size` black and white dots, denser towards the bottom (a dithered
 * gradient). One bit of noise per pixel keeps the PNG under the service's default 5 MB frame while the decoder still
 * inflates all `size`² pixels.
 */
export function noisyDotsPng(size: number): Buffer {
  return greyPng(size, size, (_x, y, random) => (random() < y / size ? 0 : 255));
}
