import { Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text } from '@fluentui/react-components';
import type { JobDetail } from '../../../../shared/contract/types';
import { useText } from '../../i18n';
import { ProblemBar, TechnicalDetail, reprintBlocker, useResultText } from '../../pages/page-parts';
import { PreviewPane } from '../PreviewPane';
import { CancelJobButton } from './CancelJobButton';
import { JobTimeline } from './JobTimeline';
import { PrinterName } from './PrinterName';
import { HeldJobActions } from '../held/HeldJobActions';
import { isHeld, jobLabelOf, shortId } from './job-label';
import { useSourceText } from './job-source-text';
import { useJobsStyles } from './jobs-styles';
import { useJobDetail } from './use-job-detail';

interface Props {
  id: string | undefined;
  onClose(): void;
  onReprint(id: string): void;
  onCancel(id: string): void;
  onDiscard(id: string): void;
}

/** A job in detail: the ticket's preview, what happened to it and when, where it went, and reprint, cancel, or for a held one print now or discard. */
export function JobDetailDialog({ id, onClose, onReprint, onCancel, onDiscard }: Props) {
  const t = useText();
  const styles = useJobsStyles();
  const { job, preview, problem } = useJobDetail(id);
  return (
    <Dialog open={id !== undefined} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.dialogSurface}>
        <DialogBody>
          <DialogTitle>{t('jobDetailTitle', { id: id === undefined ? '' : shortId(id) })}</DialogTitle>
          <DialogContent>
            {problem && <ProblemBar problem={problem} />}
            {job === undefined && !problem && <Spinner label={t('loading')} />}
            {job === null && <Text as="p">{t('reprintUnknown')}</Text>}
            {job && (
              <div className={styles.detail} data-testid="job-detail">
                <section aria-labelledby="job-preview-title">
                  <h3 id="job-preview-title" className={styles.sectionTitle}>
                    {t('jobPreviewTitle')}
                  </h3>
                  <div className={styles.preview}>
                    <PreviewPane preview={preview} opensFitted />
                  </div>
                </section>
                <JobFacts job={job} />
              </div>
            )}
          </DialogContent>
          <DialogActions className={styles.actions}>
            {job && isHeld(job) && <HeldJobActions size="medium" onPrintNow={() => onReprint(job.id)} onDiscard={() => onDiscard(job.id)} />}
            {job && !isHeld(job) && !reprintBlocker(job) && (
              <Button appearance="primary" onClick={() => onReprint(job.id)}>
                {t('reprint')}
              </Button>
            )}
            {job?.state === 'queued' && <CancelJobButton onConfirm={() => onCancel(job.id)} />}
            <Button onClick={onClose}>{t('close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function JobFacts({ job }: { job: JobDetail }) {
  const t = useText();
  const styles = useJobsStyles();
  const label = jobLabelOf(job);
  const blocker = reprintBlocker(job);
  const result = useResultText()(job.resultText);
  const source = useSourceText()(job.source);
  return (
    <section aria-labelledby="job-timeline-title">
      <h3 id="job-timeline-title" className={styles.sectionTitle}>
        {t('jobTimelineTitle')}{' '}
        <Badge appearance="tint" color={label.color}>
          {t(label.text)}
        </Badge>
      </h3>
      <JobTimeline job={job} />
      <dl className="details">
        {source !== undefined && (
          <>
            <dt>{t('sourceTitle')}</dt>
            <dd data-testid="job-detail-source">{source}</dd>
          </>
        )}
        <dt>{t('requestedPrinter')}</dt>
        <dd>
          <PrinterName printer={job.requestedPrinter} />
        </dd>
        <dt>{t('usedPrinter')}</dt>
        <dd>{job.printerUri === null ? t('notYet') : <PrinterName printer={job.printerUri} />}</dd>
        <dt>{t('jobId')}</dt>
        <dd className="mono" data-service>
          {job.id}
        </dd>
      </dl>
      {blocker && job.state !== 'queued' && <Text as="p">{t(blocker)}</Text>}
      {result.explanation !== undefined && (
        <Text as="p" block data-testid="job-explanation">
          {result.explanation}
        </Text>
      )}
      {/* The service's own words only where they add something (a failure's cause): never a plain "Print completed". */}
      {result.detail !== undefined && <TechnicalDetail detail={result.detail} mono />}
    </section>
  );
}
