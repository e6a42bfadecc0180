import { describe, expect, it } from 'vitest';
import { renderStar } from '../../src/shared/escpos/render-star';

const ESC = 0x1b;
const GS = 0x1d;

/** Star graphics headers can claim far more than the bytes that follow: the preview draws only what lands on paper. */
describe('the Star preview with hostile graphics headers', () => {
  it('ends a picture claiming 65535×65535 raster bytes at the preview height, drawing what the bytes hold', () => {
    const bytes = Uint8Array.from([ESC, 0x40, ESC, GS, 0x53, 1, 0xff, 0xff, 0xff, 0xff, 0, 0xff, 0xff]);
    const preview = renderStar(bytes, { width: 576, maxHeight: 2000, model: 'star-tsp100iv' });
    expect(preview.height).toBeLessThanOrEqual(2000 + 30);
    expect(preview.events.map((event) => event.kind)).toEqual(['truncated']);
    // The two 0xFF bytes are the first row's first 16 dots.
    expect(Array.from(preview.pixels.subarray(0, 17))).toEqual([...Array.from({ length: 16 }, () => 1), 0]);
  });

  it('clips an ESC X stripe wider than the paper to the paper, and reads what follows its data as commands', () => {
    const columns = 600;
    const stripe = [ESC, 0x58, columns & 0xff, columns >> 8, ...Array.from({ length: columns * 3 }, () => 0xff), 0x0a];
    const preview = renderStar(Uint8Array.from([ESC, 0x40, ESC, 0x30, ...stripe, 0x07]), { width: 384, model: 'star-tsp650ii' });
    expect(preview.width).toBe(384);
    expect(preview.pixels.subarray(23 * 384, 24 * 384).every((dot) => dot === 1)).toBe(true);
    expect(preview.events).toEqual([{ kind: 'drawer', y: 24, detail: 'DRAWER pulse pin 2' }]);
  });
});
