import { Table, TableBody, TableCell, TableCellLayout, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { UsageRow } from '../../../../shared/contract/admin-types';
import { useText } from '../../i18n';
import { RowsPager } from './RowsPager';
import { useAdminFormats } from './admin-formats';
import { useAdminStyles } from './admin-styles';

const PAGE_SIZE = 31;

/** The report's rows per key (and day), a month's worth a page. */
export function UsageTable({ rows, byDay }: { rows: UsageRow[]; byDay: boolean }) {
  const t = useText();
  const styles = useAdminStyles();
  const { number, minutes, day } = useAdminFormats();
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [rows]);
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const numeric = { className: styles.numeric };
  return (
    <>
      <Table aria-labelledby="usage-detail-title" className="fixed-table" size="small" data-testid="usage-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('colKey')}</TableHeaderCell>
            {byDay && <TableHeaderCell style={{ width: '8.5rem' }}>{t('colDay')}</TableHeaderCell>}
            <TableHeaderCell {...numeric}>{t('colTotal')}</TableHeaderCell>
            <TableHeaderCell {...numeric}>{t('counterText')}</TableHeaderCell>
            <TableHeaderCell {...numeric}>{t('counterDocuments')}</TableHeaderCell>
            <TableHeaderCell {...numeric}>{t('counterImprovement')}</TableHeaderCell>
            <TableHeaderCell {...numeric}>{t('speechMinutes')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={`${row.apiKey}|${row.label}|${row.day ?? ''}`}>
              <TableCell>
                <TableCellLayout truncate description={<span data-service>{row.apiKey}</span>}>
                  <span title={row.label}>{row.label}</span>
                </TableCellLayout>
              </TableCell>
              {byDay && <TableCell>{row.day ? day(row.day) : ''}</TableCell>}
              <TableCell {...numeric}>{number(row.usage.totalCharacters)}</TableCell>
              <TableCell {...numeric}>{number(row.usage.textTranslationCharacters)}</TableCell>
              <TableCell {...numeric}>{number(row.usage.documentTranslationCharacters)}</TableCell>
              <TableCell {...numeric}>{number(row.usage.textImprovementCharacters)}</TableCell>
              <TableCell {...numeric}>{minutes(row.usage.speechToTextMinutes)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <RowsPager page={page} pageSize={PAGE_SIZE} total={rows.length} label={t('detailTitle')} testId="usage-rows-range" onPage={setPage} />
    </>
  );
}
