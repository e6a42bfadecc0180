import type { ProfileCodePage } from '../../../../shared/printer-profiles/printer-profile';
import { printableAsText } from '../../../../shared/printer-profiles/printable-as-text';
import { wrapCounted } from '../wrap-text';
import { estimatedLines, measuredLines, normalizeDrawnText, type Measure } from './measured-wrap';

/** Whether every character of `text` prints as text in the profile's pages (see printableAsText); stops at the first that does not. */
export function allPrintable(text: string, pages: readonly ProfileCodePage[]): boolean {
  for (const char of text) if (!printableAsText(char, pages)) return false;
  return true;
}

/** A printed line of a text block: sent as characters, or drawn and sent as a raster band. */
export interface PlannedLine {
  text: string;
  raster: boolean;
}

/** The lines kept (as many as fit the job's paper, plus one) and how many the text has in all. */
export interface TextPlan {
  lines: PlannedLine[];
  count: number;
  /** Part of the count comes from the text's length, not from measuring (only past the paper the job has left). */
  estimated: boolean;
}

export interface PlanOptions {
  /**
   * Characters per line in the block's font and width. Without it (a table row that is drawn) every paragraph is
   * measured and every line drawn.
   */
  columns?: number;
  /** The paper's width in dots. */
  maxWidth: number;
  measure: Measure;
  /** Lines worth laying out: past them the job is over its paper limit, so the rest is only counted. */
  keep: number;
  /** The printer profile's code pages: what they lack is drawn. */
  pages: readonly ProfileCodePage[];
}

/**
 * Lays out a text block that has characters the printer's code pages lack. Paragraphs the printer can print are
 * wrapped by columns as usual and stay text. The others are wrapped by measured width (a Chinese character is twice
 * as wide as a Latin one), and each of their lines is drawn, unless it happens to be printable and fits the columns.
 */
export function planText(text: string, options: PlanOptions): TextPlan {
  const { columns, maxWidth, measure, keep, pages } = options;
  const normalized = normalizeDrawnText(text);
  const lines: PlannedLine[] = [];
  let count = 0;
  let estimated = false;
  let measuredUnits = 0;
  let measuredCount = 0;
  const unitsPerLine = (): number => (measuredCount > 0 ? measuredUnits / measuredCount : (columns ?? 1));
  for (let start = 0; start <= normalized.length; ) {
    const newline = normalized.indexOf('\n', start);
    const stop = newline < 0 ? normalized.length : newline;
    const paragraph = normalized.slice(start, stop);
    start = stop + 1;
    if (columns !== undefined && allPrintable(paragraph, pages)) {
      const wrapped = wrapCounted(paragraph, columns, Math.max(0, keep - count));
      for (const line of wrapped.lines) lines.push({ text: line, raster: false });
      count += wrapped.count;
      continue;
    }
    if (count >= keep) {
      count += estimatedLines(paragraph.length, unitsPerLine());
      estimated = true;
      continue;
    }
    let taken = 0;
    let stopped = false;
    for (const line of measuredLines(paragraph, maxWidth, measure)) {
      lines.push({ text: line.text, raster: columns === undefined || !allPrintable(line.text, pages) || [...line.text].length > columns });
      count++;
      measuredUnits += line.end - taken;
      measuredCount++;
      taken = line.end;
      stopped = count >= keep;
      if (stopped) break;
    }
    if (stopped && paragraph.slice(taken).trim() !== '') {
      count += estimatedLines(paragraph.length - taken, unitsPerLine());
      estimated = true;
    }
  }
  return { lines, count, estimated };
}
