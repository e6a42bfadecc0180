import { dataOf, documentOf, partsOf, typeOf } from '../blocks';

/** Where on the receipt a text sits: a text block, a table's column header, or one of its cells. */
export type TextPlace = { kind: 'text' } | { kind: 'header'; column: number } | { kind: 'cell'; row: number; column: number };

export interface ReceiptText {
  /** The block's index in `commands`. */
  block: number;
  place: TextPlace;
  text: string;
}

const PLACEHOLDER = /\{\{[^{}]*\}\}/g;
/** A price, a date, a lone `{{total}}`: nothing a translation would change, so nothing to pay for. */
const hasWords = (text: string): boolean => /\p{L}/u.test(text.replace(PLACEHOLDER, ''));

/**
 * Every text of the receipt a translation should change, in the order it prints: text blocks, table headers and
 * cells. QR and barcode data are left out on purpose (a link or a code must stay what the scanner expects).
 */
export function receiptTexts(document: unknown): ReceiptText[] {
  const found: ReceiptText[] = [];
  partsOf(document).commands.forEach((command, block) => {
    const data = dataOf(command);
    const type = typeOf(command);
    if (type === 'text' && typeof data['text'] === 'string' && hasWords(data['text'])) found.push({ block, place: { kind: 'text' }, text: data['text'] });
    if (type !== 'table') return;
    const columns = Array.isArray(data['columns']) ? (data['columns'] as unknown[]) : [];
    columns.forEach((column, index) => {
      const header = typeof column === 'object' && column !== null ? (column as { header?: unknown }).header : undefined;
      if (typeof header === 'string' && hasWords(header)) found.push({ block, place: { kind: 'header', column: index }, text: header });
    });
    const rows = Array.isArray(data['rows']) ? (data['rows'] as unknown[]) : [];
    rows.forEach((row, rowIndex) => {
      if (!Array.isArray(row)) return;
      row.forEach((cell: unknown, column) => {
        if (typeof cell === 'string' && hasWords(cell)) found.push({ block, place: { kind: 'cell', row: rowIndex, column }, text: cell });
      });
    });
  });
  return found;
}

/** The text at `place` in a block's data, if there is one. */
function readAt(data: Record<string, unknown>, place: TextPlace): unknown {
  if (place.kind === 'text') return data['text'];
  if (place.kind === 'header') return (data['columns'] as Record<string, unknown>[] | undefined)?.[place.column]?.['header'];
  return (data['rows'] as unknown[][] | undefined)?.[place.row]?.[place.column];
}

function writeAt(data: Record<string, unknown>, place: TextPlace, text: string): void {
  if (place.kind === 'text') {
    data['text'] = text;
    // Styled pieces spell the old text; the translation prints in the block's own style.
    delete data['runs'];
  } else if (place.kind === 'header') {
    const column = (data['columns'] as Record<string, unknown>[] | undefined)?.[place.column];
    if (column) column['header'] = text;
  } else {
    const row = (data['rows'] as unknown[][] | undefined)?.[place.row];
    if (row) row[place.column] = text;
  }
}

/**
 * The same document with each text replaced by its translation (everything else as it was). An empty translation
 * leaves the original text: a line the owner left blank prints as it was, never as an empty line.
 */
export function withTranslations(document: unknown, texts: readonly ReceiptText[], translations: readonly string[]): unknown {
  const { base, commands } = partsOf(structuredClone(document));
  texts.forEach(({ block, place }, index) => {
    const translation = translations[index];
    if (translation !== undefined && translation.trim() !== '') writeAt(dataOf(commands[block]), place, translation);
  });
  return documentOf({ base, commands });
}

/**
 * What a language version (made by `withTranslations` from the same original) has in place of each text: its
 * translation, or '' where the version has nothing there (the original changed since).
 */
export function translationsIn(version: unknown, texts: readonly ReceiptText[]): string[] {
  const { commands } = partsOf(version);
  return texts.map(({ block, place }) => {
    const text = readAt(dataOf(commands[block]), place);
    return typeof text === 'string' ? text : '';
  });
}
