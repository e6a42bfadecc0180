import { afterEach, describe, expect, it, vi } from 'vitest';
import { EncoderPool } from '../../src/main/services/encoding/offthread/encoder-pool';
import { textEngine } from '../../src/main/services/encoding/script-raster/text-engine';
import { failure, rasterBlocks } from './encode-helpers';
import { difference, docOf, drawnDirectly, inkBox } from './script-raster-helpers';
import { PNG } from 'pngjs';

let pool: EncoderPool | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await pool?.close();
  pool = undefined;
});

describe('text drawn for other scripts, within the job limits', () => {
  it('refuses a megabyte of Chinese on the paper limit before drawing a line of it', () => {
    const render = vi.spyOn(textEngine, 'render');
    const measure = vi.spyOn(textEngine, 'measure');
    const text = '欢迎光临本店祝您用餐愉快'.repeat(90_000);
    expect(failure([{ type: 'text', data: { text } }])).toMatch(/^VALIDATION: commands\[0\]\.data\.text needs \d+ m of paper \(about \d+ lines\), more than the 5 m a job may feed$/);
    expect(render).not.toHaveBeenCalled();
    // Only the lines that fit 5 m of paper (about 1,300) are measured, a few times each: not the million characters.
    expect(measure.mock.calls.length).toBeLessThan(60_000);
  });

  it('refuses many short Chinese paragraphs the same way, counting them without measuring them all', () => {
    const render = vi.spyOn(textEngine, 'render');
    const measure = vi.spyOn(textEngine, 'measure');
    expect(failure([{ type: 'text', data: { text: '谢谢\n'.repeat(200_000) } }])).toMatch(/needs \d+ m of paper \(about 200001 lines\)/);
    expect(render).not.toHaveBeenCalled();
    expect(measure.mock.calls.length).toBeLessThan(10_000);
  });

  it('counts a drawn table row against the paper too', () => {
    const render = vi.spyOn(textEngine, 'render');
    const rows = Array.from({ length: 3_000 }, (_, index) => [`拿铁 ${index}`, '4,50']);
    expect(failure([{ type: 'table', data: { columns: [{ width: 3 }, { width: 1 }], rows } }])).toMatch(/^TABLE: commands\[0\]\.data\.rows\[\d+\] takes the job past the 5 m of paper a job may feed$/);
    // Every row up to the limit was drawn, none past it.
    expect(render.mock.calls.length).toBeLessThan(1_400);
  });

  it('says which characters no installed font has instead of printing empty boxes', () => {
    const render = vi.spyOn(textEngine, 'render');
    // Tangut: a script no font on this machine (or a shop's) covers.
    const message = failure([{ type: 'text', data: { text: 'Pedido 𗀀𗀁' } }]);
    expect(message).toMatch(/^EXECUTION: commands\[0\]\.data\.text: no font on this computer can print "𗀀" \(U\+17000\), "𗀁" \(U\+17001\); /);
    expect(render).not.toHaveBeenCalled();
    // Scripts that have a font are not caught by it.
    expect(textEngine.missingCharacters(['你', 'ش', 'ש', 'Ω', 'ก', 'न', '€'])).toEqual([]);
  });

  it('draws the text on the encoder threads, and their preview shows it', { timeout: 60_000 }, async () => {
    pool = new EncoderPool({ threads: 1 });
    const datos = docOf([{ type: 'text', data: { text: '你好，欢迎光临', align: 'center' } }]);
    const bytes = await pool.encode(datos, { safeMode: true });
    expect(rasterBlocks([...bytes])).toHaveLength(1);
    const picture = await pool.previewPicture(bytes, datos);
    const png = PNG.sync.read(Buffer.from(picture.png));
    const pixels = new Uint8Array(png.width * png.height);
    for (let index = 0; index < pixels.length; index++) pixels[index] = (png.data[index * 4] ?? 255) < 128 ? 1 : 0;
    expect(difference(inkBox({ width: png.width, height: png.height, pixels }), drawnDirectly('你好，欢迎光临'))).toBeLessThan(0.08);
  });
});
