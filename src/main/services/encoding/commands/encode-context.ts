import type { JobLimits } from '../../../../shared/document/job-limits';
import type { PaperGeometry } from '../../../../shared/document/paper';
import type { ErrorCategory } from '../../../../shared/protocol';
import type { EscPosWriter } from '../escpos-writer';
import type { JobBudget } from '../job-budget';

/** What each command encoder gets: where to write, the paper, and the command's path for error texts. */
export interface EncodeContext {
  writer: EscPosWriter;
  paper: PaperGeometry;
  /** `commands[3]`, prefixed to every error about this command. */
  path: string;
  /** The category this command's problems report under (IMAGE for an image, VALIDATION for text…). */
  category: ErrorCategory;
  safeMode: boolean;
  limits: JobLimits;
  /** The job's paper and bytes so far: a command claims its paper before writing. */
  budget: JobBudget;
}

/** Columns per line for a font at a width multiplier. */
export function columnsFor(paper: PaperGeometry, font: 'a' | 'b', widthScale = 1): number {
  return Math.max(1, Math.floor((font === 'b' ? paper.columnsB : paper.columnsA) / widthScale));
}

/** Dots left of a graphic `width` dots wide, for an alignment. */
export function alignedLeft(paperDots: number, width: number, align: 'left' | 'center' | 'right'): number {
  if (align === 'center') return Math.max(0, Math.floor((paperDots - width) / 2));
  if (align === 'right') return Math.max(0, paperDots - width);
  return 0;
}
