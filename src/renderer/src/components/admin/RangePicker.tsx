import { Field, Text, ToggleButton } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { MAX_RANGE_DAYS, RANGE_PRESETS, addDays, isDay, localDay, presetRange, rangeProblem, type RangePreset } from '../../../../shared/contract/admin-range';
import { useText, type TextKey } from '../../i18n';
import { useAdminUsageStore } from '../../stores/admin-usage-store';
import { useAdminFormats } from './admin-formats';
import { useAdminStyles } from './admin-styles';
import { DayInput } from '../DayInput';

const PRESET_TEXT: Record<RangePreset, TextKey> = {
  'this-month': 'presetThisMonth',
  'last-30-days': 'presetLast30Days',
  'this-year': 'presetThisYear',
};

/**
 * The days to report: a preset or two dates, written as the window's language writes days (20/05/2025 in Spanish, not
 * the browser's mm/dd/yyyy). The 366-day rule is kept here, before anything is asked: an end more than 365 days after
 * the start (or a start that far before the end) is marked on its field, and the end's says the latest day allowed.
 */
export function RangePicker() {
  const t = useText();
  const styles = useAdminStyles();
  const { day } = useAdminFormats();
  const { from, to, preset, setRange } = useAdminUsageStore();
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);

  const problem = rangeProblem(draft.from, draft.to);
  const change = (next: { from: string; to: string }): void => {
    setDraft(next);
    if (!rangeProblem(next.from, next.to)) setRange(next);
  };
  const span = MAX_RANGE_DAYS - 1;
  const toProblem = problem?.rule === 'range-too-long' ? t('rangeTooLong', { date: day(addDays(draft.from, span)) }) : problem?.rule === 'range-backwards' ? t('rangeBackwards') : undefined;

  return (
    <div className={styles.toolbar}>
      <div className={styles.presets} role="group" aria-label={t('rangePresets')}>
        {RANGE_PRESETS.map((name) => (
          <ToggleButton key={name} checked={preset === name} onClick={() => setRange(presetRange(name, localDay(new Date())), name)}>
            {t(PRESET_TEXT[name])}
          </ToggleButton>
        ))}
      </div>
      <Field label={t('rangeFrom')} className={styles.day} validationState={problem?.rule === 'date-invalid' && problem.field === 'from' ? 'error' : 'none'}>
        <DayInput value={draft.from} max={isDay(draft.to) ? draft.to : undefined} min={isDay(draft.to) ? addDays(draft.to, -span) : undefined} onChange={(day) => change({ ...draft, from: day })} />
      </Field>
      <Field
        label={t('rangeTo')}
        className={styles.day}
        validationState={toProblem ? 'error' : 'none'}
        validationMessage={toProblem}
      >
        <DayInput value={draft.to} min={isDay(draft.from) ? draft.from : undefined} max={isDay(draft.from) ? addDays(draft.from, span) : undefined} onChange={(day) => change({ ...draft, to: day })} />
      </Field>
      {!toProblem && (
        <Text size={200} className={styles.rangeNote}>
          {t('adminRangeHint')}
        </Text>
      )}
    </div>
  );
}
