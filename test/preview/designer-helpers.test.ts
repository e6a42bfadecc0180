import { describe, expect, it } from 'vitest';
import { warningsOf } from '../../src/renderer/src/designer/block-warnings';
import { defaultSample, fillCommands, placeholdersIn } from '../../src/renderer/src/designer/placeholders';
import { readTemplateFile } from '../../src/renderer/src/designer/template-file';
import { paperGeometry } from '../../src/shared/document/paper';
import { profileFor } from '../../src/shared/printer-profiles/find-profile';

const GENERIC_PAGES = profileFor(undefined).codePages;

describe('the designer’s warnings follow the encoder', () => {
  it('warns when a column title is longer than its column on this paper, and not otherwise', () => {
    const table = { type: 'table', data: { columns: [{ header: 'Producto', width: 30 }, { header: 'Importe con IVA', width: 18 }], rows: [] } };
    expect(warningsOf(table, paperGeometry(58), undefined, GENERIC_PAGES)).toEqual([{ key: 'warn_headerWraps', values: { header: 'Importe con IVA', n: 2, length: 15, width: 12 } }]);
    expect(warningsOf(table, paperGeometry(80), undefined, GENERIC_PAGES)).toEqual([]);
  });

  it('warns that a picture wider than the paper is scaled down, unless its width is set', () => {
    const image = { type: 'image', data: { image: 'x' } };
    expect(warningsOf(image, paperGeometry(80), 800, GENERIC_PAGES)).toEqual([{ key: 'warn_imageScaled', values: { width: 800, dots: 576, paper: 80 } }]);
    expect(warningsOf(image, paperGeometry(80), 576, GENERIC_PAGES)).toEqual([]);
    expect(warningsOf({ type: 'image', data: { image: 'x', width: 300 } }, paperGeometry(80), 800, GENERIC_PAGES)).toEqual([]);
  });

  it('warns where text will print as a picture on this printer, and only there', () => {
    const text = (value: string) => ({ type: 'text', data: { text: value } });
    expect(warningsOf(text('Café con leche 1,50 € ¡Gracias!'), paperGeometry(80), undefined, GENERIC_PAGES)).toEqual([]);
    expect(warningsOf(text('谢谢 光临'), paperGeometry(80), undefined, GENERIC_PAGES)).toEqual([{ key: 'warn_printsAsPicture', values: { chars: '谢 光 临' } }]);
    const table = { type: 'table', data: { columns: [{ header: 'Plato' }], rows: [['Καλημέρα']] } };
    // Greek: a picture on a printer without a Greek page, text on one that has it.
    expect(warningsOf(table, paperGeometry(80), undefined, profileFor('xprinter').codePages)).toEqual([]);
    expect(warningsOf(table, paperGeometry(80), undefined, profileFor('citizen-ct-s310ii').codePages).map((warning) => warning.key)).toEqual(['warn_printsAsPicture']);
  });
});

describe('placeholders', () => {
  const commands = [
    { type: 'text', data: { text: 'TOTAL {{total}} — {{ fecha }}' } },
    { type: 'table', data: { columns: [{ header: '{{mesa}}' }], rows: [['{{total}}']] } },
    { type: 'image', data: { image: '{{logo}}' } },
    { type: 'qr', data: { data: 'https://x.example/{{ticket}}' } },
  ];

  it('are found in text, tables and codes, once each, in receipt order', () => {
    expect(placeholdersIn(commands)).toEqual(['total', 'fecha', 'mesa', 'ticket']);
  });

  it('are filled with the samples given and left as they are otherwise', () => {
    const filled = fillCommands(commands, { total: '7,80 €', fecha: '1/2/2025' });
    expect(filled[0]).toEqual({ type: 'text', data: { text: 'TOTAL 7,80 € — 1/2/2025' } });
    expect(filled[1]).toEqual({ type: 'table', data: { columns: [{ header: '{{mesa}}' }], rows: [['7,80 €']] } });
    expect(filled[2]).toBe(commands[2]);
  });

  it('get a first value in the window’s language, with plain spaces a printer can print', () => {
    expect(defaultSample('total', 'es')).toBe('12,50 €');
    expect(defaultSample('importe_total', 'en')).toBe('€12.50');
    expect(defaultSample('mesa', 'es')).toBe('5');
    expect(defaultSample('fecha', 'es', new Date(2025, 1, 3))).toBe('3/2/25');
    expect(defaultSample('cosa', 'es')).toBe('COSA');
  });
});

describe('importing a template file', () => {
  it('takes an exported template or a bare print document', () => {
    const document = { version: '1.0', commands: [{ type: 'cut' }] };
    expect(readTemplateFile(JSON.stringify({ name: 'Barra', samples: [{ name: 'total', value: '1 €' }], document }))).toEqual({
      ok: true,
      file: { name: 'Barra', document, samples: [{ name: 'total', value: '1 €' }] },
    });
    expect(readTemplateFile(JSON.stringify(document))).toEqual({ ok: true, file: { name: undefined, document, samples: [] } });
  });

  it('says why a file is not a receipt', () => {
    expect(readTemplateFile('{nope')).toEqual({ ok: false, reason: 'importNotJson' });
    expect(readTemplateFile('{"nota": 1}')).toEqual({ ok: false, reason: 'importNotReceipt' });
    expect(readTemplateFile('{"commands": [{"type": "laser"}]}')).toEqual({ ok: false, reason: 'importUnknownBlock' });
  });
});
