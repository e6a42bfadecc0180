import { bytesText, maxPaperDots, metresOf, type JobLimits } from '../../../shared/document/job-limits';
import { JobError } from '../../../shared/job-error';
import type { ErrorCategory } from '../../../shared/protocol';

/**
 * Line pitch of ESC/POS printers after ESC @ (3.75 mm = 30 dots at 203 dpi), the same the preview uses. A line of
 * text feeds this much, or its character height when that is taller.
 */
export const LINE_DOTS = 30;

/**
 * The paper and bytes one job has used so far. Every command claims its paper before it writes a byte (an image
 * before it is even decoded), so a job over the limit fails in the time it takes to measure it, not to build it.
 */
export class JobBudget {
  private paperDots = 0;
  private readonly paperLimit: number;

  constructor(private readonly limits: JobLimits) {
    this.paperLimit = maxPaperDots(limits);
  }

  /** Paper still free, in dot rows: how many lines a long text is worth keeping before it is only counted. */
  remainingDots(): number {
    return this.paperLimit - this.paperDots;
  }

  /**
   * Adds `dots` of paper for the field at `path`; throws `category: …` when the job would go past its limit.
   * `detail` says where the length comes from (`21846 lines`), for a command too long on its own.
   */
  claimPaper(category: ErrorCategory, path: string, dots: number, detail: string): void {
    const total = this.paperDots + dots;
    if (total <= this.paperLimit) {
      this.paperDots = total;
      return;
    }
    const limit = `${metresOf(this.paperLimit)} m`;
    if (dots > this.paperLimit) {
      // More digits when rounding would show the limit itself (`needs 5.02 m`, not `needs 5 m … more than the 5 m`).
      let needed = metresOf(dots);
      for (let digits = 2; needed === metresOf(this.paperLimit) && digits <= 4; digits++) needed = metresOf(dots, digits);
      throw new JobError(category, `${path} needs ${needed} m of paper (${detail}), more than the ${limit} a job may feed`);
    }
    throw new JobError(category, `${path} takes the job past the ${limit} of paper a job may feed`);
  }

  /** After a command: `added` of the job's `total` bytes were its own. */
  checkBytes(category: ErrorCategory, path: string, added: number, total: number): void {
    if (total <= this.limits.maxJobBytes) return;
    const limit = bytesText(this.limits.maxJobBytes);
    if (added > this.limits.maxJobBytes) {
      // Exact bytes when rounding would show the same size as the limit.
      const size = bytesText(added) === limit ? `${added} bytes` : bytesText(added);
      throw new JobError(category, `${path} is ${size} of printer bytes, more than the ${limit} a job may send`);
    }
    throw new JobError(category, `${path} takes the job past the ${limit} of printer bytes a job may send`);
  }
}
