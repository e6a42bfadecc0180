import { mergeClasses } from '@fluentui/react-components';
import type { JobSummary } from '../../../../shared/contract/types';
import { useFormats, useText, type TextKey } from '../../i18n';
import { jobResultOf, usePlural, useResultText, type JobResult } from '../../pages/page-parts';
import { useJobsStyles } from './jobs-styles';

type StepKind = 'done' | 'failed' | 'pending';

interface Step {
  key: string;
  text: TextKey;
  at: number | null;
  kind: StepKind;
  /** The reason, in words, for a job that failed. */
  reason?: string;
}

/** How sure the finish is that the ticket is on paper. */
const SUCCESS_STEP: Partial<Record<JobResult['kind'], TextKey>> = {
  'printed-confirmed': 'timelineConfirmed',
  delivered: 'timelineDelivered',
};

function stepsOf(job: JobSummary, reason: string): Step[] {
  const steps: Step[] = [{ key: 'queued', text: 'timelineQueued', at: job.createdAt, kind: 'done' }];
  const result = jobResultOf(job.resultText);
  const cancelled = result.kind === 'cancelled';
  if (job.state === 'queued') return [...steps, { key: 'waiting', text: 'timelineWaiting', at: null, kind: 'pending' }];
  if (job.startedAt !== null) steps.push({ key: 'started', text: 'timelineStarted', at: job.startedAt, kind: 'done' });
  if (job.state === 'success') steps.push({ key: 'finished', text: SUCCESS_STEP[result.kind] ?? 'timelinePrinted', at: job.finishedAt, kind: 'done' });
  if (job.state === 'error') {
    if (cancelled) steps.push({ key: 'finished', text: 'timelineCancelled', at: job.finishedAt, kind: 'failed' });
    else if (job.outcome === 'held' || job.outcome === 'discarded' || job.outcome === 'expired') {
      steps.push({ key: 'finished', text: 'timelineHeld', at: job.finishedAt, kind: 'failed', reason });
      // When it was discarded is not recorded: the step says what became of it, without a time.
      if (job.outcome === 'held') steps.push({ key: 'held', text: 'timelineHeldWaiting', at: null, kind: 'pending' });
      else steps.push({ key: 'released', text: job.outcome === 'discarded' ? 'timelineDiscarded' : 'timelineExpired', at: null, kind: 'failed' });
    } else steps.push({ key: 'finished', text: 'timelineFailed', at: job.finishedAt, kind: 'failed', reason });
  }
  return steps;
}

/**
 * Queued, started sending, printed (confirmed by the printer or only delivered) / held (with the printer's reason,
 * then waiting, discarded or expired) / failed (with the reason) / cancelled, in the window's language and time zone.
 */
export function JobTimeline({ job }: { job: JobSummary }) {
  const t = useText();
  const plural = usePlural();
  const { dateTime } = useFormats();
  const styles = useJobsStyles();
  const reason = useResultText()(job.resultText).summary;
  const dot = { done: styles.dotDone, failed: styles.dotFailed, pending: styles.dotPending };
  return (
    <>
      <ol className={styles.timeline} data-testid="job-timeline">
        {stepsOf(job, reason).map((step) => (
          <li key={step.key} className={styles.step} data-testid={`timeline-${step.key}`}>
            <span className={mergeClasses(styles.dot, dot[step.kind])} aria-hidden="true" />
            <span>
              {t(step.text)}
              {step.reason !== undefined && <>: {step.reason}</>}
              {step.at !== null && <span className={styles.when}>{dateTime(step.at)}</span>}
            </span>
          </li>
        ))}
      </ol>
      {job.reprints > 0 && <p className={styles.note}>{plural('reprinted', job.reprints)}</p>}
    </>
  );
}
