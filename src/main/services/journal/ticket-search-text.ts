/** Fields of a print document whose value is words a person could search for (see print-document types). */
const WORD_FIELDS = new Set(['text', 'header', 'data', 'printer']);
/** Rows of a table: every cell is printed text. */
const CELL_FIELDS = new Set(['rows']);
/** Enough for any receipt's words; a document made of megabytes of text is searched by its beginning. */
const MAX_SEARCH_CHARS = 20_000;

/**
 * Lower case without accents, so `cafe` finds `CAFÉ` and `nino` finds `Niño` (SQLite's own LIKE folds ASCII only).
 * The search box's words go through the same function.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/**
 * The words a ticket prints (texts, table headers and cells, QR and barcode data) and the printer it asked for,
 * folded for search. Stored with the job so a search reads these few words instead of each ticket's JSON, whose
 * base64 logos would make every search read megabytes and match random letters.
 */
export function searchTextOf(datos: unknown): string {
  const words: string[] = [];
  let length = 0;
  const add = (value: unknown): void => {
    if (length >= MAX_SEARCH_CHARS || (typeof value !== 'string' && typeof value !== 'number')) return;
    const text = String(value);
    words.push(text);
    length += text.length + 1;
  };
  const visit = (value: unknown, key: string | undefined, inRows: boolean): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key, inRows);
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [name, child] of Object.entries(value)) visit(child, name, inRows || CELL_FIELDS.has(name));
      return;
    }
    if (inRows || (key !== undefined && WORD_FIELDS.has(key))) add(value);
  };
  visit(datos, undefined, false);
  return foldForSearch(words.join('\n').slice(0, MAX_SEARCH_CHARS));
}
