import { CODE_PAGES, type CodePage } from './code-pages';

const byEscT = new Map(CODE_PAGES.map((page) => [page.escT, page]));
const byName = new Map(CODE_PAGES.map((page) => [page.name, page]));
const reverse = new Map<string, Map<string, number>>();

export const DEFAULT_CODE_PAGE: CodePage = CODE_PAGES[0] as CodePage;

export function codePageByEscT(n: number): CodePage | undefined {
  return byEscT.get(n);
}

export function codePageByName(name: string): CodePage {
  const page = byName.get(name);
  if (!page) throw new Error(`no code page ${name}`);
  return page;
}

/** The character a byte prints as on a page; bytes below 0x80 are ASCII on every page. */
export function decodeByte(page: CodePage, byte: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  return page.high[byte - 0x80] ?? '\ufffd';
}

/** The byte for a character on a page, or undefined when the page lacks it. */
export function encodeChar(page: CodePage, char: string): number | undefined {
  const code = char.charCodeAt(0);
  if (char.length === 1 && code < 0x80) return code;
  let table = reverse.get(page.name);
  if (!table) {
    table = new Map();
    for (let index = 0; index < 128; index++) {
      const mapped = page.high[index];
      if (mapped && mapped !== '\ufffd' && !table.has(mapped)) table.set(mapped, 0x80 + index);
    }
    reverse.set(page.name, table);
  }
  return table.get(char);
}
