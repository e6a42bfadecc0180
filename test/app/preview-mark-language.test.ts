import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARK_TEXTS } from '../../src/shared/escpos/mark-texts';
import { previewBounds, renderEscPos } from '../../src/shared/escpos/render-escpos';
import { DEFAULT_JOB_LIMITS } from '../../src/shared/document/job-limits';
import { EncoderPool } from '../../src/main/services/encoding/offthread/encoder-pool';
import { rasterToPng } from '../../src/main/services/encoding/raster-png';
import { until } from '../support/eventually';
import { nextEvent, startTestAppHost, type TestAppHost } from './app-harness';

/** "Hola", a full cut (GS V 0) and a partial one (GS V 1). */
const BYTES = new Uint8Array([0x48, 0x6f, 0x6c, 0x61, 0x0a, 0x1d, 0x56, 0x00, 0x1d, 0x56, 0x01]);
const document = { version: '1.0', commands: [{ type: 'text', data: { text: 'Café' } }, { type: 'cut', data: {} }] };

describe("the knife's band speaks the window's language", () => {
  it('draws and names the cut in the words it is given (English without a window)', () => {
    const es = renderEscPos(BYTES, { width: 384, marks: MARK_TEXTS.es });
    const en = renderEscPos(BYTES, { width: 384 });
    expect(es.events.map((event) => event.detail)).toEqual(['CORTE', 'CORTE PARCIAL']);
    expect(en.events.map((event) => event.detail)).toEqual(['CUT', 'PARTIAL CUT']);
    expect(Buffer.from(es.pixels).equals(Buffer.from(en.pixels))).toBe(false);
  });

  describe('through the service', () => {
    let host: TestAppHost;
    beforeAll(async () => {
      host = await startTestAppHost();
    });
    afterAll(() => host.stop());

    it("previews and keeps the virtual printer's image with the window's word for the cut", async () => {
      for (const language of ['es', 'en'] as const) {
        await host.handlers.updateSettings({ settings: { language } });
        await host.settled();
        const preview = await host.handlers.renderPreview({ document });
        expect(preview.image?.marks.map((mark) => mark.detail)).toEqual([MARK_TEXTS[language].cut]);

        const printed = nextEvent(host.hub, 'job.printed');
        const { id } = await host.handlers.submitJob({ document, printer: 'virtual' });
        expect((await printed).id).toBe(id);
        const png = path.join(host.dataDir, 'virtual-printer', `${id}.png`);
        await until(() => fs.existsSync(png), 'the virtual printer kept its image');
        // The same picture the renderer draws from the kept bytes with that language's words, pixel for pixel.
        const bytes = new Uint8Array(fs.readFileSync(path.join(host.dataDir, 'virtual-printer', `${id}.bin`)));
        const expected = rasterToPng(renderEscPos(bytes, { width: 576, ...previewBounds(DEFAULT_JOB_LIMITS), marks: MARK_TEXTS[language] }));
        expect(Buffer.from(fs.readFileSync(png)).equals(Buffer.from(expected))).toBe(true);
      }
    });
  });

  it('an encoder pool reads the words at each image (the language may change while it runs)', async () => {
    let words: (typeof MARK_TEXTS)['es' | 'en'] = MARK_TEXTS.es;
    const pool = new EncoderPool({ threads: 1, marks: () => words });
    try {
      const spanish = await pool.renderPng(BYTES, 384);
      words = MARK_TEXTS.en;
      const english = await pool.renderPng(BYTES, 384);
      expect(Buffer.from(spanish).equals(Buffer.from(english))).toBe(false);
      expect(Buffer.from(english).equals(Buffer.from(rasterToPng(renderEscPos(BYTES, { width: 384, ...previewBounds(DEFAULT_JOB_LIMITS) }))))).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
