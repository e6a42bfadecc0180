import { useTranslation } from 'react-i18next';

/** A `yyyy-mm-dd` day as a local date (noon, so no time zone moves it to the day before). */
const dateOfDay = (day: string): Date => new Date(`${day}T12:00:00`);

/** Dates, days and amounts of the admin page in the window's language (Intl). */
export function useAdminFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  const numberFormat = new Intl.NumberFormat(locale);
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const minutesFormat = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return {
    /** An ISO date-time from the service, as a date. */
    date: (iso: string): string => {
      const ms = Date.parse(iso);
      return Number.isNaN(ms) ? iso : dateFormat.format(ms);
    },
    day: (day: string): string => dateFormat.format(dateOfDay(day)),
    /** For chart axes: "3 nov". */
    shortDay: (day: string): string => shortDay.format(dateOfDay(day)),
    number: (value: number): string => numberFormat.format(value),
    compact: (value: number): string => compact.format(value),
    minutes: (value: number): string => minutesFormat.format(value),
  };
}
