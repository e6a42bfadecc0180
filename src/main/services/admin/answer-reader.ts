import { quotedOutsideValue } from '../http/redact-secrets';

/**
 * Small typed readers for the service's JSON answers. Each takes the value and where it sits (`usage_report.total_usage`)
 * and throws AnswerShapeError naming that place, so an odd answer becomes a clear error rather than a blank chart.
 */
export class AnswerShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path} ${problem}`);
    this.name = 'AnswerShapeError';
  }
}

export type Fields = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return quotedOutsideValue(value);
  return typeof value === 'object' ? 'an object' : String(value);
}

export function readObject(value: unknown, path: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AnswerShapeError(path, `is ${describe(value)}, expected an object`);
  return value as Fields;
}

export function readArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new AnswerShapeError(path, `is ${describe(value)}, expected an array`);
  return value;
}

export function readString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new AnswerShapeError(path, `is ${describe(value)}, expected a string`);
  return value;
}

/** A count or an amount: finite and not negative (a decimal where `decimal`, else a whole number). */
export function readNumber(value: unknown, path: string, kind: 'whole' | 'decimal' = 'whole'): number {
  const expected = kind === 'whole' ? 'a whole number' : 'a number';
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new AnswerShapeError(path, `is ${describe(value)}, expected ${expected}`);
  if (value < 0) throw new AnswerShapeError(path, `is ${value}, expected ${expected} of at least 0`);
  if (kind === 'whole' && !Number.isInteger(value)) throw new AnswerShapeError(path, `is ${value}, expected ${expected}`);
  return value;
}

export function readBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new AnswerShapeError(path, `is ${describe(value)}, expected true or false`);
  return value;
}

/** One of the listed values (an echo of what we asked for). */
export function readChoice<const T extends readonly string[]>(value: unknown, path: string, allowed: T): T[number] {
  const text = readString(value, path);
  if (!(allowed as readonly string[]).includes(text)) throw new AnswerShapeError(path, `is ${quotedOutsideValue(text)}, expected one of ${allowed.join(', ')}`);
  return text;
}

/** The day of a date-time (`2025-09-29T00:00:00`, `2025-09-29T00:00:00Z`): the service reports whole days. */
export function readDay(value: unknown, path: string): string {
  const text = readString(value, path);
  const day = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(text)?.[1];
  if (!day || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new AnswerShapeError(path, `is ${quotedOutsideValue(text)}, expected a date`);
  return day;
}
