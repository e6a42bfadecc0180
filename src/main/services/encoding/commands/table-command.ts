import { fitColumns } from '../../../../shared/document/table-columns';
import type { TableData } from '../../../../shared/document/types';
import { JobError } from '../../../../shared/job-error';
import { NORMAL_STYLE } from '../escpos-writer';
import { allPrintable } from '../script-raster/plan-text';
import { encodeScriptRow } from '../script-raster/script-table-row';
import { withoutInvisible } from '../text-bytes';
import { alignInside, wrapCounted } from '../wrap-text';
import { columnsFor, type EncodeContext } from './encode-context';
import { textLineDots } from './text-commands';

/**
 * A table laid out in text columns: widths are shares of the paper's columns (one space between columns), cells
 * longer than their column wrap onto extra lines, headers print bold with a rule under them. A row with a cell the
 * printer cannot print as text is drawn in the same columns instead (see encodeScriptRow).
 */
export function encodeTable(context: EncodeContext, data: TableData): void {
  const font = data.font ?? 'a';
  const lineColumns = columnsFor(context.paper, font);
  const widths = fitColumns(data.columns.map((column) => column.width ?? 1), lineColumns);
  if (!widths) {
    throw new JobError('TABLE', `${context.path}.data.columns: ${data.columns.length} columns do not fit ${lineColumns} characters`);
  }
  data.rows.forEach((row, index) => {
    if (row.length !== data.columns.length) {
      throw new JobError('TABLE', `${context.path}.data.rows[${index}] has ${row.length} cells, expected ${data.columns.length}`);
    }
  });
  const { writer } = context;
  writer.setAlign('left');
  const aligns = data.columns.map((column) => column.align ?? 'left');
  const lineDots = textLineDots(context.paper, font);
  // Each row claims its paper before it is written, so a table of 100k rows stops at the row past the limit.
  const printRow = (cells: string[], bold: boolean, path: string, extraLines = 0): void => {
    cells = cells.map(withoutInvisible);
    if (!cells.every((cell) => allPrintable(cell.normalize('NFC'), writer.profile.codePages))) {
      encodeScriptRow(context, cells, { font, widths, aligns, lineDots }, bold, path, extraLines);
      return;
    }
    const keep = Math.floor(context.budget.remainingDots() / lineDots) + 1;
    const cuts = cells.map((cell, index) => wrapCounted(cell, widths[index] ?? 1, keep));
    const wrapped = cuts.map((cut) => cut.lines);
    const height = Math.max(...cuts.map((cut) => cut.count));
    context.budget.claimPaper(context.category, path, (height + extraLines) * lineDots, `${height + extraLines} lines`);
    writer.setStyle({ ...NORMAL_STYLE, font, bold });
    for (let line = 0; line < height; line++) {
      writer.text(wrapped.map((lines, index) => alignInside(lines[line] ?? '', widths[index] ?? 1, aligns[index] ?? 'left')).join(' ').trimEnd());
      writer.lineFeed();
    }
  };
  if (data.columns.some((column) => column.header !== undefined && column.header !== '')) {
    printRow(data.columns.map((column) => column.header ?? ''), true, `${context.path}.data.columns`, 1);
    writer.setStyle({ ...NORMAL_STYLE, font });
    writer.text((data.separator ?? '-').repeat(lineColumns));
    writer.lineFeed();
  }
  data.rows.forEach((row, index) => printRow(row.map(String), false, `${context.path}.data.rows[${index}]`));
}
