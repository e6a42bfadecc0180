import type { AdminRuleBreak } from './admin-types';

/**
 * Date ranges of the admin analytics, shared by the client's checks before sending and the window's picker so both
 * apply the same rule. Days are `yyyy-mm-dd`; both ends are included (a range from a day to itself is one day).
 */

/** The service refuses longer ranges ("Date range cannot exceed 366 days"); a leap year is exactly this long. */
export const MAX_RANGE_DAYS = 366;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a real calendar day (`2025-02-30` is not one), or undefined. */
export function dayNumber(day: string): number | undefined {
  const parts = DAY.exec(day);
  if (!parts) return undefined;
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const ms = Date.UTC(year, month - 1, date);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return undefined;
  return ms / MS_PER_DAY;
}

export const isDay = (value: string): boolean => dayNumber(value) !== undefined;

export function dayFromNumber(number: number): string {
  return new Date(number * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const number = dayNumber(day);
  if (number === undefined) throw new RangeError(`not a day: ${day}`);
  return dayFromNumber(number + days);
}

/** Days from `from` to `to`, both included. */
export function rangeDays(from: string, to: string): number {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === undefined || end === undefined) throw new RangeError(`not a range: ${from}..${to}`);
  return end - start + 1;
}

/** Every day of the range, in order. */
export function daysOf(from: string, to: string): string[] {
  const count = Math.max(0, rangeDays(from, to));
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

/** Why a range cannot be asked for, or undefined when it can. */
export function rangeProblem(from: string | undefined, to: string | undefined): AdminRuleBreak | undefined {
  if (!from) return { rule: 'date-missing', field: 'from' };
  if (!to) return { rule: 'date-missing', field: 'to' };
  if (!isDay(from)) return { rule: 'date-invalid', field: 'from', value: from };
  if (!isDay(to)) return { rule: 'date-invalid', field: 'to', value: to };
  const days = rangeDays(from, to);
  if (days < 1) return { rule: 'range-backwards', from, to };
  if (days > MAX_RANGE_DAYS) return { rule: 'range-too-long', days, maxDays: MAX_RANGE_DAYS };
  return undefined;
}

export const RANGE_PRESETS = ['this-month', 'last-30-days', 'this-year'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** A preset ending today (`today` is the local day, the caller's clock). */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'this-month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'this-year':
      return { from: `${today.slice(0, 5)}01-01`, to: today };
  }
}

/** The local calendar day of a moment (not UTC: a shop in Madrid at 00:30 is already in the new day). */
export function localDay(moment: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}
