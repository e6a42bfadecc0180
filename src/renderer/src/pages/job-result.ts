import { CANCELLED_TEXT, isInterruptedText } from '../../../shared/contract/types';
import { SUCCESS_TEXT_PATTERN, isErrorCategory, type ErrorCategory } from '../../../shared/protocol';

// Apart from page-parts (which loads the window's stores) so the reading of the service's words is testable alone.

/**
 * A job's `result`: `Print completed in 12ms` (spooler, virtual printer), the same followed by `(printed: …)` when the
 * printer confirmed it on paper or `(delivered: …)` when it took it without confirming, or `CATEGORY: technical detail`
 * (see shared/protocol.ts).
 */
export type JobResult =
  | { kind: 'none' }
  | { kind: 'printed'; ms: number }
  | { kind: 'printed-confirmed'; ms: number }
  | { kind: 'delivered'; ms: number }
  | { kind: 'interrupted' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; category: ErrorCategory; detail: string }
  | { kind: 'other'; detail: string };

export function jobResultOf(text: string | null): JobResult {
  if (text === null || text === '') return { kind: 'none' };
  const printed = SUCCESS_TEXT_PATTERN.exec(text);
  if (printed) {
    const ms = Number(printed[1]);
    if (printed[2] === 'printed') return { kind: 'printed-confirmed', ms };
    if (printed[2] === 'delivered') return { kind: 'delivered', ms };
    return { kind: 'printed', ms };
  }
  if (isInterruptedText(text)) return { kind: 'interrupted' };
  if (text === CANCELLED_TEXT) return { kind: 'cancelled' };
  const categorized = /^([A-Z]+): ([\s\S]*)$/.exec(text);
  const category = categorized?.[1];
  if (categorized && category !== undefined && isErrorCategory(category)) return { kind: 'failed', category, detail: categorized[2] ?? '' };
  return { kind: 'other', detail: text };
}
