import type { BadgeProps } from '@fluentui/react-components';
import type { JobState, JobSummary } from '../../../../shared/contract/types';
import type { TextKey } from '../../i18n';
import { JOB_STATE_TEXT, jobResultOf } from '../../pages/page-parts';

const STATE_COLOR: Record<JobState, BadgeProps['color']> = {
  queued: 'informative',
  printing: 'brand',
  success: 'success',
  error: 'danger',
};

/** A job's state as the owner reads it: a cancelled job is "Cancelled", not one more failure. */
export function jobLabelOf(job: Pick<JobSummary, 'state' | 'resultText'>): { text: TextKey; color: BadgeProps['color'] } {
  if (job.state === 'error' && jobResultOf(job.resultText).kind === 'cancelled') return { text: 'jobState_cancelled', color: 'subtle' };
  return { text: JOB_STATE_TEXT[job.state], color: STATE_COLOR[job.state] };
}

/** The virtual printer by its name in the window's language; any other printer as the system or the POS names it. */
export const isVirtualPrinter = (printer: string): boolean => printer === 'virtual';

/** The first block of a job id: enough to tell jobs apart in the list; the whole id is in the detail and the search. */
export const shortId = (id: string): string => (id.length > 13 ? `${id.slice(0, 8)}…` : id);
