import { ApiError, type ErrorCode } from '../../../shared/contract/result';
import { messageOf } from './message-of';

/**
 * What went wrong in a call, kept as the contract's code plus the service's own (technical, English) words: the
 * window says the code in its language and shows the words only as detail.
 */
export interface Problem {
  code: ErrorCode | 'unreachable';
  detail: string;
}

export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) return { code: error.code, detail: error.message };
  // fetch rejects with a TypeError when the service cannot be reached (it may be restarting). Its message is the
  // browser's own English ("Failed to fetch") and says nothing the window's "does not answer" does not: no detail.
  if (error instanceof TypeError) return { code: 'unreachable', detail: '' };
  return { code: 'failed', detail: messageOf(error) };
}
