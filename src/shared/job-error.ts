import { categorized, type ErrorCategory } from './protocol';

/** A job failure that already knows its protocol category; its message is the exact `result` text. */
export class JobError extends Error {
  constructor(
    readonly category: ErrorCategory,
    readonly detail: string,
  ) {
    super(categorized(category, detail));
    this.name = 'JobError';
  }
}

/** The `result` text for anything a job throws: categorized errors keep their text, the rest become EXECUTION. */
export function resultTextOf(error: unknown): string {
  if (error instanceof JobError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return categorized('EXECUTION', detail || 'unexpected failure');
}
