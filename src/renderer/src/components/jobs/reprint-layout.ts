import type { JobDetail } from '../../../../shared/contract/types';
import { documentPaper, type PaperGeometry } from '../../../../shared/document/paper';
import { profileFor } from '../../../../shared/printer-profiles/find-profile';

/** How a job printed and how a reprint would print it now, when the roll, the columns or the dots differ. */
export interface LayoutChange {
  before: PaperGeometry;
  now: PaperGeometry;
}

/**
 * The model its last recorded print was laid out for: the latest print's, else the newest earlier print that kept
 * one (a reprint that failed before printing records none). Undefined for jobs printed before models were kept.
 */
function lastPrintedModel(job: JobDetail): string | undefined {
  if (job.printedModel) return job.printedModel;
  return [...job.earlierPrints].reverse().find((print) => print.model !== undefined)?.model;
}

/**
 * Whether reprinting `job` now re-flows it: the model it printed on and the model of the printer it would go to
 * today lay its document out differently (80 mm · 48 columns then, 58 mm · 32 now). Null when nothing changes or
 * either side is not known (nothing to warn about that could be said truly).
 */
export function layoutChangeOf(job: JobDetail): LayoutChange | null {
  const printed = lastPrintedModel(job);
  if (printed === undefined || job.reprintModel === undefined || job.reprintModel === null) return null;
  const before = documentPaper(job.datos, profileFor(printed));
  const now = documentPaper(job.datos, profileFor(job.reprintModel));
  const same = before.paperMm === now.paperMm && before.columnsA === now.columnsA && before.dots === now.dots;
  return same ? null : { before, now };
}
