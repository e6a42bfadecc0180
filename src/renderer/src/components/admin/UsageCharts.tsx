import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReactNode } from 'react';
import { useText } from '../../i18n';
import { useAdminFormats } from './admin-formats';
import { useAdminStyles } from './admin-styles';
import { COUNTER_COLORS } from './usage-colors';
import type { DayPoint, KeyPoint } from './usage-data';

/** A chart with its title; the numbers themselves are in the detail table, for screen readers and for exactness. */
function ChartFigure({ id, title, testId, children }: { id: string; title: string; testId: string; children: ReactNode }) {
  const t = useText();
  const styles = useAdminStyles();
  return (
    <figure className={styles.chart} aria-labelledby={id} data-testid={testId}>
      <figcaption id={id} className={styles.chartTitle}>
        {title}
        <span className={styles.visuallyHidden}> {t('chartSummary')}</span>
      </figcaption>
      {children}
    </figure>
  );
}

/** The three character counters stacked per day. */
export function DailyUsageChart({ days }: { days: DayPoint[] }) {
  const t = useText();
  const { shortDay, day, compact, number } = useAdminFormats();
  return (
    <ChartFigure id="chart-per-day" title={t('chartPerDay')} testId="chart-per-day">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} fontSize={12} />
          <YAxis tickFormatter={compact} width={48} fontSize={12} />
          <Tooltip labelFormatter={(label) => day(String(label))} formatter={(value) => number(Number(value))} />
          <Legend itemSorter={null} />
          <Bar dataKey="text" name={t('counterText')} stackId="characters" fill={COUNTER_COLORS.text} isAnimationActive={false} />
          <Bar dataKey="documents" name={t('counterDocuments')} stackId="characters" fill={COUNTER_COLORS.documents} isAnimationActive={false} />
          <Bar dataKey="improvement" name={t('counterImprovement')} stackId="characters" fill={COUNTER_COLORS.improvement} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Speech to text is minutes, not characters: its own chart, so neither scale flattens the other. */
export function SpeechChart({ days }: { days: DayPoint[] }) {
  const t = useText();
  const { shortDay, day, minutes } = useAdminFormats();
  return (
    <ChartFigure id="chart-speech" title={t('chartSpeech')} testId="chart-speech">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} fontSize={12} />
          <YAxis tickFormatter={minutes} width={40} fontSize={12} />
          <Tooltip labelFormatter={(label) => day(String(label))} formatter={(value) => minutes(Number(value))} />
          <Legend itemSorter={null} />
          <Bar dataKey="speech" name={t('speechMinutes')} fill={COUNTER_COLORS.speech} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Characters per key, the heaviest on top, stacked by counter. */
export function KeyUsageChart({ keys }: { keys: KeyPoint[] }) {
  const t = useText();
  const { compact, number } = useAdminFormats();
  const height = 80 + keys.length * 36;
  return (
    <ChartFigure id="chart-per-key" title={t('chartPerKey')} testId="chart-per-key">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={keys} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }} maxBarSize={28}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={compact} fontSize={12} />
          <YAxis type="category" dataKey="label" width={130} fontSize={12} />
          <Tooltip formatter={(value) => number(Number(value))} />
          <Legend itemSorter={null} />
          <Bar dataKey="text" name={t('counterText')} stackId="characters" fill={COUNTER_COLORS.text} isAnimationActive={false} />
          <Bar dataKey="documents" name={t('counterDocuments')} stackId="characters" fill={COUNTER_COLORS.documents} isAnimationActive={false} />
          <Bar dataKey="improvement" name={t('counterImprovement')} stackId="characters" fill={COUNTER_COLORS.improvement} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
