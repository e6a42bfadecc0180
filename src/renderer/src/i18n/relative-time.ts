import { useTranslation } from 'react-i18next';
import { useText } from '.';

const SECOND_MS = 1_000;
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3_600_000],
  ['month', 30 * 24 * 3_600_000],
  ['day', 24 * 3_600_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** The words for a moment less than a minute away, which Intl only has as a count of seconds. */
export interface FewSeconds {
  ago: string;
  ahead: string;
}

/**
 * "hace 3 horas" / "3 hours ago", "ayer" / "yesterday" (and "dentro de 5 horas" for the future) in the window's
 * language, through Intl; under a minute "hace unos segundos" / "a few seconds ago", never "hace 1 min" for a ticket
 * stopped a second ago, nor "hace 12 segundos" ticking away.
 */
export function relativeTime(ms: number, now: number, locale: string, fewSeconds: FewSeconds): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const difference = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(difference) >= size) return format.format(Math.round(difference / size), unit);
  }
  return difference > SECOND_MS ? fewSeconds.ahead : fewSeconds.ago;
}

export function useRelativeTime(): (ms: number, now?: number) => string {
  const { i18n } = useTranslation();
  const t = useText();
  const fewSeconds = { ago: t('fewSecondsAgo'), ahead: t('inFewSeconds') };
  return (ms, now = Date.now()) => relativeTime(ms, now, i18n.language, fewSeconds);
}
