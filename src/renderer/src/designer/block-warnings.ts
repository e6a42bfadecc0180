import type { PaperGeometry } from '../../../shared/document/paper';
import { fitColumns } from '../../../shared/document/table-columns';
import { printableAsText } from '../../../shared/printer-profiles/printable-as-text';
import type { ProfileCodePage } from '../../../shared/printer-profiles/printer-profile';
import type { TextKey } from '../i18n';
import { dataOf, typeOf } from './blocks';

/** Something that prints, but not as the owner may expect: shown on the block, printing stays allowed. */
export interface BlockWarning {
  key: TextKey;
  values: Record<string, string | number>;
}

function tableWarnings(data: Record<string, unknown>, paper: PaperGeometry): BlockWarning[] {
  const columns = Array.isArray(data['columns']) ? (data['columns'] as { header?: unknown; width?: unknown }[]) : [];
  const lineColumns = data['font'] === 'b' ? paper.columnsB : paper.columnsA;
  const widths = fitColumns(columns.map((column) => (typeof column.width === 'number' && column.width > 0 ? column.width : 1)), lineColumns);
  if (!widths) return [];
  return columns.flatMap((column, index) => {
    const header = typeof column.header === 'string' ? column.header : '';
    const width = widths[index] ?? 1;
    return [...header].length > width ? [{ key: 'warn_headerWraps' as const, values: { header, n: index + 1, length: [...header].length, width } }] : [];
  });
}

/** An image without a set width prints at its own width, scaled down to the paper when wider (never cropped). */
function imageWarnings(data: Record<string, unknown>, paper: PaperGeometry, imageWidth: number | undefined): BlockWarning[] {
  if (imageWidth === undefined || data['width'] !== undefined || imageWidth <= paper.dots) return [];
  return [{ key: 'warn_imageScaled', values: { width: imageWidth, dots: paper.dots, paper: paper.paperMm } }];
}

/** Characters shown in the warning at most: enough to recognise the script. */
const SHOWN_CHARACTERS = 6;
const WHITESPACE_OR_INVISIBLE = /[\s\p{Variation_Selector}\u{feff}\u{200b}-\u{200d}\u{2060}]/u;

/**
 * Text no code page of the printer has prints as a picture of the line (script-raster): it prints, but slower, and
 * not in the printer's own font — the owner should know before it happens.
 */
function pictureTextWarnings(texts: readonly unknown[], pages: readonly ProfileCodePage[]): BlockWarning[] {
  const drawn = new Set<string>();
  for (const text of texts) {
    if (typeof text !== 'string' && typeof text !== 'number') continue;
    for (const char of String(text)) if (!WHITESPACE_OR_INVISIBLE.test(char) && !printableAsText(char, pages)) drawn.add(char);
  }
  if (drawn.size === 0) return [];
  return [{ key: 'warn_printsAsPicture', values: { chars: [...drawn].slice(0, SHOWN_CHARACTERS).join(' ') } }];
}

function tableTexts(data: Record<string, unknown>): unknown[] {
  const columns = Array.isArray(data['columns']) ? (data['columns'] as { header?: unknown }[]) : [];
  const rows = Array.isArray(data['rows']) ? (data['rows'] as unknown[]) : [];
  return [...columns.map((column) => column.header), ...rows.flatMap((row) => (Array.isArray(row) ? row : []))];
}

/**
 * Warnings for one block on this paper and printer (`pages`: the code pages of the document's printer profile);
 * `imageWidth`: the picture's own width in pixels, once known.
 */
export function warningsOf(command: unknown, paper: PaperGeometry, imageWidth: number | undefined, pages: readonly ProfileCodePage[]): BlockWarning[] {
  const data = dataOf(command);
  switch (typeOf(command)) {
    case 'text':
      return pictureTextWarnings([data['text']], pages);
    case 'table':
      return [...tableWarnings(data, paper), ...pictureTextWarnings(tableTexts(data), pages)];
    case 'image':
      return imageWarnings(data, paper, imageWidth);
    default:
      return [];
  }
}
