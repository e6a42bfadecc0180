import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { greyPng, encode, failure, INIT, rasterBlocks } from './encode-helpers';

const image = (png: Buffer, extra: Record<string, unknown> = {}): unknown => ({ type: 'image', data: { image: png.toString('base64'), ...extra } });
const blackDots = (bytes: number[], block: { bytesWide: number; rows: number; data: number }): number => {
  let count = 0;
  for (let at = block.data; at < block.data + block.bytesWide * block.rows; at++) {
    for (let bit = 0; bit < 8; bit++) if ((bytes[at] ?? 0) & (0x80 >> bit)) count++;
  }
  return count;
};

describe('images', () => {
  it('sends a small black image as one GS v 0 block after ESC a 0', () => {
    const bytes = encode([image(greyPng(16, 2, 0), { align: 'left' })]);
    expect(bytes).toEqual([...INIT, 0x1d, 0x76, 0x30, 0, 2, 0, 2, 0, 0xff, 0xff, 0xff, 0xff]);
  });

  it('bakes centring into the raster as white dots', () => {
    const bytes = encode([image(greyPng(16, 1, 0))], { paperWidth: 58 });
    // 384 dots: the 16-dot picture starts at dot 184 = byte 23.
    expect(bytes.slice(0, 8 + INIT.length)).toEqual([...INIT, 0x1d, 0x76, 0x30, 0, 25, 0, 1, 0]);
    expect(bytes.slice(10)).toEqual([...Array.from({ length: 23 }, () => 0), 0xff, 0xff]);
  });

  it('splits tall images into bands under 256 rows', () => {
    const blocks = rasterBlocks(encode([image(greyPng(64, 600, 0))]));
    expect(blocks.map((block) => block.rows)).toEqual([240, 240, 120]);
    expect(blocks.every((block) => block.rows < 256)).toBe(true);
  });

  it('scales to the paper: a 1200-dot picture prints 576 dots wide, proportions kept', () => {
    const blocks = rasterBlocks(encode([image(greyPng(1200, 100, 0))]));
    expect(blocks[0]?.bytesWide).toBe(72);
    expect(blocks.reduce((sum, block) => sum + block.rows, 0)).toBe(48);
  });

  it('scales to a given width', () => {
    const blocks = rasterBlocks(encode([image(greyPng(100, 50, 0), { width: 200, align: 'left' })]));
    expect(blocks[0]).toMatchObject({ bytesWide: 25, rows: 100 });
  });

  it('dithers a mid grey to about half the dots, where a 128 threshold prints all or nothing', () => {
    const png = greyPng(64, 64, 127);
    for (const method of ['floyd-steinberg', 'atkinson']) {
      const bytes = encode([image(png, { dither: method, align: 'left' })]);
      const [block] = rasterBlocks(bytes);
      if (!block) throw new Error('no raster');
      const share = blackDots(bytes, block) / (64 * 64);
      expect(share, method).toBeGreaterThan(0.4);
      expect(share, method).toBeLessThan(0.6);
    }
    const thresholded = encode([image(png, { dither: 'threshold', align: 'left' })]);
    const [block] = rasterBlocks(thresholded);
    if (!block) throw new Error('no raster');
    expect(blackDots(thresholded, block)).toBe(64 * 64);
    expect(blackDots(encode([image(png, { dither: 'threshold', threshold: 100, align: 'left' })]), block)).toBe(0);
  });

  it('gives Floyd-Steinberg and Atkinson different patterns', () => {
    const png = greyPng(64, 16, (x) => x * 4);
    expect(encode([image(png, { dither: 'floyd-steinberg' })])).not.toEqual(encode([image(png, { dither: 'atkinson' })]));
  });

  it('prints transparent pixels as paper', () => {
    const bytes = encode([image(greyPng(8, 1, 0, 0), { align: 'left' })]);
    expect(bytes.slice(-1)).toEqual([0x00]);
  });

  it('accepts a data: URL prefix and JPEG', () => {
    const png = greyPng(8, 8, 0);
    expect(rasterBlocks(encode([{ type: 'image', data: { image: `data:image/png;base64,${png.toString('base64')}` } }]))).toHaveLength(1);
    const pixels = Buffer.alloc(16 * 16 * 4);
    for (let at = 3; at < pixels.length; at += 4) pixels[at] = 255; // opaque black
    const jpegFile = jpeg.encode({ data: pixels, width: 16, height: 16 }, 90).data;
    const bytes = encode([{ type: 'image', data: { image: jpegFile.toString('base64'), align: 'left', dither: 'threshold' } }]);
    const [block] = rasterBlocks(bytes);
    expect(block).toMatchObject({ bytesWide: 2, rows: 16 });
    if (block) expect(blackDots(bytes, block)).toBe(256);
    expect(failure([{ type: 'image', data: { image: jpegFile.subarray(0, 40).toString('base64') } }])).toMatch(/^IMAGE: commands\[0\]\.data\.image could not be decoded: /);
  });

  it.each([
    ['invalid base64', '###', 'IMAGE: commands[0].data.image is not valid base64'],
    ['base64 of text', Buffer.from('hello world').toString('base64'), 'IMAGE: commands[0].data.image is neither PNG nor JPEG'],
  ])('fails with IMAGE for %s', (_name, data, expected) => {
    expect(failure([{ type: 'image', data: { image: data } }])).toBe(expected);
  });

  it('fails with IMAGE for a width wider than the paper', () => {
    expect(failure([image(greyPng(8, 8, 0), { width: 600 })])).toBe('IMAGE: commands[0].data.width 600 is wider than the paper (576 dots)');
  });
});
