/** A day as `<input type="date">` keeps it (`2025-05-20`), or '' for none. */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

type Part = 'day' | 'month' | 'year';

/** The order of day, month and year in a locale (es: day month year; en: month day year), from Intl itself. */
export function dayOrder(locale: string): Part[] {
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(2025, 4, 20))
    .map((part) => part.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
}

/** `2025-05-20` as the locale writes it with digits: `20/05/2025` (es), `05/20/2025` (en). */
export function dayText(iso: string, locale: string): string {
  const match = ISO_DAY.exec(iso);
  if (!match) return '';
  const [, year, month, day] = match;
  const values: Record<Part, string> = { day: day as string, month: month as string, year: year as string };
  return dayOrder(locale)
    .map((part) => values[part])
    .join('/');
}

/**
 * What a person typed, read in the locale's order (`20/5/2025`, `20-05-2025`, `20.05.2025`) or year first
 * (`2025-05-20`), as `2025-05-20`; '' for an empty text; null when it is no real day (31/02/2025).
 */
export function dayFromText(text: string, locale: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  // Year first (2025-05-20, as computers write it) is unambiguous in every locale.
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) return dayFromText([iso[3], iso[2], iso[1]].join('/'), 'es');
  const numbers = trimmed.split(/[/.\-\s]+/);
  const order = dayOrder(locale);
  if (numbers.length !== 3 || numbers.some((number) => !/^\d{1,4}$/.test(number))) return null;
  const at = (part: Part): number => Number(numbers[order.indexOf(part)]);
  const year = at('year');
  const month = at('month');
  const day = at('day');
  const date = new Date(year, month - 1, day);
  if (year < 1000 || date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
