import { useEffect } from 'react';
import { useText } from '../i18n';
import { useJobsStore } from '../stores/jobs-store';

const time = (ms: number | null): string => (ms === null ? '' : new Date(ms).toLocaleString());

/** The job history from the journal, newest first; finished jobs can be printed again. */
export function JobsPage() {
  const t = useText();
  const { jobs, error, notice, reprint } = useJobsStore();
  useEffect(() => {
    void useJobsStore.getState().load();
  }, []);
  return (
    <section>
      <h2>{t('jobs')}</h2>
      {error && <p className="error">{error}</p>}
      {notice && !error && <p data-testid="jobs-notice">{notice}</p>}
      {jobs.length === 0 ? (
        <p className="muted">{t('noJobs')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('created')}</th>
              <th>Id</th>
              <th>{t('status')}</th>
              <th>{t('result')}</th>
              <th>{t('printer')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id} data-testid={`job-${job.id}`}>
                <td>{time(job.createdAt)}</td>
                <td className="mono">{job.id}</td>
                <td>
                  <span className={`badge ${job.state}`}>{job.state}</span>
                  {job.reprints > 0 && <span className="muted"> ×{job.reprints + 1}</span>}
                </td>
                <td>{job.resultText}</td>
                <td>{job.printerUri ?? job.requestedPrinter ?? ''}</td>
                <td>
                  <button disabled={job.state === 'queued' || job.state === 'printing'} onClick={() => void reprint(job.id)}>
                    {t('reprint')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
