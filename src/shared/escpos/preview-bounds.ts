import { maxPaperDots, type JobLimits } from '../document/job-limits';

/**
 * How far a preview goes for jobs under these limits: the paper a job may feed plus a quarter (cut marks and the
 * bands for beeps and drawers take room the paper does not), and the bytes a job may send. A 576-dot preview of
 * 5 m is a 29 MB raster at most, whatever the bytes ask for.
 */
export function previewBounds(limits: Pick<JobLimits, 'maxPaperMm' | 'maxJobBytes'>): { maxHeight: number; maxBytes: number } {
  return { maxHeight: Math.ceil(maxPaperDots(limits) * 1.25), maxBytes: limits.maxJobBytes };
}
