import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import type { Preview } from '../../src/shared/contract/types';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import { startTestAppHost, type TestAppHost } from '../app/app-harness';
import { greyPng } from '../encoding/encode-helpers';
import { inkBox } from './raster-reading';

/** A black picture taller than one GS v 0 band (240 rows), narrower than the paper so it prints as it is. */
const IMAGE = { width: 200, height: 300 };

const receipt = {
  version: '1.0',
  profile: { model: 'epson', paper_width: 80 },
  commands: [
    { type: 'text', data: { text: 'Café Central', align: 'center', bold: true, size: { width: 2, height: 2 } } },
    {
      type: 'table',
      data: {
        columns: [{ header: 'Producto', width: 3 }, { header: 'Importe', width: 1, align: 'right' }],
        rows: [['Café con leche', '1,50 €'], ['Tostada', '2,20 €'], ['Zumo', '2,80 €'], ['Croissant', '1,30 €']],
      },
    },
    { type: 'image', data: { image: greyPng(IMAGE.width, IMAGE.height, 0).toString('base64'), dither: 'threshold' } },
    { type: 'qr', data: { data: 'https://cafe.example/t/81', size: 4, align: 'center' } },
    { type: 'barcode', data: { data: 'TCK0081', symbology: 'CODE128', hri: 'below' } },
    { type: 'feed', data: { lines: 3 } },
    { type: 'cut' },
  ],
};
const NAMES = ['text', 'table', 'image', 'qr', 'barcode', 'feed', 'cut'];

function renderHere() {
  const blockStarts: number[] = [];
  const bytes = encodeDocument(receipt, { safeMode: true }, blockStarts);
  return { blockStarts, preview: renderEscPos(bytes, { width: 576, blockStarts }) };
}

describe('the preview tells which dot rows each command printed', () => {
  const { blockStarts, preview } = renderHere();
  const band = (name: string) => {
    const block = preview.blocks[NAMES.indexOf(name)];
    if (!block) throw new Error(`no band for ${name}`);
    return block;
  };

  it('records where each command’s bytes begin, after the printer reset, in order', () => {
    expect(blockStarts).toHaveLength(receipt.commands.length);
    expect(blockStarts[0]).toBeGreaterThan(0);
    for (let index = 1; index < blockStarts.length; index++) expect(blockStarts[index]).toBeGreaterThan(blockStarts[index - 1] ?? Infinity);
  });

  it('gives one band per command, in order, without overlaps, and every printed dot lies in a band', () => {
    expect(preview.blocks.map((block) => block.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const [index, block] of preview.blocks.entries()) {
      expect(block.bottom, NAMES[index]).toBeGreaterThan(block.top);
      const next = preview.blocks[index + 1];
      if (next) expect(block.bottom, NAMES[index]).toBeLessThanOrEqual(next.top);
    }
    expect(inkBox(preview, 0, band('text').top)).toBeUndefined();
    expect(band('cut').bottom).toBe(preview.height);
    for (const name of ['text', 'table', 'image', 'qr', 'barcode']) expect(inkBox(preview, band(name).top, band(name).bottom), name).toBeDefined();
  });

  it('makes the image’s band exactly as tall as the picture, with the picture in it', () => {
    const image = band('image');
    expect(image.bottom - image.top).toBe(IMAGE.height);
    expect(inkBox(preview, image.top, image.bottom)).toEqual({ left: (576 - IMAGE.width) / 2, right: (576 + IMAGE.width) / 2 - 1, top: image.top, bottom: image.bottom - 1 });
  });

  it('sizes the text, table, QR and feed bands by what they print', () => {
    // Double height: one 48-dot line. The table: a header, its rule and four rows of 30 dots.
    expect(band('text').bottom - band('text').top).toBe(48);
    expect(band('table').bottom - band('table').top).toBe(6 * 30);
    // A 25-module QR (version 2) at 4 dots a module.
    expect(band('qr').bottom - band('qr').top).toBe(25 * 4);
    expect(inkBox(preview, band('feed').top, band('feed').bottom)).toBeUndefined();
    expect(band('feed').bottom - band('feed').top).toBe(3 * 30);
  });

  it('puts the cut’s mark in the cut’s band', () => {
    const cut = preview.events.find((event) => event.kind === 'cut');
    expect(cut?.y).toBeGreaterThanOrEqual(band('cut').top);
    expect(cut?.y).toBeLessThan(band('cut').bottom);
  });

  it('reports no bands for commands past the end of a preview cut short', () => {
    const bytes = encodeDocument(receipt, { safeMode: true }, []);
    const short = renderEscPos(bytes, { width: 576, blockStarts, maxHeight: band('image').top + 10 });
    expect(short.blocks.map((block) => block.index)).toEqual([0, 1, 2]);
    expect(short.blocks[2]).toEqual({ index: 2, top: band('image').top, bottom: band('image').top + 10 });
  });
});

describe('the window’s preview, through the running service', () => {
  let host: TestAppHost;
  beforeAll(async () => {
    host = await startTestAppHost();
  });
  afterAll(() => host.stop());

  it('sends the same bands, rendered on the encoder threads', { timeout: 30_000 }, async () => {
    const { body } = await host.post('renderPreview', { document: receipt });
    const preview = (body as { ok: boolean; value: Preview }).value;
    expect(preview.error).toBeNull();
    expect(preview.image?.blocks).toEqual(renderHere().preview.blocks);
  });
});
