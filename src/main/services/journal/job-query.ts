import type { JobOutcome } from '../../../shared/contract/types';
import { VIRTUAL_PRINTER_LISTED_NAME, VIRTUAL_PRINTER_URI, isVirtualPrinter } from '../../../shared/printers';
import type { JobState } from './job-record';
import { foldForSearch } from './ticket-search-text';

/** Which jobs a page of the history shows. Every field narrows the result; none means every job. */
export interface JobFilter {
  /** Words of the ticket, part of its id, of its technical result, or of where it came from (`cafeole`); case and accents do not matter. */
  query?: string;
  state?: JobState;
  /** How it ended (`held` lists the jobs waiting for the owner). */
  outcome?: JobOutcome;
  /** A printer as the journal names it: the one the ticket asked for, or the URI it went to. */
  printer?: string;
  /** Created at or after (ms). */
  from?: number;
  /** Created before (ms, exclusive: the window sends the midnight after the last day it wants). */
  to?: number;
  offset?: number;
  limit?: number;
}

export const MAX_PAGE_SIZE = 100;

/** `%` and `_` typed in the search box are letters, not wildcards. */
const likeContaining = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The WHERE clause and its parameters for a filter (the values are always bound, never written into the SQL). */
export function whereOf(filter: JobFilter): { where: string; params: Array<string | number> } {
  const clauses: string[] = [];
  const params: Array<string | number> = [];
  const query = filter.query?.trim() ?? '';
  if (query !== '') {
    clauses.push(`(id LIKE ? ESCAPE '\\' OR search_text LIKE ? ESCAPE '\\' OR result_text LIKE ? ESCAPE '\\' OR source_label LIKE ? ESCAPE '\\')`);
    params.push(likeContaining(query), likeContaining(foldForSearch(query)), likeContaining(query), likeContaining(query));
  }
  if (filter.state !== undefined) {
    clauses.push('state = ?');
    params.push(filter.state);
  }
  if (filter.outcome !== undefined) {
    clauses.push('outcome = ?');
    params.push(filter.outcome);
  }
  if (filter.printer !== undefined && isVirtualPrinter(filter.printer)) {
    // A ticket may ask for it by its listed name; once printed it names `virtual`.
    clauses.push('(requested_printer = ? OR lower(requested_printer) = ? OR printer_uri = ?)');
    params.push(VIRTUAL_PRINTER_URI, VIRTUAL_PRINTER_LISTED_NAME.toLowerCase(), VIRTUAL_PRINTER_URI);
  } else if (filter.printer !== undefined) {
    clauses.push('(requested_printer = ? OR printer_uri = ?)');
    params.push(filter.printer, filter.printer);
  }
  if (filter.from !== undefined) {
    clauses.push('created_at >= ?');
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    clauses.push('created_at < ?');
    params.push(filter.to);
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export const pageOf = (filter: JobFilter): { limit: number; offset: number } => ({
  limit: Math.min(Math.max(filter.limit ?? 20, 1), MAX_PAGE_SIZE),
  offset: Math.max(filter.offset ?? 0, 0),
});
