import i18next from 'i18next';

/**
 * Errors crossing the context bridge arrive as plain Errors; HTTP ones as ApiError: both carry the message. fetch
 * rejects with a TypeError ("Failed to fetch", the browser's own English) when the service cannot be reached: that
 * is said in the window's language instead, since the browser's words add nothing.
 */
export const messageOf = (error: unknown): string =>
  error instanceof TypeError ? i18next.t('problemUnreachable') : error instanceof Error ? error.message : String(error);
