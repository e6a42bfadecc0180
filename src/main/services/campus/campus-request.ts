import { redactSecrets } from '../http/error-meaning';

/**
 * The longest answer read. The changelog (the larger method) is about 2 KB after years of changes; 1 MiB leaves room
 * for decades and stops a wrong address (a video, a log file) from filling the memory of the shop's computer.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A URL fit for a log line: the `key` parameter's value replaced, and any other secret removed. */
export function redactedUrl(url: string, secrets: readonly string[] = []): string {
  try {
    const parsed = new URL(url);
    if (parsed.searchParams.has('key')) parsed.searchParams.set('key', 'redacted');
    return redactSecrets(parsed.toString(), secrets);
  } catch {
    return redactSecrets(url.replace(/([?&]key=)[^&#]*/gi, '$1redacted'), secrets);
  }
}
