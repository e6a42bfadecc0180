import { Spinner, Text, Toast, ToastTitle } from '@fluentui/react-components';
import { useAppToast } from '../components/app-toasts';
import { useEffect, useState } from 'react';
import type { CancelResult, ReprintResult } from '../../../shared/contract/types';
import { DrawerOpenings } from '../components/jobs/DrawerOpenings';
import { JobDetailDialog } from '../components/jobs/JobDetailDialog';
import { JobsFilters } from '../components/jobs/JobsFilters';
import { JobsPager } from '../components/jobs/JobsPager';
import { JobsTable } from '../components/jobs/JobsTable';
import { ReprintChangedDialog } from '../components/jobs/ReprintChangedDialog';
import { useReprintCheck } from '../components/jobs/use-reprint-check';
import { useText, type TextKey } from '../i18n';
import { NO_FILTER, useJobsStore } from '../stores/jobs-store';
import { ProblemBar } from './page-parts';

const REPRINT_TEXT: Record<ReprintResult['reason'], TextKey> = {
  queued: 'reprintQueued',
  unknown: 'reprintUnknown',
  'not-finished': 'reprintAfterFinish',
  'printer-blocked': 'reprintPrinterBlocked',
};

const CANCEL_TEXT: Record<Extract<CancelResult, { cancelled: false }>['reason'], TextKey> = {
  'already-printing': 'cancelTooLate',
  finished: 'cancelFinished',
  unknown: 'cancelUnknown',
};

/** The job history from the journal, newest first: searched, filtered and paged by the service; a job in detail. */
export function JobsPage() {
  const t = useText();
  const { jobs, total, filter, loaded, problem, reprint, cancel, discard } = useJobsStore();
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const toast = useAppToast();
  useEffect(() => {
    void useJobsStore.getState().load();
  }, []);

  const notify = (text: TextKey, ok: boolean): void => {
    toast(
      'notice',
      <Toast data-testid="jobs-notice">
        <ToastTitle>{t(text)}</ToastTitle>
      </Toast>,
      { intent: ok ? 'success' : 'error', timeout: 6000 },
    );
  };
  const doReprint = async (id: string): Promise<void> => {
    const reason = await reprint(id);
    if (reason !== undefined) notify(REPRINT_TEXT[reason], reason === 'queued');
  };
  // A reprint on a printer that changed since (58 mm now, 80 mm then) asks first: its columns would be rearranged.
  const checked = useReprintCheck((id) => void doReprint(id));
  const askReprint = (id: string): void => void checked.request(id);
  const doCancel = async (id: string): Promise<void> => {
    const answer = await cancel(id);
    if (answer !== undefined) notify(answer.cancelled ? 'cancelDone' : CANCEL_TEXT[answer.reason], answer.cancelled);
  };
  const doDiscard = async (id: string): Promise<void> => {
    const discarded = await discard(id);
    if (discarded !== undefined) notify(discarded ? 'heldDiscarded' : 'heldGone', discarded);
  };
  const unfiltered = JSON.stringify(filter) === JSON.stringify(NO_FILTER);

  return (
    <section className="page jobs-page" aria-labelledby="jobs-title">
      <div className="page-head">
        <h2 id="jobs-title">{t('jobs')}</h2>
      </div>
      {problem && <ProblemBar problem={problem} />}
      <JobsFilters />
      {!loaded && !problem && <Spinner label={t('loading')} />}
      {loaded && total === 0 && <Text>{t(unfiltered ? 'noJobs' : 'noMatchingJobs')}</Text>}
      {jobs.length > 0 && (
        <>
          <JobsTable jobs={jobs} onOpen={setOpenId} onReprint={askReprint} onDiscard={(id) => void doDiscard(id)} />
          <JobsPager />
        </>
      )}
      <DrawerOpenings />
      <JobDetailDialog
        id={openId}
        onClose={() => setOpenId(undefined)}
        onReprint={askReprint}
        onCancel={(id) => void doCancel(id)}
        onDiscard={(id) => void doDiscard(id)}
      />
      <ReprintChangedDialog change={checked.change} onReprint={checked.confirm} onCancel={checked.cancel} />
    </section>
  );
}
