const MINUTE_MS = 60_000;

/**
 * A span as a café owner says it: "12 min", "2 h 5 min", "3 d 4 h"; never less than a minute. `Intl`'s unit style
 * gives each language its own abbreviations.
 */
export function durationText(ms: number, locale: string): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE_MS));
  const unit = (value: number, name: 'minute' | 'hour' | 'day'): string =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? unit(days, 'day') : `${unit(days, 'day')} ${unit(hours % 24, 'hour')}`;
}

/** When a held ticket was stopped: the moment it finished as held (the expiry counts from there, as the service does). */
export const heldSince = (job: { finishedAt: number | null; createdAt: number }): number => job.finishedAt ?? job.createdAt;

/** Milliseconds left before the service discards a held ticket (negative once due: it goes within the minute). */
export const msUntilExpiry = (job: { finishedAt: number | null; createdAt: number }, expiryMinutes: number, now: number): number =>
  heldSince(job) + expiryMinutes * MINUTE_MS - now;
