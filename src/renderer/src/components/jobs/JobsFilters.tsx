import { Button, Field, SearchBox, Select } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { JOB_STATES, type JobState } from '../../../../shared/contract/types';
import { useText } from '../../i18n';
import { JOB_STATE_TEXT } from '../../pages/page-parts';
import { NO_FILTER, isBackwards, useJobsStore } from '../../stores/jobs-store';
import { printerOptionTexts } from '../printers/printer-label';
import { useJobsStyles } from './jobs-styles';
import { DayInput } from '../DayInput';

/** The service is asked once the owner pauses typing, not for every letter. */
const SEARCH_DELAY_MS = 300;

type StateChoice = JobState | 'held';
const isStateChoice = (value: string): value is StateChoice => value === 'held' || (JOB_STATES as readonly string[]).includes(value);

/** Search, state, printer and days: every change asks the service for the first page of what matches. */
export function JobsFilters() {
  const t = useText();
  const styles = useJobsStyles();
  const filter = useJobsStore((state) => state.filter);
  const printers = useJobsStore((state) => state.printers);
  const setFilter = useJobsStore((state) => state.setFilter);
  const [typed, setTyped] = useState(filter.query);

  useEffect(() => {
    if (typed === useJobsStore.getState().filter.query) return;
    const timer = setTimeout(() => setFilter({ query: typed }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, setFilter]);

  const filtered = typed !== '' || JSON.stringify({ ...filter, query: '' }) !== JSON.stringify(NO_FILTER);
  const clear = (): void => {
    setTyped('');
    setFilter(NO_FILTER);
  };

  return (
    <div className={styles.filters} role="search">
      <Field label={t('searchJobs')} className={styles.search}>
        <SearchBox value={typed} onChange={(_event, data) => setTyped(data.value)} />
      </Field>
      <Field label={t('stateFilter')} className={styles.select}>
        <Select value={filter.state} onChange={(_event, data) => setFilter({ state: isStateChoice(data.value) ? data.value : 'all' })}>
          <option value="all">{t('allStates')}</option>
          {JOB_STATES.map((value) => (
            <option key={value} value={value}>
              {t(JOB_STATE_TEXT[value])}
            </option>
          ))}
          <option value="held">{t('jobState_held')}</option>
        </Select>
      </Field>
      <Field label={t('printerFilter')} className={styles.select}>
        <Select value={filter.printer} onChange={(_event, data) => setFilter({ printer: data.value })}>
          <option value="">{t('allPrinters')}</option>
          {printerOptionTexts(printers, t).map(({ printer, text }) => (
            <option key={printer} value={printer}>
              {text}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('dateFrom')} className={styles.day}>
        <DayInput value={filter.fromDay} onChange={(day) => setFilter({ fromDay: day })} />
      </Field>
      <Field
        label={t('dateTo')}
        className={styles.day}
        validationState={isBackwards(filter) ? 'error' : 'none'}
        validationMessage={isBackwards(filter) ? t('dateRangeBackwards') : undefined}
      >
        <DayInput value={filter.toDay} onChange={(day) => setFilter({ toDay: day })} />
      </Field>
      {filtered && (
        <Button className={styles.clear} appearance="subtle" onClick={clear}>
          {t('clearFilters')}
        </Button>
      )}
    </div>
  );
}
