import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { encodeDocument, type EncodeOptions } from '../../src/main/services/encoding/encode-document';
import { DEFAULT_JOB_LIMITS } from '../../src/shared/document/job-limits';
import { JobError } from '../../src/shared/job-error';
import { blackPng, imageDoc } from '../support/hostile-images';
import { rasterBlocks } from './encode-helpers';

/** The result text a document fails with, or `printed N bytes`. */
function outcome(datos: unknown, options: Partial<EncodeOptions> = {}): string {
  try {
    return `printed ${encodeDocument(datos, { safeMode: true, ...options }).length} bytes`;
  } catch (error) {
    if (error instanceof JobError) return error.message;
    throw error;
  }
}

const doc = (commands: unknown[]): unknown => ({ version: '1.0', profile: { model: 'epson', paper_width: 80 }, commands });
const text = (value: string, extra: Record<string, unknown> = {}): unknown => ({ type: 'text', data: { text: value, ...extra } });
const limits = (overrides: Partial<typeof DEFAULT_JOB_LIMITS>): Partial<EncodeOptions> => ({ limits: { ...DEFAULT_JOB_LIMITS, ...overrides } });

describe('pictures are measured from their header before they are decoded', () => {
  it('refuses a 30000×30000 PNG of 110 KB (3.8 GB once decoded) with the megapixel limit', () => {
    const png = blackPng(30_000, 30_000);
    expect(png.length).toBeLessThan(200_000);
    expect(outcome(imageDoc(png))).toBe('IMAGE: commands[0].data.image is 30000×30000 pixels, more than the 16-megapixel limit');
  });

  it('refuses a JPEG whose frame header claims 20000×20000 pixels', () => {
    const pixels = Buffer.alloc(8 * 8 * 4, 255);
    const file = Buffer.from(jpeg.encode({ data: pixels, width: 8, height: 8 }, 90).data);
    const sof = file.indexOf(Buffer.from([0xff, 0xc0]));
    file.writeUInt16BE(20_000, sof + 5);
    file.writeUInt16BE(20_000, sof + 7);
    expect(outcome(imageDoc(file))).toBe('IMAGE: commands[0].data.image is 20000×20000 pixels, more than the 16-megapixel limit');
  });

  it('refuses a 2×8,000,000 PNG scaled to 8 dots wide by the paper it would need (4 km), not by building it', () => {
    // 16 megapixels is within the pixel limit; at 8 dots wide it would be 32 million dot rows (a 1.18 GB job).
    const png = blackPng(2, 8_000_000, { depth: 8 });
    expect(outcome(imageDoc(png, { width: 8 }))).toBe(
      'IMAGE: commands[0].data.image needs 4000 m of paper (2×8000000 pixels printed 8 dots wide), more than the 5 m a job may feed',
    );
  });

  it('refuses an interlaced 8×8 PNG whose data inflates to 256 MB', () => {
    const png = blackPng(8, 8, { depth: 8, interlaced: true, inflatedBytes: 256 * 1024 * 1024 });
    expect(png.length).toBeLessThan(400_000);
    expect(outcome(imageDoc(png))).toBe('IMAGE: commands[0].data.image could not be decoded: its data inflates past the 79 bytes its 8×8 header allows');
  });

  it('still prints pictures within the limits, including a configured smaller pixel limit', () => {
    expect(rasterBlocks([...encodeDocument(imageDoc(blackPng(64, 600)), { safeMode: true })]).map((block) => block.rows)).toEqual([240, 240, 120]);
    expect(outcome(imageDoc(blackPng(2000, 1000)), limits({ maxImagePixels: 1_000_000 }))).toBe(
      'IMAGE: commands[0].data.image is 2000×1000 pixels, more than the 1-megapixel limit',
    );
  });
});

describe('a job may feed only so much paper', () => {
  it('refuses 1 MB of text by the paper it needs (the wrapping itself is linear)', () => {
    expect(outcome(doc([text('palabra '.repeat(131_072))]))).toBe(
      'VALIDATION: commands[0].data.text needs 82 m of paper (21846 lines), more than the 5 m a job may feed',
    );
  });

  it('stops 100k text commands at the first one past 5 m', () => {
    const commands = Array.from({ length: 100_000 }, (_, index) => text(`línea ${index}`));
    // 1333 lines of 30 dots fill 4.999 m; the next one is over.
    expect(outcome(doc(commands))).toBe('VALIDATION: commands[1333].data.text takes the job past the 5 m of paper a job may feed');
    expect(outcome(doc(commands.slice(0, 1333)))).toMatch(/^printed \d+ bytes$/);
  });

  it('counts tall text by its height multiplier', () => {
    // Font A at height 8: 192 dots a line, so 208 lines fit 5 m and 209 do not.
    const tall = { size: { width: 8, height: 8 } };
    expect(outcome(doc([text(Array.from({ length: 208 }, () => 'x').join('\n'), tall)]))).toMatch(/^printed/);
    expect(outcome(doc([text(Array.from({ length: 209 }, () => 'x').join('\n'), tall)]))).toBe(
      'VALIDATION: commands[0].data.text needs 5.02 m of paper (209 lines), more than the 5 m a job may feed',
    );
  });

  it('reports the command that goes over under its own category, at a configured limit', () => {
    const oneMetre = limits({ maxPaperMm: 1_000 });
    // 265 lines of 30 dots: 7950 of the 8000 dots of 1 m, leaving less than any of the commands below.
    const nearlyFull = [
      { type: 'feed', data: { lines: 255 } },
      { type: 'feed', data: { lines: 10 } },
    ];
    const over = (command: unknown): string => outcome(doc([...nearlyFull, command]), oneMetre);
    expect(over({ type: 'qr', data: { data: 'https://example.com/factura/000123' } })).toBe('QR: commands[2].data takes the job past the 1 m of paper a job may feed');
    expect(over({ type: 'barcode', data: { data: '000123', symbology: 'CODE128' } })).toBe(
      'BARCODE: commands[2].data takes the job past the 1 m of paper a job may feed',
    );
    expect(over({ type: 'feed', data: { lines: 2 } })).toBe('VALIDATION: commands[2].data.lines takes the job past the 1 m of paper a job may feed');
    expect(over({ type: 'cut' })).toBe('VALIDATION: commands[2].data.feed takes the job past the 1 m of paper a job may feed');
    expect(over({ type: 'image', data: { image: blackPng(576, 100).toString('base64') } })).toBe(
      'IMAGE: commands[2].data.image takes the job past the 1 m of paper a job may feed',
    );
    expect(over(text('a\nb'))).toBe('VALIDATION: commands[2].data.text takes the job past the 1 m of paper a job may feed');
    expect(over({ type: 'line' })).toMatch(/^printed/);
    // 266 rows of 30 dots fill 7980 dots: the 267th row is over.
    const rows = Array.from({ length: 400 }, (_, index) => [`Producto ${index}`, '1,50']);
    expect(outcome(doc([{ type: 'table', data: { columns: [{}, {}], rows } }]), oneMetre)).toBe(
      'TABLE: commands[0].data.rows[266] takes the job past the 1 m of paper a job may feed',
    );
  });

  it('measures the paper raw bytes feed: line feeds, ESC d and raster rows', () => {
    const lineFeeds = Buffer.alloc(200_000, 0x0a).toString('base64'); // 200k × 30 dots = 750 m
    expect(outcome(doc([{ type: 'raw', data: { base64: lineFeeds } }]))).toBe(
      'RAW: commands[0].data needs 750 m of paper (its line feeds, feeds and raster rows), more than the 5 m a job may feed',
    );
    const feeds = Array.from({ length: 6 }, () => '1B 64 FF').join(' '); // ESC d 255: 7650 dots each
    expect(outcome(doc([{ type: 'raw', data: { hex: feeds } }]))).toBe(
      'RAW: commands[0].data needs 5.7 m of paper (its line feeds, feeds and raster rows), more than the 5 m a job may feed',
    );
  });
});

describe('a job may send only so many bytes', () => {
  it('refuses raw bytes over the byte limit, and a job that reaches it command by command', () => {
    const kib = limits({ maxJobBytes: 1024 });
    const raw = { type: 'raw', data: { base64: Buffer.alloc(2000, 0x41).toString('base64') } };
    expect(outcome(doc([raw]), kib)).toBe('RAW: commands[0] is 2 KiB of printer bytes, more than the 1 KiB a job may send');
    const lines = Array.from({ length: 30 }, () => ({ type: 'line' })); // 49 bytes each
    expect(outcome(doc(lines), kib)).toBe('VALIDATION: commands[20] takes the job past the 1 KiB of printer bytes a job may send');
  });
});
