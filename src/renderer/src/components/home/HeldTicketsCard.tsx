import { Card, CardHeader, Link, MessageBar, MessageBarBody, Text, mergeClasses } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobSummary, ReprintResult } from '../../../../shared/contract/types';
import { blockerOf } from '../../../../shared/printer-status/live-status';
import { mayStillPrintIn } from '../../../../shared/printer-status/held-partly-sent';
import { useFormats, useText, type TextKey } from '../../i18n';
import { PRINTER_BLOCKER_TEXT, ProblemBar, printerBlockerIn, usePlural } from '../../pages/page-parts';
import { printerStopIn } from '../../pages/printer-stop';
import { useHeldStore } from '../../stores/held-store';
import { usePrinterStatusStore } from '../../stores/printer-status-store';
import { useSettingsStore } from '../../stores/settings-store';
import { HeldJobActions } from '../held/HeldJobActions';
import { durationText, heldSince, msUntilExpiry } from '../held/held-time';
import { PrinterName } from '../jobs/PrinterName';
import { useSourceText } from '../jobs/job-source-text';
import { useRelativeTime } from '../../i18n/relative-time';
import { useHomeStyles } from './home-styles';
import { StaleNote, useStaleClass } from './StaleNote';

/** The ages and countdowns move on by themselves: "hace unos segundos" reads "hace 1 minuto" at most 15 s late. */
const CLOCK_TICK_MS = 15_000;
const SHOWN = 5;

type Notice = { intent: 'success' | 'warning' | 'error'; text: string };

const PRINT_NOW_TEXT: Record<Exclude<ReprintResult['reason'], 'printer-blocked'>, TextKey> = {
  queued: 'heldPrintNowQueued',
  unknown: 'heldGone',
  'not-finished': 'reprintAfterFinish',
};

/** Why a held ticket stopped, from its result: the printer's reason in the window's words. */
function useReasonText(): (job: JobSummary) => string {
  const t = useText();
  return (job) => {
    const blocker = printerBlockerIn(job.resultText ?? '');
    return t(blocker ? PRINTER_BLOCKER_TEXT[blocker] : 'heldReasonOther');
  };
}

/**
 * Tickets the printer stopped (out of paper, cover open…), which Ticketera will never print by itself: the cashier
 * may already have printed them again from the POS. Each one's age, printer and reason, when it will be discarded,
 * and "Print now" / "Discard". Only shown while there are some.
 */
export function HeldTicketsCard({ onOpenJobs }: { onOpenJobs(): void }) {
  const t = useText();
  const plural = usePlural();
  const { i18n } = useTranslation();
  const formats = useFormats();
  const styles = useHomeStyles();
  const staleClass = useStaleClass();
  const { jobs, total, problem, printNow, discard } = useHeldStore();
  const statuses = usePrinterStatusStore((state) => state.statuses);
  const expiryMinutes = useSettingsStore((state) => state.settings?.heldJobExpiryMinutes);
  const reasonOf = useReasonText();
  const ago = useRelativeTime();
  const sourceText = useSourceText();
  const [now, setNow] = useState(Date.now);
  const [notice, setNotice] = useState<Notice | undefined>(undefined);
  useEffect(() => useHeldStore.getState().follow(), []);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  // A list read after the last tick may hold a ticket stopped after it: its age must never read negative.
  const clock = Math.max(now, ...jobs.map(heldSince));

  const doPrintNow = async (job: JobSummary): Promise<void> => {
    const reason = await printNow(job.id);
    if (reason === undefined) return;
    if (reason === 'printer-blocked') {
      const status = job.printerUri ? statuses[job.printerUri] : undefined;
      const blocker = status ? blockerOf(status) : null;
      setNotice({ intent: 'warning', text: t('heldStillBlocked', { reason: t(blocker ? PRINTER_BLOCKER_TEXT[blocker] : 'heldReasonOther') }) });
    } else {
      setNotice({ intent: reason === 'queued' ? 'success' : 'error', text: t(PRINT_NOW_TEXT[reason]) });
    }
  };
  const doDiscard = async (job: JobSummary): Promise<void> => {
    const discarded = await discard(job.id);
    if (discarded !== undefined) setNotice({ intent: discarded ? 'success' : 'error', text: t(discarded ? 'heldDiscarded' : 'heldGone') });
  };

  if (total === 0 && !notice && !problem) return null;
  return (
    <Card className={mergeClasses(styles.card, styles.heldCard, staleClass)} data-stale={staleClass !== undefined} data-testid="home-held" role="region" aria-labelledby="home-held-title">
      <CardHeader
        header={
          <h2 className={styles.cardTitle} id="home-held-title">
            {t('heldTitle')}
            {total > 0 && ` (${formats.number(total)})`}
          </h2>
        }
      />
      <StaleNote />
      {total > 0 && (
        <Text size={200} as="p" className={styles.heldIntro}>
          {t('heldExplained')}
        </Text>
      )}
      {problem && <ProblemBar problem={problem} />}
      {notice && (
        <MessageBar intent={notice.intent} data-testid="home-held-notice" aria-live="polite" layout="multiline">
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      {jobs.length > 0 && (
        <ul className={styles.feed} aria-labelledby="home-held-title">
          {jobs.slice(0, SHOWN).map((job) => {
            const when = ago(heldSince(job), clock);
            const from = sourceText(job.source);
            const left = expiryMinutes === undefined ? undefined : msUntilExpiry(job, expiryMinutes, clock);
            const ticket = t('heldTicketAt', { time: formats.dateTime(job.createdAt) });
            return (
              <li key={job.id} className={styles.heldItem} data-testid={`held-${job.id}`}>
                <div className={styles.feedText}>
                  <Text weight="semibold">{t('heldReasonLine', { reason: reasonOf(job), when })}</Text>
                  {/* Which sale it is: the receipt's first lines, in its own words (issue 32). */}
                  {job.preview !== undefined && job.preview.length > 0 && (
                    <Text size={200} data-testid="held-preview">
                      {t('heldPreview')}: <span data-service>{job.preview.join(' · ')}</span>
                    </Text>
                  )}
                  {/* Which till sent it: the cashier who may print it again from there (issue 32). */}
                  {from !== undefined && (
                    <Text size={200} data-testid="held-source">
                      {t('sourceFrom', { source: from })}
                    </Text>
                  )}
                  {printerStopIn(job.resultText ?? '')?.how === 'not-sent' && (
                    <Text size={200} data-testid="held-not-sent">
                      {t('heldNotSent')}
                    </Text>
                  )}
                  {/* The printer kept part of it and nothing confirmed it was dropped (no buffer clear on this model). */}
                  {mayStillPrintIn(job.resultText) && (
                    <Text size={200} className={styles.heldWarning} data-testid="held-may-still-print">
                      {t('heldMayStillPrint')}
                    </Text>
                  )}
                  <Text size={200}>
                    {job.printerUri !== null && (
                      <>
                        {t('printer')}: <PrinterName printer={job.printerUri} layout="inline" />
                        {' · '}
                      </>
                    )}
                    {left === undefined ? null : left > 60_000 ? t('heldExpiresIn', { time: durationText(left, i18n.language) }) : t('heldExpiresSoon')}
                  </Text>
                </div>
                <div className={styles.heldActions}>
                  <HeldJobActions ticketName={ticket} onPrintNow={() => void doPrintNow(job)} onDiscard={() => void doDiscard(job)} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {total > SHOWN && (
        <Link as="button" onClick={onOpenJobs}>
          {plural('heldSeeAll', total)}
        </Link>
      )}
    </Card>
  );
}
