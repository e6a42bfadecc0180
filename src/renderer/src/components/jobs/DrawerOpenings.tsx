import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawerOpeningsDay } from '../../../../shared/contract/types';
import { api } from '../../api/api';
import { useFormats, useText } from '../../i18n';
import { ProblemBar } from '../../pages/page-parts';
import { isBackwards, midnightOf, useJobsStore } from '../../stores/jobs-store';
import { problemOf, type Problem } from '../../stores/store-problem';
import { PrinterName } from './PrinterName';
import { useJobsStyles } from './jobs-styles';

/** Without days chosen, the audit covers the last week: enough to compare with the till's cash-ups. */
const DEFAULT_DAYS = 7;
const DAY_MS = 86_400_000;

/** The range the Jobs filter chose (local days, the whole last one), or the last week up to now. */
function rangeOf(fromDay: string, toDay: string, now: number): { from: number; to: number } {
  const to = midnightOf(toDay, 1) ?? now + 1;
  const from = midnightOf(fromDay) ?? (midnightOf(toDay) === undefined ? to - DEFAULT_DAYS * DAY_MS : 0);
  return { from, to };
}

/** `2025-05-20` as the window's language writes a date, without shifting it through a time zone. */
function useDayText(): (day: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (day) => {
    const at = midnightOf(day);
    return at === undefined ? day : format.format(at);
  };
}

/** How often each printer's cash drawer was opened, per day, over the history's date range: for cash-control audits. */
export function DrawerOpenings() {
  const t = useText();
  const styles = useJobsStyles();
  const { number } = useFormats();
  const dayText = useDayText();
  const fromDay = useJobsStore((state) => state.filter.fromDay);
  const toDay = useJobsStore((state) => state.filter.toDay);
  const version = useJobsStore((state) => state.version);
  // A drawer opening arrives as a printer's alert, not a job: read again when one does.
  const [openings, setOpenings] = useState(0);
  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type === 'printer.status' && event.alerts.includes('drawer-opened')) setOpenings((count) => count + 1);
      }),
    [],
  );
  const [days, setDays] = useState<DrawerOpeningsDay[] | undefined>(undefined);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const backwards = isBackwards({ query: '', state: 'all', printer: '', fromDay, toDay });

  useEffect(() => {
    if (backwards) return;
    let current = true;
    api.drawerOpenings(rangeOf(fromDay, toDay, Date.now())).then(
      (answer) => {
        if (!current) return;
        setDays([...answer].sort((a, b) => b.day.localeCompare(a.day) || a.printer.localeCompare(b.printer)));
        setProblem(undefined);
      },
      (error: unknown) => current && setProblem(problemOf(error)),
    );
    return () => {
      current = false;
    };
  }, [fromDay, toDay, version, openings, backwards]);

  if (backwards) return null;
  return (
    <section aria-labelledby="drawer-openings-title" className={styles.drawer} data-testid="drawer-openings">
      <h3 id="drawer-openings-title" className={styles.sectionTitle}>
        {t('drawerTitle')}
      </h3>
      <Text as="p" block size={200} className={styles.note}>
        {fromDay === '' && toDay === '' ? t('drawerLastWeek') : t('drawerChosenDays')}
      </Text>
      {problem && <ProblemBar problem={problem} />}
      {days?.length === 0 && <Text as="p" block>{t('drawerNone')}</Text>}
      {days !== undefined && days.length > 0 && (
        <Table aria-labelledby="drawer-openings-title" size="small" className={styles.drawerTable}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('drawerDay')}</TableHeaderCell>
              <TableHeaderCell>{t('printer')}</TableHeaderCell>
              <TableHeaderCell>{t('drawerCount')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {days.map((entry) => (
              <TableRow key={`${entry.day} ${entry.printer}`}>
                <TableCell>{dayText(entry.day)}</TableCell>
                <TableCell className={styles.wrapCell}>
                  <PrinterName printer={entry.printer} />
                </TableCell>
                <TableCell>{number(entry.openings)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
