/**
 * The API limits speech-to-text in milliseconds; people think in minutes. Minutes may be decimal (1.5 = 90 000 ms);
 * the service takes whole milliseconds, so the conversion rounds to the nearest one.
 */
export const MS_PER_MINUTE = 60_000;

export function minutesToMilliseconds(minutes: number): number {
  return Math.round(minutes * MS_PER_MINUTE);
}

export function millisecondsToMinutes(milliseconds: number): number {
  return milliseconds / MS_PER_MINUTE;
}
