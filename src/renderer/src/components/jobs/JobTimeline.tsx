import { mergeClasses, Text } from '@fluentui/react-components';
import type { JobDetail, JobPrintView, JobSummary } from '../../../../shared/contract/types';
import { documentPaper } from '../../../../shared/document/paper';
import { profileFor } from '../../../../shared/printer-profiles/find-profile';
import { mayStillPrintIn } from '../../../../shared/printer-status/held-partly-sent';
import { useFormats, useText, type TextKey } from '../../i18n';
import { jobResultOf, useResultText, type JobResult } from '../../pages/page-parts';
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

/** One print of a job: the latest is the job itself, earlier ones come from `earlierPrints` (issue 24). */
type Print = Pick<JobPrintView, 'state' | 'resultText' | 'startedAt' | 'finishedAt' | 'outcome' | 'queuedAt' | 'model'>;

/** How sure the finish is that the ticket is on paper. */
const SUCCESS_STEP: Partial<Record<JobResult['kind'], TextKey>> = {
  'printed-confirmed': 'timelineConfirmed',
  delivered: 'timelineDelivered',
};

/**
 * What became of a held ticket. A printer that kept part of it (nothing confirmed the part was dropped) may print
 * that part when paper is loaded, so "it will not print" would be false there (mayStillPrintIn, as the held card).
 */
function heldSteps(print: Print, reason: string, latest: boolean): Step[] {
  const partly = mayStillPrintIn(print.resultText);
  const steps: Step[] = [{ key: 'finished', text: 'timelineHeld', at: print.finishedAt, kind: 'failed', reason }];
  // A held print that was printed again ("Print now") waits for nothing: the next print says what followed.
  if (print.outcome === 'held' && !latest) return steps;
  // When it was discarded is not recorded: the step says what became of it, without a time.
  if (print.outcome === 'held') steps.push({ key: 'held', text: partly ? 'timelineHeldWaitingPartly' : 'timelineHeldWaiting', at: null, kind: 'pending' });
  else if (print.outcome === 'discarded') steps.push({ key: 'released', text: partly ? 'timelineDiscardedPartly' : 'timelineDiscarded', at: null, kind: 'failed' });
  else steps.push({ key: 'released', text: partly ? 'timelineExpiredPartly' : 'timelineExpired', at: null, kind: 'failed' });
  return steps;
}

function stepsOf(print: Print, reason: string, reprint: boolean, latest: boolean): Step[] {
  const steps: Step[] = [{ key: 'queued', text: reprint ? 'timelineReprintAsked' : 'timelineQueued', at: print.queuedAt, kind: 'done' }];
  const result = jobResultOf(print.resultText);
  if (print.state === 'queued') return [...steps, { key: 'waiting', text: 'timelineWaiting', at: null, kind: 'pending' }];
  if (print.startedAt !== null) steps.push({ key: 'started', text: 'timelineStarted', at: print.startedAt, kind: 'done' });
  if (print.state === 'success') steps.push({ key: 'finished', text: SUCCESS_STEP[result.kind] ?? 'timelinePrinted', at: print.finishedAt, kind: 'done' });
  if (print.state === 'error') {
    if (result.kind === 'cancelled') steps.push({ key: 'finished', text: 'timelineCancelled', at: print.finishedAt, kind: 'failed' });
    else if (print.outcome === 'held' || print.outcome === 'discarded' || print.outcome === 'expired') steps.push(...heldSteps(print, reason, latest));
    else steps.push({ key: 'finished', text: 'timelineFailed', at: print.finishedAt, kind: 'failed', reason });
  }
  return steps;
}

type TimelineJob = JobSummary & Partial<Pick<JobDetail, 'reprintedAt' | 'earlierPrints' | 'printedModel' | 'datos'>>;

/**
 * Queued, started sending, printed (confirmed by the printer or only delivered) / held (with the printer's reason,
 * then waiting, discarded or expired) / failed (with the reason) / cancelled, in the window's language and time zone.
 * A reprinted job lists each print with its own times: the first from when the ticket arrived, each later one from
 * when its reprint was asked for.
 */
export function JobTimeline({ job }: { job: TimelineJob }) {
  const t = useText();
  const layoutText = (datos: unknown, model: string): string => {
    const geometry = documentPaper(datos, profileFor(model));
    return t('layoutWords', { mm: geometry.paperMm, columns: geometry.columnsA });
  };
  const styles = useJobsStyles();
  const earlier = job.earlierPrints ?? [];
  const { printedModel, ...summary } = job;
  const latest: Print = { ...summary, queuedAt: job.reprintedAt ?? job.createdAt, ...(printedModel ? { model: printedModel } : {}) };
  const prints = [...earlier, latest];
  if (prints.length === 1) return <PrintSteps print={latest} reprint={false} latest testId="job-timeline" />;
  return (
    <ol className={styles.prints} data-testid="job-prints">
      {prints.map((print, index) => (
        <li key={index} data-testid={`job-print-${index + 1}`}>
          <Text weight="semibold">{t('timelinePrintN', { n: index + 1, total: prints.length })}</Text>
          {/* The roll and columns each print was laid out for: a reprint on a changed printer shows in the history. */}
          {print.model !== undefined && (
            <Text size={200} className={styles.when} data-testid="job-print-layout">
              {layoutText(job.datos, print.model)}
            </Text>
          )}
          <PrintSteps print={print} reprint={index > 0} latest={index === prints.length - 1} testId={index === prints.length - 1 ? 'job-timeline' : `job-timeline-${index + 1}`} />
        </li>
      ))}
    </ol>
  );
}

function PrintSteps({ print, reprint, latest, testId }: { print: Print; reprint: boolean; latest: boolean; testId: string }) {
  const t = useText();
  const { dateTime } = useFormats();
  const styles = useJobsStyles();
  const reason = useResultText()(print.resultText).summary;
  const dot = { done: styles.dotDone, failed: styles.dotFailed, pending: styles.dotPending };
  return (
    <ol className={styles.timeline} data-testid={testId}>
      {stepsOf(print, reason, reprint, latest).map((step) => (
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
  );
}
