import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  SearchBox,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Toast,
  ToastTitle,
  Toaster,
  useId,
  useToastController,
  type BadgeProps,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { JobState, JobSummary } from '../../../shared/contract/types';
import { useFormats, useText } from '../i18n';
import { useJobsStore } from '../stores/jobs-store';
import { JOB_STATE_TEXT, ProblemBar, TechnicalDetail, reprintBlocker, useResultText } from './page-parts';

const PAGE_SIZE = 20;
const JOB_STATES: JobState[] = ['queued', 'printing', 'success', 'error'];
const isJobState = (value: string): value is JobState => (JOB_STATES as string[]).includes(value);

const STATE_COLOR: Record<JobState, BadgeProps['color']> = {
  queued: 'informative',
  printing: 'brand',
  success: 'success',
  error: 'danger',
};

/** The first block of a job id: enough to tell jobs apart in the list; the whole id is in the detail and the search. */
const shortId = (id: string): string => (id.length > 13 ? `${id.slice(0, 8)}…` : id);

/** The job history from the journal, newest first: search, filter by state, pages, a job's detail and reprint. */
export function JobsPage() {
  const t = useText();
  const { dateTime } = useFormats();
  const resultText = useResultText();
  const { jobs, loaded, problem, reprint } = useJobsStore();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<JobState | 'all'>('all');
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const toasterId = useId('jobs-toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    void useJobsStore.getState().load();
  }, []);

  const needle = query.trim().toLowerCase();
  const matches = (job: JobSummary): boolean => {
    if (state !== 'all' && job.state !== state) return false;
    if (needle === '') return true;
    const result = resultText(job.resultText);
    return [job.id, job.resultText ?? '', result.summary, job.printerUri ?? '', job.requestedPrinter ?? '', t(JOB_STATE_TEXT[job.state])].some((text) =>
      text.toLowerCase().includes(needle),
    );
  };
  const shown = jobs.filter(matches);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const rows = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const open = jobs.find((job) => job.id === openId);

  const doReprint = async (id: string) => {
    const ok = await reprint(id);
    if (ok === undefined) return;
    dispatchToast(
      <Toast data-testid="jobs-notice">
        <ToastTitle>{t(ok ? 'reprintQueued' : 'reprintRefused')}</ToastTitle>
      </Toast>,
      { intent: ok ? 'success' : 'error', timeout: 6000 },
    );
  };

  return (
    <section className="page jobs-page" aria-labelledby="jobs-title">
      <Toaster toasterId={toasterId} position="top-end" />
      <div className="page-head">
        <h2 id="jobs-title">{t('jobs')}</h2>
      </div>
      {problem && <ProblemBar problem={problem} />}
      <div className="toolbar">
        <Field label={t('searchJobs')} className="grow">
          <SearchBox
            value={query}
            onChange={(_event, data) => {
              setQuery(data.value);
              setPage(0);
            }}
          />
        </Field>
        <Field label={t('stateFilter')}>
          <Select
            value={state}
            onChange={(_event, data) => {
              setState(isJobState(data.value) ? data.value : 'all');
              setPage(0);
            }}
          >
            <option value="all">{t('allStates')}</option>
            {JOB_STATES.map((value) => (
              <option key={value} value={value}>
                {t(JOB_STATE_TEXT[value])}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {!loaded && !problem && <Spinner label={t('loading')} />}
      {loaded && jobs.length === 0 && <Text>{t('noJobs')}</Text>}
      {loaded && jobs.length > 0 && shown.length === 0 && <Text>{t('noMatchingJobs')}</Text>}
      {rows.length > 0 && (
        <>
          <Table aria-label={t('jobs')} className="fixed-table jobs-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell className="col-created">{t('created')}</TableHeaderCell>
                <TableHeaderCell className="col-state">{t('status')}</TableHeaderCell>
                <TableHeaderCell className="col-result">{t('result')}</TableHeaderCell>
                <TableHeaderCell className="col-printer">{t('printer')}</TableHeaderCell>
                <TableHeaderCell className="col-actions">{t('actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((job) => {
                const result = resultText(job.resultText);
                const blocker = reprintBlocker(job);
                return (
                  <TableRow key={job.id} data-testid={`job-${job.id}`}>
                    <TableCell>
                      <TableCellLayout
                        truncate
                        description={
                          <span className="mono" data-service>
                            {shortId(job.id)}
                          </span>
                        }
                      >
                        {dateTime(job.createdAt)}
                      </TableCellLayout>
                    </TableCell>
                    <TableCell>
                      <Badge appearance="tint" color={STATE_COLOR[job.state]}>
                        {t(JOB_STATE_TEXT[job.state])}
                      </Badge>
                      {job.reprints > 0 && (
                        <span className="times" title={t('timesPrinted', { count: job.reprints + 1 })}>
                          {' '}
                          ×{job.reprints + 1}
                        </span>
                      )}
                    </TableCell>
                    <TableCell>
                      <TableCellLayout truncate description={
                          result.detail && (
                            <span title={result.detail} data-service>
                              {result.detail}
                            </span>
                          )
                        }>
                        <span title={result.summary}>{result.summary}</span>
                      </TableCellLayout>
                    </TableCell>
                    <TableCell className="col-printer">
                      <TableCellLayout truncate>
                        {job.printerUri ?? job.requestedPrinter ? <span data-service>{job.printerUri ?? job.requestedPrinter}</span> : t('automaticPrinter')}
                      </TableCellLayout>
                    </TableCell>
                    <TableCell>
                      <div className="cell-actions">
                        <Button size="small" onClick={() => setOpenId(job.id)}>
                          {t('details')}
                        </Button>
                        {!blocker && (
                          <Button size="small" onClick={() => void doReprint(job.id)}>
                            {t('reprint')}
                          </Button>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <nav className="pager" aria-label={t('jobs')}>
            <Button size="small" disabled={current === 0} onClick={() => setPage(current - 1)}>
              {t('previousPage')}
            </Button>
            <Text data-testid="jobs-range" aria-live="polite">
              {t('jobsRange', { from: current * PAGE_SIZE + 1, to: current * PAGE_SIZE + rows.length, total: shown.length })}
            </Text>
            <Button size="small" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
              {t('nextPage')}
            </Button>
          </nav>
        </>
      )}
      <Dialog open={open !== undefined} onOpenChange={(_event, data) => !data.open && setOpenId(undefined)}>
        <DialogSurface>
          {open && <JobDetailBody job={open} onReprint={() => void doReprint(open.id)} onClose={() => setOpenId(undefined)} />}
        </DialogSurface>
      </Dialog>
    </section>
  );
}

function JobDetailBody({ job, onReprint, onClose }: { job: JobSummary; onReprint(): void; onClose(): void }) {
  const t = useText();
  const { dateTime } = useFormats();
  const result = useResultText()(job.resultText);
  const blocker = reprintBlocker(job);
  const time = (ms: number | null) => (ms === null ? t('notYet') : dateTime(ms));
  return (
    <DialogBody>
      <DialogTitle>{t('jobDetailTitle', { id: shortId(job.id) })}</DialogTitle>
      <DialogContent>
        <dl className="details" data-testid="job-detail">
          <dt>{t('jobId')}</dt>
          <dd className="mono">{job.id}</dd>
          <dt>{t('status')}</dt>
          <dd>
            <Badge appearance="tint" color={STATE_COLOR[job.state]}>
              {t(JOB_STATE_TEXT[job.state])}
            </Badge>
            {job.reprints > 0 && <> · {t('timesPrinted', { count: job.reprints + 1 })}</>}
          </dd>
          <dt>{t('result')}</dt>
          <dd>
            {result.summary}
            {result.detail && <TechnicalDetail detail={result.detail} mono />}
          </dd>
          <dt>{t('created')}</dt>
          <dd>{dateTime(job.createdAt)}</dd>
          <dt>{t('startedAt')}</dt>
          <dd>{time(job.startedAt)}</dd>
          <dt>{t('finishedAt')}</dt>
          <dd>{time(job.finishedAt)}</dd>
          <dt>{t('requestedPrinter')}</dt>
          <dd>{job.requestedPrinter ?? t('automaticPrinter')}</dd>
          <dt>{t('usedPrinter')}</dt>
          <dd className="mono">{job.printerUri ?? t('notYet')}</dd>
        </dl>
        {blocker && <Text as="p">{t(blocker)}</Text>}
      </DialogContent>
      <DialogActions>
        {!blocker && (
          <Button appearance="primary" onClick={onReprint}>
            {t('reprint')}
          </Button>
        )}
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </DialogBody>
  );
}
