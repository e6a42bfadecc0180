import { Badge, Card, CardHeader, Link, Text, type BadgeProps, mergeClasses } from '@fluentui/react-components';
import type { JobState, JobSummary } from '../../../../shared/contract/types';
import { DOCUMENT_CATEGORIES } from '../../../../shared/protocol';
import { useFormats, useText, type TextKey } from '../../i18n';
import { PRINTER_BLOCKER_TEXT, jobResultOf, printerBlockerIn } from '../../pages/page-parts';
import { jobLabelOf } from '../jobs/job-label';
import { printerLabelOf } from '../printers/printer-label';
import { useHomeStore } from '../../stores/home-store';
import { useStatusStore } from '../../stores/status-store';
import { useHomeStyles } from './home-styles';
import { StaleNote, useStaleClass } from './StaleNote';

const FEED_SIZE = 6;

const STATE: Record<JobState, { text: TextKey; color: 'success' | 'danger' | 'informative' | 'brand' }> = {
  queued: { text: 'homeJobQueued', color: 'informative' },
  printing: { text: 'homeJobPrinting', color: 'brand' },
  success: { text: 'homeJobPrinted', color: 'success' },
  error: { text: 'homeJobFailed', color: 'danger' },
};

const FINER_LABELS = new Set<TextKey>(['jobState_confirmed', 'jobState_delivered', 'jobState_held', 'jobState_discarded', 'jobState_expired']);

/** The state badge: the Jobs page's finer label where it says more (confirmed on paper, delivered, held…). */
function feedLabelOf(job: JobSummary): { text: TextKey; color: BadgeProps['color'] } {
  const label = jobLabelOf(job);
  return FINER_LABELS.has(label.text) ? label : STATE[job.state];
}

/** A failure's reason in the owner's words, from the category the result text starts with (the details are in Jobs). */
function failureText(resultText: string | null): TextKey {
  const result = jobResultOf(resultText);
  if (result.kind === 'interrupted') return 'homeFailInterrupted';
  if (result.kind !== 'failed') return 'homeFailOther';
  if (result.category === 'PRINTER') {
    const blocker = printerBlockerIn(result.detail);
    return blocker ? PRINTER_BLOCKER_TEXT[blocker] : 'homeFailPrinter';
  }
  return DOCUMENT_CATEGORIES.has(result.category) ? 'homeFailDocument' : 'homeFailOther';
}

function PrinterName({ uri }: { uri: string | null }) {
  const t = useText();
  if (uri === null) return null;
  if (uri === 'virtual') return <>{t('homeVirtualPrinter')}</>;
  // "Impresora de red 10.0.0.9": the name in words already tells two network printers apart.
  return <>{printerLabelOf(uri, t).name}</>;
}

function FeedItem({ job }: { job: JobSummary }) {
  const t = useText();
  const formats = useFormats();
  const styles = useHomeStyles();
  const state = feedLabelOf(job);
  return (
    <li className={styles.feedItem} data-testid={`home-feed-${job.id}`}>
      <Badge color={state.color} appearance="tint">
        {t(state.text)}
      </Badge>
      <span className={styles.feedText}>
        <Text size={200}>
          {formats.dateTime(job.finishedAt ?? job.createdAt)}
          {job.printerUri !== null && ' · '}
          <PrinterName uri={job.printerUri} />
        </Text>
        {job.state === 'error' && (
          <Text size={200} className={styles.muted}>
            {t(failureText(job.resultText))}
          </Text>
        )}
      </span>
    </li>
  );
}

/** The queue, today's printed and failed tickets, and the last ones as they happen. */
export function ActivityCard({ onOpenJobs }: { onOpenJobs: () => void }) {
  const t = useText();
  const formats = useFormats();
  const styles = useHomeStyles();
  const staleClass = useStaleClass();
  const queue = useStatusStore((state) => state.status?.queue);
  const { jobs, today, loaded } = useHomeStore();
  const count = (value: number | undefined): string => (value === undefined ? '—' : formats.number(value));
  return (
    <Card className={mergeClasses(styles.card, staleClass)} data-stale={staleClass !== undefined} data-testid="home-activity">
      <CardHeader header={<h2 className={styles.cardTitle}>{t('homeActivityTitle')}</h2>} />
      <StaleNote />
      <div className={styles.numbers}>
        <div className={styles.number}>
          <Text size={200}>{t('homeInQueue')}</Text>
          <Text>
            <Text className={styles.bigNumber} data-testid="home-queue">
              {queue ? formats.number(queue.current) : '—'}
            </Text>
            {queue && (
              <Text size={200} className={styles.muted}>
                {' '}
                {t('homeQueueOf', { capacity: formats.number(queue.capacity) })}
              </Text>
            )}
          </Text>
        </div>
        <div className={styles.number}>
          <Text size={200}>{t('homePrintedToday')}</Text>
          <Text className={styles.bigNumber} data-testid="home-printed-today">
            {count(today?.success)}
          </Text>
        </div>
        <div className={styles.number}>
          <Text size={200}>{t('homeFailedToday')}</Text>
          <Text className={styles.bigNumber} data-testid="home-failed-today">
            {count(today?.error)}
          </Text>
        </div>
      </div>
      <h3 className={styles.cardTitle} id="home-feed-title">
        {t('homeLastTickets')}
      </h3>
      {loaded && jobs.length === 0 ? (
        <Text className={styles.muted}>{t('homeNoTicketsYet')}</Text>
      ) : (
        <ul className={styles.feed} aria-labelledby="home-feed-title" aria-live="polite" data-testid="home-feed">
          {jobs.slice(0, FEED_SIZE).map((job) => (
            <FeedItem job={job} key={job.id} />
          ))}
        </ul>
      )}
      <Link as="button" onClick={onOpenJobs}>
        {t('homeSeeAllJobs')}
      </Link>
    </Card>
  );
}
