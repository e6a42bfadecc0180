import type { AdminKey, TagAggregation, UsageGrouping, UsageReport } from '../../../shared/contract/admin-types';
import { parseBoundedJson } from '../http/bounded-json';
import { customTagPageOf, keyListOf, keyOf, usageReportOf, type CustomTagPage } from './admin-answers';
import { AnswerShapeError } from './answer-reader';

/** Which admin answer a body is, and what the request asked for (the answer's echo of it is checked). */
export type AdminShape = { shape: 'keys' } | { shape: 'key' } | { shape: 'usage'; groupBy: UsageGrouping | null } | { shape: 'tag-page'; aggregateBy: TagAggregation };

export interface AdminValues {
  keys: AdminKey[];
  key: AdminKey;
  usage: UsageReport;
  'tag-page': CustomTagPage;
}

/** What reading an admin answer found, as plain data (what crosses threads): the value, or why it cannot be used. */
export type AdminReading = { kind: 'read'; value: AdminValues[keyof AdminValues] } | { kind: 'unreadable'; detail: string };

function valueOf(value: unknown, shape: AdminShape): AdminValues[keyof AdminValues] {
  switch (shape.shape) {
    case 'keys':
      return keyListOf(value);
    case 'key':
      return keyOf(value, 'developer key');
    case 'usage':
      return usageReportOf(value, shape.groupBy);
    case 'tag-page':
      return customTagPageOf(value, shape.aggregateBy);
  }
}

/**
 * An admin answer parsed and checked field by field (admin-answers). Pure and synchronous: answers over a few KiB are
 * read on a thread of their own (http/read-off-thread), as a 16 MiB one holds a thread for seconds. Anything other than
 * the expected failures is a bug and is thrown.
 */
export function readAdminBody(text: string, shape: AdminShape): AdminReading {
  const parsed = parseBoundedJson(text);
  if (parsed.kind === 'unreadable') return { kind: 'unreadable', detail: `the answer ${parsed.detail}` };
  try {
    return { kind: 'read', value: valueOf(parsed.value, shape) };
  } catch (error) {
    if (error instanceof AnswerShapeError) return { kind: 'unreadable', detail: error.message };
    throw error;
  }
}
