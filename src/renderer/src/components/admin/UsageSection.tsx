import { Button, Field, Select, Spinner, Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { usageCsv } from '../../../../shared/contract/admin-csv';
import { useText } from '../../i18n';
import { useAdminUsageStore, type TableGrouping } from '../../stores/admin-usage-store';
import { AdminTroubleBar } from './AdminTroubleBar';
import { CustomTagsSection } from './CustomTagsSection';
import { RangePicker } from './RangePicker';
import { DailyUsageChart, KeyUsageChart, SpeechChart } from './UsageCharts';
import { UsageTable } from './UsageTable';
import { UsageTotals } from './UsageTotals';
import { useAdminFormats } from './admin-formats';
import { useAdminStyles } from './admin-styles';
import { downloadCsv } from './download-csv';
import { hasUsage, perDay, perKey, reportAsGrouped } from './usage-data';

const isGrouping = (value: string): value is TableGrouping => value === 'key' || value === 'key_and_day';

/** Where the characters went over a range of days: totals, charts per day and per key, the detail, custom tags. */
export function UsageSection() {
  const t = useText();
  const styles = useAdminStyles();
  const { day } = useAdminFormats();
  const { report, loadingUsage, usageTrouble, grouping, setGrouping, from, to } = useAdminUsageStore();
  useEffect(() => {
    void useAdminUsageStore.getState().load();
  }, []);
  const grouped = report ? reportAsGrouped(report, grouping) : undefined;

  return (
    <div className={styles.section} aria-busy={loadingUsage}>
      <RangePicker />
      {usageTrouble && <AdminTroubleBar trouble={usageTrouble} />}
      {loadingUsage && <Spinner size="small" label={t('usageLoading')} />}
      {report && grouped && !hasUsage(report) && <Text data-testid="usage-empty">{t('usageEmpty', { from: day(report.from), to: day(report.to) })}</Text>}
      {report && grouped && hasUsage(report) && (
        <>
          <UsageTotals total={report.total} from={report.from} to={report.to} />
          <div className={styles.charts}>
            <DailyUsageChart days={perDay(report)} />
            <SpeechChart days={perDay(report)} />
          </div>
          <KeyUsageChart keys={perKey(report.rows)} />
          <section className={styles.section} aria-labelledby="usage-detail-title">
            <h3 id="usage-detail-title" className={styles.sectionTitle}>
              {t('detailTitle')}
            </h3>
            <div className={styles.toolbar}>
              <Field label={t('groupingLabel')} className={styles.select}>
                <Select value={grouping} onChange={(_event, data) => isGrouping(data.value) && setGrouping(data.value)}>
                  <option value="key_and_day">{t('groupKeyAndDay')}</option>
                  <option value="key">{t('groupKey')}</option>
                </Select>
              </Field>
              <Button onClick={() => downloadCsv(t('usageFileName', { from, to }), usageCsv(grouped))}>{t('exportUsage')}</Button>
            </div>
            <UsageTable rows={grouped.rows} byDay={grouping === 'key_and_day'} />
          </section>
        </>
      )}
      <CustomTagsSection />
    </div>
  );
}
