import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../src/main/services/encoding/encode-document';
import { previewBytes } from '../../src/main/services/encoding/preview-document';
import { renderEscPos } from '../../src/shared/escpos/render-escpos';
import { profileFor } from '../../src/shared/printer-profiles/find-profile';

const greekAndCyrillic = (model: string) => ({
  version: '1.0',
  profile: { model, paper_width: 80 },
  commands: [{ type: 'text', data: { text: 'Καλημέρα · Привет' } }],
});

describe('the preview reads code pages as the profile’s printer numbers them', () => {
  it.each(['xprinter', 'pos-5890'])('%s: Greek and Cyrillic pages selected by its own ESC t numbers are drawn, not marked unknown', (model) => {
    const datos = greekAndCyrillic(model);
    const bytes = encodeDocument(datos, { safeMode: true });
    // Read with Epson's numbering, the clone's Greek page is not one the preview knows: the old, wrong reading.
    expect(renderEscPos(bytes, { width: 576 }).events.map((event) => event.kind)).toContain('not-previewed');
    expect(renderEscPos(bytes, { width: 576, model: profileFor(model).id }).events).toEqual([]);
    // The designer's and the job detail's preview take the model from the document.
    expect(previewBytes(bytes, datos).events).toEqual([]);
  });

  it('reads a generic document exactly as before (Epson numbering)', () => {
    const datos = greekAndCyrillic('epson');
    const bytes = encodeDocument(datos, { safeMode: true });
    const generic = renderEscPos(bytes, { width: 576, model: 'generic' });
    const plain = renderEscPos(bytes, { width: 576 });
    expect(Buffer.from(generic.pixels)).toEqual(Buffer.from(plain.pixels));
  });
});
