import type { UsageCounters } from '../../../../shared/contract/admin-types';
import { useText, type TextKey } from '../../i18n';
import { useAdminFormats } from './admin-formats';
import { useAdminStyles } from './admin-styles';

const TOTALS: readonly { key: keyof UsageCounters; text: TextKey; minutes?: true }[] = [
  { key: 'totalCharacters', text: 'totalCharacters' },
  { key: 'textTranslationCharacters', text: 'counterText' },
  { key: 'documentTranslationCharacters', text: 'counterDocuments' },
  { key: 'textImprovementCharacters', text: 'counterImprovement' },
  { key: 'speechToTextMinutes', text: 'speechMinutes', minutes: true },
];

/** The report's own totals (`total_usage`), as the service counted them. */
export function UsageTotals({ total, from, to }: { total: UsageCounters; from: string; to: string }) {
  const t = useText();
  const styles = useAdminStyles();
  const { number, minutes, day } = useAdminFormats();
  return (
    <section className={styles.section} aria-labelledby="usage-totals-title">
      <h3 id="usage-totals-title" className={styles.sectionTitle}>
        {t('totalsTitle', { from: day(from), to: day(to) })}
      </h3>
      <dl className={styles.totals}>
        {TOTALS.map((item) => (
          <div key={item.key} className={styles.total}>
            <dt className={styles.totalName}>{t(item.text)}</dt>
            <dd className={styles.totalValue} data-testid={`total-${item.key}`}>
              {item.minutes ? minutes(total[item.key]) : number(total[item.key])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
