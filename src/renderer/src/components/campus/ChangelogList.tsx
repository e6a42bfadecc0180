import { Button, Spinner, Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useText } from '../../i18n';
import { useCampusStore } from '../../stores/campus-store';
import { useCampusStyles } from './campus-styles';
import { CampusFailureBar } from './CampusFailureBar';

/** The data API's changes, newest first, one group per date (grouped by the service side, see changelog-days). */
export function ChangelogList({ onOpenSettings }: { onOpenSettings?: (() => void) | undefined }) {
  const t = useText();
  const styles = useCampusStyles();
  const { i18n } = useTranslation();
  const { changelog, changelogFailure, changelogProblem, changelogLoading, loadChangelog } = useCampusStore();
  useEffect(() => void loadChangelog(), [loadChangelog]);
  return (
    <div className={styles.stack} data-testid="campus-changelog">
      {changelogFailure && <CampusFailureBar failure={changelogFailure} onOpenSettings={onOpenSettings} testId="campus-changelog-failure" />}
      {changelogProblem && <Text role="alert">{t('campusFailure_call')}</Text>}
      {changelogLoading && !changelog && <Spinner size="small" label={t('campusLoading')} />}
      {changelog && (
        <>
          {changelog.version !== null && <Text className={styles.muted}>{t('campusChangelogVersion', { version: changelog.version })}</Text>}
          {changelog.days.length === 0 ? (
            <Text>{t('campusChangelogEmpty')}</Text>
          ) : (
            <ol className={styles.days}>
              {changelog.days.map((day) => (
                <li key={day.date ?? 'undated'} className={styles.day} data-testid="campus-changelog-day">
                  <h3 className={styles.dayTitle}>{day.date === null ? t('campusChangelogUndated') : <time dateTime={day.date}>{dayText(day.date, i18n.language)}</time>}</h3>
                  <ul className={styles.changes}>
                    {day.changes.map((change, index) => (
                      <li key={index}>{change}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      <div className={styles.row}>
        <Button onClick={() => void loadChangelog()} disabled={changelogLoading}>
          {t('campusChangelogReload')}
        </Button>
      </div>
    </div>
  );
}

/** "14 de octubre de 2013": a `Y-m-d` day in the window's language (UTC, so no time zone moves it a day). */
function dayText(date: string, locale: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(at) ? date : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}
