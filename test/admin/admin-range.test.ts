import { describe, expect, it } from 'vitest';
import { MAX_RANGE_DAYS, addDays, daysOf, localDay, presetRange, rangeDays, rangeProblem } from '../../src/shared/contract/admin-range';
import { millisecondsToMinutes, minutesToMilliseconds } from '../../src/renderer/src/components/admin/speech-minutes';

describe('admin date ranges', () => {
  it('counts both ends, across months and leap days', () => {
    expect(rangeDays('2025-09-29', '2025-10-01')).toBe(3);
    expect(rangeDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(rangeDays('2025-02-28', '2025-03-01')).toBe(2);
    expect(daysOf('2024-12-30', '2025-01-02')).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('allows a whole leap year and refuses one day more', () => {
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeUndefined();
    expect(rangeProblem('2024-01-01', '2025-01-01')).toEqual({ rule: 'range-too-long', days: 367, maxDays: MAX_RANGE_DAYS });
    expect(rangeProblem('2025-03-01', '2025-03-01')).toBeUndefined();
  });

  it('names what is wrong: a missing, impossible or backwards date', () => {
    expect(rangeProblem(undefined, '2025-01-01')).toEqual({ rule: 'date-missing', field: 'from' });
    expect(rangeProblem('2025-01-01', '')).toEqual({ rule: 'date-missing', field: 'to' });
    expect(rangeProblem('2025-02-30', '2025-03-01')).toEqual({ rule: 'date-invalid', field: 'from', value: '2025-02-30' });
    expect(rangeProblem('2025-01-01', '1/2/2025')).toEqual({ rule: 'date-invalid', field: 'to', value: '1/2/2025' });
    expect(rangeProblem('2025-03-02', '2025-03-01')).toEqual({ rule: 'range-backwards', from: '2025-03-02', to: '2025-03-01' });
  });

  it('offers this month, the last 30 days and this year, each ending today and within the rule', () => {
    expect(presetRange('this-month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-14' });
    expect(presetRange('last-30-days', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(rangeDays('2026-01-31', '2026-03-01')).toBe(30);
    expect(presetRange('this-year', '2024-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeUndefined();
  });

  it('takes today from the local calendar, not UTC', () => {
    expect(localDay(new Date(2026, 0, 1, 0, 30))).toBe('2026-01-01');
  });
});

describe('speech-to-text limits: minutes for people, milliseconds for the service', () => {
  it('converts both ways, decimals included, to whole milliseconds', () => {
    expect(minutesToMilliseconds(60)).toBe(3_600_000);
    expect(minutesToMilliseconds(1.5)).toBe(90_000);
    expect(minutesToMilliseconds(0.0001)).toBe(6);
    expect(millisecondsToMinutes(3_600_000)).toBe(60);
    expect(millisecondsToMinutes(90_000)).toBe(1.5);
    expect(minutesToMilliseconds(millisecondsToMinutes(123_456))).toBe(123_456);
  });
});
