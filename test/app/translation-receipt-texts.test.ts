import { describe, expect, it } from 'vitest';
import { receiptTexts, translationsIn, withTranslations } from '../../src/renderer/src/designer/translate/receipt-texts';

const receipt = {
  version: '1.0',
  profile: { model: 'epson', paper_width: 80 },
  commands: [
    { type: 'text', data: { text: 'Cafetería Ñandú', align: 'center' } },
    { type: 'line', data: { char: '=' } },
    { type: 'table', data: { columns: [{ header: 'Producto', width: 30 }, { header: 'Total', width: 18 }], rows: [['Café con leche', '1,50 €'], ['Tostada', 2.2]] } },
    { type: 'text', data: { text: 'Total {{total}}' } },
    { type: 'text', data: { text: '{{fecha}} · 12:30' } },
    { type: 'qr', data: { data: 'https://example.com/ticket/42' } },
    { type: 'barcode', data: { data: 'ABC123' } },
    { type: 'cut' },
  ],
};

describe('the texts of a receipt the designer sends to be translated', () => {
  it('takes text blocks, table headers and cells in print order; never codes, prices, numbers or lone placeholders', () => {
    expect(receiptTexts(receipt).map((entry) => [entry.block, entry.place.kind, entry.text])).toEqual([
      [0, 'text', 'Cafetería Ñandú'],
      [2, 'header', 'Producto'],
      [2, 'header', 'Total'],
      [2, 'cell', 'Café con leche'],
      [2, 'cell', 'Tostada'],
      [3, 'text', 'Total {{total}}'],
    ]);
  });

  it('puts each translation back where its text was, leaving everything else and the original untouched', () => {
    const texts = receiptTexts(receipt);
    const translated = withTranslations(receipt, texts, ['Café Ñandú', '产品', '总计', '拿铁', '吐司', '总计 {{total}}']) as typeof receipt;
    expect(translated.commands[0]?.data).toEqual({ text: 'Café Ñandú', align: 'center' });
    expect(translated.commands[2]?.data).toEqual({ columns: [{ header: '产品', width: 30 }, { header: '总计', width: 18 }], rows: [['拿铁', '1,50 €'], ['吐司', 2.2]] });
    expect(translated.commands[3]?.data).toEqual({ text: '总计 {{total}}' });
    expect(translated.commands.slice(4)).toEqual(receipt.commands.slice(4));
    expect(receipt.commands[0]?.data).toEqual({ text: 'Cafetería Ñandú', align: 'center' });
  });

  it('keeps the original where a translation was left empty: a blank line never replaces a text', () => {
    const texts = receiptTexts(receipt);
    const translated = withTranslations(receipt, texts, ['', 'Item', '  ', 'White coffee', 'Toast', 'Total {{total}}']) as typeof receipt;
    expect(translated.commands[0]?.data).toEqual({ text: 'Cafetería Ñandú', align: 'center' });
    expect(translated.commands[2]?.data).toEqual({ columns: [{ header: 'Item', width: 30 }, { header: 'Total', width: 18 }], rows: [['White coffee', '1,50 €'], ['Toast', 2.2]] });
  });

  it('reads back from a language version what it says in place of each text, to edit it again', () => {
    const texts = receiptTexts(receipt);
    const english = ['Café Ñandú', 'Item', 'Total', 'White coffee', 'Toast', 'Total {{total}}'];
    expect(translationsIn(withTranslations(receipt, texts, english), texts)).toEqual(english);
    // A version made before a text was added has nothing there: the field starts empty.
    const shorter = { ...receipt, commands: receipt.commands.slice(0, 3) };
    expect(translationsIn(withTranslations(shorter, receiptTexts(shorter), ['Café Ñandú']), texts)).toEqual(['Café Ñandú', 'Producto', 'Total', 'Café con leche', 'Tostada', '']);
  });
});
