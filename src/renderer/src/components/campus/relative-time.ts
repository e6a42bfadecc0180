import { useTranslation } from 'react-i18next';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3_600_000],
  ['month', 30 * 24 * 3_600_000],
  ['day', 24 * 3_600_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "hace 3 horas" / "3 hours ago" (and "en 5 horas" for the future) in the window's language, through Intl. */
export function relativeTime(ms: number, now: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const difference = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(difference) >= size) return format.format(Math.round(difference / size), unit);
  }
  return format.format(0, 'minute');
}

export function useRelativeTime(): (ms: number, now?: number) => string {
  const { i18n } = useTranslation();
  return (ms, now = Date.now()) => relativeTime(ms, now, i18n.language);
}
