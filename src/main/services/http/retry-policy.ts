/**
 * How long and how often a client of an outside service tries. Every client (translation, admin, campus) takes its
 * numbers from here so "how patient is Ticketera" is decided in one place.
 */
export interface RetryPolicy {
  /** One attempt's limit: connect + answer. */
  attemptTimeoutMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The whole call, waits included: past it we stop even if attempts remain. */
  totalBudgetMs: number;
  /** First backoff wait; doubled per retry, with jitter, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Text a cashier waits for at the counter (translating a ticket, the language list): a healthy answer takes well
 * under a second, so 10 s means the service is in trouble; three attempts inside 20 s give a busy service (429/503)
 * two more chances, and after 20 s the person would rather print the original than keep a customer waiting.
 */
export const INTERACTIVE_POLICY: RetryPolicy = {
  attemptTimeoutMs: 10_000,
  maxAttempts: 3,
  totalBudgetMs: 20_000,
  baseDelayMs: 500,
  maxDelayMs: 4_000,
};

/**
 * Uploading or downloading a document: files of several megabytes over a shop's ADSL line need a minute, and
 * nobody stands waiting (a progress bar runs), so more patience: 60 s per attempt, 3 attempts, 3 minutes in all.
 */
export const DOCUMENT_TRANSFER_POLICY: RetryPolicy = {
  attemptTimeoutMs: 60_000,
  maxAttempts: 3,
  totalBudgetMs: 180_000,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
};

/** One status check while a document translates: small and repeated anyway, so quick but tolerant of hiccups. */
export const DOCUMENT_STATUS_POLICY: RetryPolicy = {
  attemptTimeoutMs: 10_000,
  maxAttempts: 4,
  totalBudgetMs: 45_000,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
};

/**
 * The organization admin's pages and CLI: someone waits for a table or a chart, but a year of usage grouped by key
 * and day is a heavier answer than a translation, so 20 s per attempt and 3 attempts within 45 s. Creating a key is
 * sent once only (see admin-client): a retry after a lost answer could create a second key.
 */
export const ADMIN_POLICY: RetryPolicy = {
  attemptTimeoutMs: 20_000,
  maxAttempts: 3,
  totalBudgetMs: 45_000,
  baseDelayMs: 500,
  maxDelayMs: 4_000,
};

/**
 * The campus open-data service: small answers (a count, a changelog of a few KB) that a healthy server gives at once.
 * Nobody waits at the counter — the app refreshes daily in the background, and the panel keeps the last good value —
 * so 10 s per attempt and one retry within 20 s: enough for a hiccup, no hammering of a service that is down.
 */
export const CAMPUS_POLICY: RetryPolicy = {
  attemptTimeoutMs: 10_000,
  maxAttempts: 2,
  totalBudgetMs: 20_000,
  baseDelayMs: 1_000,
  maxDelayMs: 4_000,
};

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so many tills retrying after the same
 * outage do not all come back at the same instant, yet none retries immediately.
 */
export function backoffDelay(policy: RetryPolicy, retryNumber: number, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retryNumber - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}
