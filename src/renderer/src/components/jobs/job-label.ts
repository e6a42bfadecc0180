import type { BadgeProps } from '@fluentui/react-components';
import type { JobOutcome, JobState, JobSummary } from '../../../../shared/contract/types';
import type { TextKey } from '../../i18n';
import { JOB_STATE_TEXT, jobResultOf } from '../../pages/page-parts';

const STATE_COLOR: Record<JobState, BadgeProps['color']> = {
  queued: 'informative',
  printing: 'brand',
  success: 'success',
  error: 'danger',
};

/** A failed job's outcome, when it says more than "failed": held for the owner, or dropped after being held. */
const STOPPED_LABEL: Partial<Record<JobOutcome, { text: TextKey; color: BadgeProps['color'] }>> = {
  held: { text: 'jobState_held', color: 'warning' },
  discarded: { text: 'jobState_discarded', color: 'subtle' },
  expired: { text: 'jobState_expired', color: 'subtle' },
};

export type LabelledJob = Pick<JobSummary, 'state' | 'resultText' | 'outcome'>;

/**
 * A job's state as the owner reads it: queued, sending, printed (confirmed by the printer), delivered (taken by a
 * printer that cannot confirm paper), held, discarded, expired, failed, or cancelled — not one more failure.
 */
export function jobLabelOf(job: LabelledJob): { text: TextKey; color: BadgeProps['color'] } {
  const result = jobResultOf(job.resultText);
  if (job.state === 'success' && result.kind === 'printed-confirmed') return { text: 'jobState_confirmed', color: 'success' };
  if (job.state === 'success' && result.kind === 'delivered') return { text: 'jobState_delivered', color: 'success' };
  if (job.state === 'error') {
    if (result.kind === 'cancelled') return { text: 'jobState_cancelled', color: 'subtle' };
    const stopped = job.outcome ? STOPPED_LABEL[job.outcome] : undefined;
    if (stopped) return stopped;
  }
  return { text: JOB_STATE_TEXT[job.state], color: STATE_COLOR[job.state] };
}

export const isHeld = (job: Pick<JobSummary, 'outcome'>): boolean => job.outcome === 'held';

/** The virtual printer (jobs name it `virtual` or by its listed name): see printer-label. */
export { isVirtualPrinter } from '../printers/printer-label';

/** The first block of a job id: enough to tell jobs apart in the list; the whole id is in the detail and the search. */
export const shortId = (id: string): string => (id.length > 13 ? `${id.slice(0, 8)}…` : id);
