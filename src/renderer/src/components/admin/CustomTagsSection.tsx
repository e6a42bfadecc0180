import { Button, Field, Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { customTagCsv } from '../../../../shared/contract/admin-csv';
import { TAG_AGGREGATIONS, type TagAggregation } from '../../../../shared/contract/admin-types';
import { useText } from '../../i18n';
import { usePlural } from '../../pages/page-parts';
import { useAdminUsageStore } from '../../stores/admin-usage-store';
import { AdminTroubleBar } from './AdminTroubleBar';
import { RowsPager } from './RowsPager';
import { useAdminFormats } from './admin-formats';
import { useAdminStyles } from './admin-styles';
import { downloadCsv } from './download-csv';

const PAGE_SIZE = 10;
const isAggregation = (value: string): value is TagAggregation => (TAG_AGGREGATIONS as readonly string[]).includes(value);

/** Characters by custom tag over the range: every page the service has, joined, shown ten rows at a time. */
export function CustomTagsSection() {
  const t = useText();
  const plural = usePlural();
  const styles = useAdminStyles();
  const { number, day } = useAdminFormats();
  const { tags, loadingTags, tagsTrouble, aggregateBy, setAggregateBy, from, to } = useAdminUsageStore();
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [tags]);
  const byDay = tags?.aggregateBy === 'day';
  const numeric = { className: styles.numeric };
  return (
    <section className={styles.section} aria-labelledby="tags-title">
      <h3 id="tags-title" className={styles.sectionTitle}>
        {t('tagsTitle')}
      </h3>
      <div className={styles.toolbar}>
        <Field label={t('tagsAggregate')} className={styles.select}>
          <Select value={aggregateBy} onChange={(_event, data) => isAggregation(data.value) && setAggregateBy(data.value)}>
            <option value="period">{t('tagsPeriod')}</option>
            <option value="day">{t('tagsDay')}</option>
          </Select>
        </Field>
        <Button disabled={!tags || tags.rows.length === 0} onClick={() => tags && downloadCsv(t('tagsFileName', { from, to }), customTagCsv(tags))}>
          {t('exportTags')}
        </Button>
      </div>
      {tagsTrouble && <AdminTroubleBar trouble={tagsTrouble} testId="tags-trouble" />}
      {loadingTags && !tags && <Spinner size="small" label={t('loading')} />}
      {tags && tags.rows.length === 0 && <Text>{t('tagsEmpty')}</Text>}
      {tags && tags.rows.length > 0 && (
        <>
          <Table aria-labelledby="tags-title" className="fixed-table" size="small" data-testid="tags-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('colTag')}</TableHeaderCell>
                {byDay && <TableHeaderCell>{t('colDay')}</TableHeaderCell>}
                <TableHeaderCell {...numeric}>{t('colTotal')}</TableHeaderCell>
                <TableHeaderCell {...numeric}>{t('counterText')}</TableHeaderCell>
                <TableHeaderCell {...numeric}>{t('counterImprovement')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {tags.rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((row) => (
                <TableRow key={`${row.tag}|${row.day ?? ''}`}>
                  <TableCell>{row.tag}</TableCell>
                  {byDay && <TableCell>{row.day ? day(row.day) : ''}</TableCell>}
                  <TableCell {...numeric}>{number(row.usage.totalCharacters)}</TableCell>
                  <TableCell {...numeric}>{number(row.usage.textTranslationCharacters)}</TableCell>
                  <TableCell {...numeric}>{number(row.usage.textImprovementCharacters)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <RowsPager page={page} pageSize={PAGE_SIZE} total={tags.rows.length} label={t('tagsTitle')} testId="tags-rows-range" onPage={setPage} />
          <Text size={200} className={styles.muted} data-testid="tags-pages">
            {plural('tagsPages', tags.pages)}
          </Text>
        </>
      )}
    </section>
  );
}
