import type { PaperGeometry } from '../../../shared/document/paper';
import { fitColumns } from '../../../shared/document/table-columns';
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

/** Warnings for one block on this paper; `imageWidth`: the picture's own width in pixels, once known. */
export function warningsOf(command: unknown, paper: PaperGeometry, imageWidth: number | undefined): BlockWarning[] {
  const data = dataOf(command);
  switch (typeOf(command)) {
    case 'table':
      return tableWarnings(data, paper);
    case 'image':
      return imageWarnings(data, paper, imageWidth);
    default:
      return [];
  }
}
