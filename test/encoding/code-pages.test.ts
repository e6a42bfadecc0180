import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CODE_PAGES } from '../../src/shared/escpos/code-pages';
import { GENERIC_PROFILE } from '../../src/shared/printer-profiles/profiles';
import { encodeText } from '../../src/main/services/encoding/text-bytes';
import { codePageByEscT, codePageByName, decodeByte, DEFAULT_CODE_PAGE } from '../../src/shared/escpos/code-page-lookup';

/** Decodes encoder output the way a printer would, following its ESC t switches, but with iconv-lite's tables. */
function printerReads(bytes: number[]): string {
  let page = DEFAULT_CODE_PAGE;
  let text = '';
  for (let at = 0; at < bytes.length; at++) {
    if (bytes[at] === 0x1b && bytes[at + 1] === 0x74) {
      const next = codePageByEscT(bytes[at + 2] ?? -1);
      if (!next) throw new Error(`unknown ESC t ${bytes[at + 2]}`);
      page = next;
      at += 2;
      continue;
    }
    text += iconv.decode(Buffer.from([bytes[at] ?? 0]), page.iconv);
  }
  return text;
}

describe('code pages', () => {
  it('match iconv-lite byte for byte (the preview and the encoder share these tables)', () => {
    for (const page of CODE_PAGES) {
      for (let byte = 0x80; byte <= 0xff; byte++) {
        const expected = iconv.decode(Buffer.from([byte]), page.iconv);
        const ours = decodeByte(page, byte);
        if (ours !== '\ufffd') expect(ours, `${page.name} 0x${byte.toString(16)}`).toBe(expected);
      }
    }
  });

  it('sit at the ESC t numbers of the Epson tables', () => {
    expect(['PC437', 'PC850', 'WPC1252', 'PC858', 'ISO8859_15'].map((name) => codePageByName(name).escT)).toEqual([0, 2, 16, 19, 40]);
  });

  it.each([
    'áéíóúüñÑ¿¡€çàè',
    'Año nuevo: 12,50 € — ¡Olé! «Cañas» 2×1',
    'São Paulo: ação, pão, coração',
    'Ça coûte 3 € à Noël, garçon',
    'Größe: Äpfel, Öl, Übermaß',
    'Łódź, Kraków, Gdańsk',
  ])('print %s as written', (text) => {
    const { bytes } = encodeText(text, undefined, GENERIC_PROFILE.codePages);
    expect(printerReads(bytes)).toBe(text);
  });

  it('switch once for a text that one page covers entirely', () => {
    const { bytes, page } = encodeText('€ñ€ñ€ñ', GENERIC_PROFILE.codePages[0], GENERIC_PROFILE.codePages);
    expect(bytes.filter((byte, index) => byte === 0x1b && bytes[index + 1] === 0x74)).toHaveLength(1);
    expect(page?.page.name).toBe('PC858');
  });
});
