import type { ServiceFailure } from './service-failure';

/**
 * The campus open-data service (issue 12) as the window and the command line see it: its two methods read from JSON
 * or XML into the same typed result (services/campus/campus-answers). "Any value can be null", so every field the
 * service fills may be null here; only `meta.status` is required, because success is decided by it.
 */

export const CAMPUS_FORMATS = ['json', 'xml'] as const;
export type CampusFormat = (typeof CAMPUS_FORMATS)[number];

export interface CampusMeta {
  requests: number | null;
  /** Seconds since 1970, as the service sends it. */
  timestamp: number | null;
  /** 200 on success; anything else is a failure even when the HTTP status is 200. */
  status: number;
  message: string | null;
  methodId: number | null;
  /** Sent in the changelog's answer only. */
  version: number | null;
  /** `meta.method` (an empty array or object in every sample): its fields as sent, `{}` when empty. */
  method: Record<string, unknown>;
}

export interface CampusEnvelope<T> {
  meta: CampusMeta;
  data: T;
}

/** `issues` of the wireless method. `count` null means unknown — never show it as 0. */
export interface WirelessAuth {
  count: number | null;
  /** ISO 8601 with offset, as sent (the sample's is 1969-12-31T19:00:00-05:00: the epoch, i.e. never collected). */
  lastUpdated: string | null;
}

export interface ChangelogEntry {
  /** `Y-m-d`. */
  date: string | null;
  changes: string[];
}

/**
 * The service's own failure codes (its `/server/codes` list), each with what a person should do, plus what the
 * client finds wrong with an answer before reading it. Texts: locales/campus.ts (window), campus-messages.ts (CLI).
 */
export const CAMPUS_PROBLEMS = [
  /** 204: the service has nothing for this method now. Wait; the data is collected daily. */
  'no-data',
  /** 401: the key is wrong. Copy it again from the campus API portal into Settings. */
  'key-invalid',
  /** 403: the key was banned. Ask the campus open-data team for a new one. */
  'key-banned',
  /** 429: the key's request limit is reached. Wait until tomorrow. */
  'limit-reached',
  /** 501: the method does not exist at this address. Check the service address in Settings. */
  'invalid-method',
  /** 511: the service got no key. Set one in Settings. */
  'key-required',
  /** Another `meta.status` than the service's list has. */
  'unexpected-status',
  /** The body is neither JSON (nor JSONP) nor XML: the address points to something else. */
  'unreadable-body',
  /** The body is larger than any answer of these methods can be: not read. */
  'body-too-large',
] as const;
export type CampusProblem = (typeof CAMPUS_PROBLEMS)[number];

/** The meta.status codes of the service's list and what they mean here. */
export const CAMPUS_STATUS_PROBLEMS: Readonly<Record<number, CampusProblem>> = {
  204: 'no-data',
  401: 'key-invalid',
  403: 'key-banned',
  429: 'limit-reached',
  501: 'invalid-method',
  511: 'key-required',
};

/** A campus failure as facts: the service refused (`campus`), or talking to it failed (`service`, shared kinds). */
export type CampusFailure =
  | { reason: 'campus'; problem: CampusProblem; code?: number; serviceMessage?: string }
  | { reason: 'service'; failure: ServiceFailure };

/** Failures travel as data (see AdminAnswer for why). */
export type CampusAnswer<T> = { ok: true; value: T } | { ok: false; failure: CampusFailure };

/** The last good wireless reading the app keeps, with when it was fetched. */
export interface WirelessReading extends WirelessAuth {
  /** ms since 1970, this computer's clock. */
  fetchedAt: number;
}

export interface CampusStatus {
  keySet: boolean;
  /** The environment variable that fixed the key, if any (the window says the key is set outside Settings). */
  keyFixedBy: string | null;
  lastGood: WirelessReading | null;
  /** Why the last attempt failed; null when it worked (or none was made). */
  lastFailure: CampusFailure | null;
  lastAttemptAt: number | null;
  /** When the app asks again by itself; null without a key. */
  nextRefreshAt: number | null;
  /** The value shown is not current: the last attempt failed or it is older than STALE_AFTER_MS. */
  stale: boolean;
  refreshing: boolean;
}

export interface CampusChangelogDay {
  date: string | null;
  changes: string[];
}

export interface CampusChangelog {
  version: number | null;
  /** Newest first, one group per date (entries of the same date joined); undated entries last. */
  days: CampusChangelogDay[];
}

/** The data is collected daily: past two days without a good reading the value no longer describes today. */
export const STALE_AFTER_MS = 48 * 60 * 60 * 1000;

/**
 * How the window colours the authentication issues count. The service gives no baseline, so these are Ticketera's:
 * a campus network always has a few failed sign-ins (a wrong password, an expired certificate), so under 50 a day is
 * normal; 50 to 199 is worth watching (payments by card over Wi-Fi may fail now and then); 200 or more means the
 * Wi-Fi's authentication is failing for many people — check it before blaming the POS or the printer.
 */
export const WIRELESS_WATCH_FROM = 50;
export const WIRELESS_FAILING_FROM = 200;

export type WirelessLevel = 'fine' | 'watch' | 'failing' | 'unknown';

export function wirelessLevel(count: number | null): WirelessLevel {
  if (count === null) return 'unknown';
  if (count >= WIRELESS_FAILING_FROM) return 'failing';
  return count >= WIRELESS_WATCH_FROM ? 'watch' : 'fine';
}

/** ms of a `last_updated`, or null when absent, unreadable or the epoch (the service's way of saying "never"). */
export function collectedAtOf(lastUpdated: string | null): number | null {
  if (lastUpdated === null) return null;
  const at = Date.parse(lastUpdated);
  return Number.isNaN(at) || at <= 0 ? null : at;
}
