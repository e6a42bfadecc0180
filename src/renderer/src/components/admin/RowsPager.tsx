import { Button, Text } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { useAdminFormats } from './admin-formats';

/** "1–10 of 23" and the way to the other pages of a table the window already holds in full. */
export function RowsPager({ page, pageSize, total, label, testId, onPage }: { page: number; pageSize: number; total: number; label: string; testId: string; onPage(page: number): void }) {
  const t = useText();
  const { number } = useAdminFormats();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, first + pageSize - 1);
  return (
    <nav className="pager" aria-label={label}>
      <Button size="small" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('previousPage')}
      </Button>
      <Text data-testid={testId} aria-live="polite">
        {t('rowsRange', { from: number(first), to: number(last), total: number(total) })}
      </Text>
      <Button size="small" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {t('nextPage')}
      </Button>
    </nav>
  );
}
