import { Button, Text } from '@fluentui/react-components';
import { useFormats, useText } from '../../i18n';
import { PAGE_SIZE, useJobsStore } from '../../stores/jobs-store';

/** "1–20 of 134" and the way to the other pages; the service reads only the page shown. */
export function JobsPager() {
  const t = useText();
  const { number } = useFormats();
  const { page, total, jobs, setPage } = useJobsStore();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = page * PAGE_SIZE + 1;
  return (
    <nav className="pager" aria-label={t('jobs')}>
      <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
        {t('previousPage')}
      </Button>
      <Text data-testid="jobs-range" aria-live="polite">
        {t('jobsRange', { from: number(first), to: number(first + jobs.length - 1), total: number(total) })}
      </Text>
      <Button size="small" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
        {t('nextPage')}
      </Button>
    </nav>
  );
}
