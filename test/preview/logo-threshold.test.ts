import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { decodeImage } from '../../src/main/services/encoding/image/decode-image';
import { dither } from '../../src/main/services/encoding/image/dither';
import { scaleGrey } from '../../src/main/services/encoding/image/scale-grey';
import type { Raster } from '../../src/shared/escpos/raster';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import { greyPng } from '../encoding/encode-helpers';

/** Issue 32: a black-and-white logo ("OLÉ") printed with loose dots around its letters. */

const WIDTH = 240;
const HEIGHT = 96;
/** Samples per pixel side when drawing the logo: its edges get the greys a drawing program's smoothing gives. */
const SUPERSAMPLE = 4;

/** A ring, a slanted bar and a dot (an "O", an "L"-ish stroke, an accent): curves and diagonals at every angle. */
function inShape(x: number, y: number): boolean {
  const ring = Math.hypot(x - 48, y - 48);
  if (ring >= 24 && ring <= 38) return true;
  if (Math.abs(x - 110 - (y - 10) * 0.35) <= 7 && y >= 10 && y <= 86) return true;
  if (Math.hypot(x - 190, y - 30) <= 14) return true;
  return x >= 150 && x <= 230 && y >= 70 && y <= 84;
}

/** How much of pixel (x, y) the shape covers, 0…1. */
function coverage(x: number, y: number): number {
  let inside = 0;
  for (let sy = 0; sy < SUPERSAMPLE; sy++) {
    for (let sx = 0; sx < SUPERSAMPLE; sx++) if (inShape(x + (sx + 0.5) / SUPERSAMPLE, y + (sy + 0.5) / SUPERSAMPLE)) inside++;
  }
  return inside / SUPERSAMPLE ** 2;
}

/** The logo as black ink on white, or (`transparent`) black ink on a see-through background, edges smoothed either way. */
function logoPng(transparent: boolean): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const ink = coverage(x, y);
      const at = (y * WIDTH + x) * 4;
      const grey = transparent ? 0 : Math.round(255 * (1 - ink));
      png.data.set([grey, grey, grey, transparent ? Math.round(255 * ink) : 255], at);
    }
  }
  return PNG.sync.write(png);
}

const printed = (png: Buffer, width?: number): Raster =>
  renderEscPos(
    encodeDocument(
      { version: '1.0', profile: { paper_width: 80 }, commands: [{ type: 'image', data: { image: png.toString('base64'), align: 'left', ...(width ? { width } : {}) } }] },
      { safeMode: true },
    ),
    { width: 576 },
  );

const black = (raster: Raster, x: number, y: number): boolean => x >= 0 && y >= 0 && x < raster.width && y < raster.height && raster.pixels[y * raster.width + x] === 1;

/** Black dots with no black neighbour, even diagonally: the specks a person sees around the letters. */
function isolatedDots(raster: Raster): string[] {
  const found: string[] = [];
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      if (!black(raster, x, y)) continue;
      let neighbours = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && black(raster, x + dx, y + dy)) neighbours++;
      if (neighbours === 0) found.push(`${x},${y}`);
    }
  }
  return found;
}

describe('a black-and-white logo prints without dithering dots', () => {
  for (const transparent of [false, true]) {
    it(`${transparent ? 'on a see-through background' : 'on white'}: every dot inside the shape, no loose dots, solid inside`, () => {
      const raster = printed(logoPng(transparent));
      expect(isolatedDots(raster)).toEqual([]);
      const strays: string[] = [];
      const holes: string[] = [];
      for (let y = 0; y < HEIGHT; y++) {
        for (let x = 0; x < WIDTH; x++) {
          const ink = coverage(x, y);
          // Out of the shape (less than half covered): paper. Well inside it: ink, never a white speck.
          if (black(raster, x, y) && ink < 0.5) strays.push(`${x},${y}`);
          if (!black(raster, x, y) && ink === 1) holes.push(`${x},${y}`);
        }
      }
      expect(strays).toEqual([]);
      expect(holes).toEqual([]);
    });
  }

  it('shrunk to a narrower width (its edges blurred by the scaling): a dot exactly where the picture is more ink than paper', () => {
    const png = logoPng(false);
    const raster = printed(png, 160);
    expect(isolatedDots(raster)).toEqual([]);
    const shrunk = scaleGrey(decodeImage(new Uint8Array(png)), 160);
    const wrong: string[] = [];
    for (let y = 0; y < shrunk.height; y++) {
      for (let x = 0; x < shrunk.width; x++) if (black(raster, x, y) !== (shrunk.grey[y * shrunk.width + x] as number) < 128) wrong.push(`${x},${y}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a photo-like gradient still dithers (Floyd–Steinberg), not cut at one grey', () => {
    const gradient = greyPng(WIDTH, HEIGHT, (x, y) => Math.round((x / (WIDTH - 1)) * 200 + (y / (HEIGHT - 1)) * 55));
    const raster = printed(gradient);
    const expected = dither(scaleGrey(decodeImage(new Uint8Array(gradient)), WIDTH), 'floyd-steinberg');
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) expect(black(raster, x, y), `${x},${y}`).toBe(expected[y * WIDTH + x] === 1);
    }
    // Mid greys come out as a mix of dots: the middle of the gradient is neither all black nor all white.
    let middle = 0;
    for (let y = 0; y < HEIGHT; y++) for (let x = WIDTH / 2 - 10; x < WIDTH / 2 + 10; x++) if (black(raster, x, y)) middle++;
    expect(middle / (20 * HEIGHT)).toBeGreaterThan(0.2);
    expect(middle / (20 * HEIGHT)).toBeLessThan(0.8);
  });

  it('a grainy photo, its greys next to black and white everywhere, still dithers', () => {
    const grain = greyPng(WIDTH, HEIGHT, (x, y) => (x * 7919 + y * 104729) % 256);
    const raster = printed(grain);
    const expected = dither(decodeImage(new Uint8Array(grain)), 'floyd-steinberg');
    for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) expect(black(raster, x, y)).toBe(expected[y * WIDTH + x] === 1);
  });

  it('a method asked for in the document is kept: floyd-steinberg on the logo dithers its edges as before', () => {
    const png = logoPng(false);
    const asked = renderEscPos(
      encodeDocument({ version: '1.0', profile: { paper_width: 80 }, commands: [{ type: 'image', data: { image: png.toString('base64'), align: 'left', dither: 'floyd-steinberg' } }] }, { safeMode: true }),
      { width: 576 },
    );
    const expected = dither(decodeImage(new Uint8Array(png)), 'floyd-steinberg');
    for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) expect(black(asked, x, y)).toBe(expected[y * WIDTH + x] === 1);
  });
});
