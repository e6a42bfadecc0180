import path from 'node:path';
import { STALE_AFTER_MS, type CampusAnswer, type CampusChangelog, type CampusFailure, type CampusStatus } from '../../../shared/contract/campus-types';
import { resolveCampusAccess, type CampusAccess } from '../campus/campus-access';
import { CampusClient } from '../campus/campus-client';
import { changelogDays } from '../campus/changelog-days';
import { WirelessStore } from '../campus/wireless-store';
import type { RetryPolicy } from '../http/retry-policy';
import type { SettingsStore } from '../settings/settings-store';
import { campusAnswer, campusFailureOf, needsPersonToAct } from './campus-failure';

export interface CampusHostOptions {
  dataDir: string;
  settings: SettingsStore;
  /** `TICKETERA_CAMPUS_KEY` / `TICKETERA_CAMPUS_URL` win over the settings. */
  env: NodeJS.ProcessEnv;
  log?: ((line: string) => void) | undefined;
  /** Tests: shorter waits. */
  policy?: RetryPolicy | undefined;
}

export const CAMPUS_FILE = 'campus-wireless.json';
/** The service collects the data daily: asking more often gives the same number and spends the key's requests. */
export const DAILY_MS = 24 * 60 * 60 * 1000;
/** After a failure another day or the network may fix (service down, no data yet), one more try an hour later. */
export const RETRY_AFTER_TROUBLE_MS = 60 * 60 * 1000;

/**
 * The campus Wi-Fi status as the app runs it: the last good value kept on disk, refreshed daily by a timer (and on
 * demand from the window), with the key and address in force read again on every call. Never throws at start: printing
 * must not depend on the campus service or its file. `close` clears the timer and cancels a refresh in flight.
 */
export class CampusHost {
  private readonly store: WirelessStore;
  private timer: NodeJS.Timeout | undefined;
  private nextAt: number | null = null;
  private inFlight: { promise: Promise<CampusStatus>; controller: AbortController } | undefined;
  private signature: string;
  private closed = false;

  constructor(private readonly options: CampusHostOptions) {
    // The key in force is known (and so redacted) before the kept file is read: an older version stored trace IDs
    // and messages as the server sent them.
    this.signature = this.signatureNow();
    this.store = new WirelessStore(path.join(options.dataDir, CAMPUS_FILE), options.log);
    this.schedule();
  }

  access(): CampusAccess {
    return resolveCampusAccess({
      env: this.options.env,
      savedKey: this.options.settings.secret('campusApiKey'),
      savedServerUrl: this.options.settings.settings.campusBaseUrl,
    });
  }

  status(now = Date.now()): CampusStatus {
    const access = this.access();
    const { lastGood, lastFailure, lastAttemptAt } = this.store.current;
    return {
      keySet: access.apiKey !== undefined,
      keyFixedBy: access.apiKeySource === 'TICKETERA_CAMPUS_KEY' ? 'TICKETERA_CAMPUS_KEY' : null,
      lastGood,
      lastFailure,
      lastAttemptAt,
      nextRefreshAt: this.nextAt,
      stale: lastGood !== null && (lastFailure !== null || now - lastGood.fetchedAt > STALE_AFTER_MS),
      refreshing: this.inFlight !== undefined,
    };
  }

  /** Asks the service now; a refresh already running is joined, never doubled. */
  refresh(): Promise<CampusStatus> {
    if (this.inFlight) return this.inFlight.promise;
    const controller = new AbortController();
    const promise = this.fetchWireless(controller.signal).finally(() => {
      this.inFlight = undefined;
      this.schedule();
    });
    this.inFlight = { promise: promise.then(() => this.status()), controller };
    return this.inFlight.promise;
  }

  changelog(): Promise<CampusAnswer<CampusChangelog>> {
    return campusAnswer(async () => {
      const envelope = await this.client().changelog('json');
      return { version: envelope.meta.version, days: changelogDays(envelope.data) };
    });
  }

  /** After a settings change: another key or address is tried at once (the person just set it and wants to see it). */
  settingsChanged(): void {
    const signature = this.signatureNow();
    if (signature === this.signature) return;
    this.signature = signature;
    this.inFlight?.controller.abort();
    if (this.access().apiKey) this.refreshInBackground();
    else this.schedule();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.nextAt = null;
    this.inFlight?.controller.abort();
  }

  private client(): CampusClient {
    const access = this.access();
    return new CampusClient({ apiKey: access.apiKey, serverUrl: access.serverUrl, ...(this.options.policy ? { policy: this.options.policy } : {}) });
  }

  private async fetchWireless(signal: AbortSignal): Promise<void> {
    try {
      const envelope = await this.client().wireless('json', signal);
      if (signal.aborted) return;
      this.store.succeeded({ ...envelope.data, fetchedAt: Date.now() });
    } catch (error) {
      const failure = campusFailureOf(error);
      if (!failure) throw error;
      // Cancelled by close() or by a new key: not a failure of the service, nothing to record.
      if (failure.reason === 'service' && failure.failure.kind === 'cancelled') return;
      this.store.failed(failure, Date.now());
      this.options.log?.(`Campus Wi-Fi refresh failed: ${describeFailure(failure)}`);
    }
  }

  /** The next automatic refresh: a day after the last good one, an hour after a passing trouble, none without a key. */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.nextAt = null;
    if (this.closed || !this.access().apiKey) return;
    const { lastGood, lastAttemptAt, lastFailure } = this.store.current;
    const now = Date.now();
    let at: number;
    if (lastFailure && lastAttemptAt !== null) at = lastAttemptAt + (needsPersonToAct(lastFailure) ? DAILY_MS : RETRY_AFTER_TROUBLE_MS);
    else if (lastGood) at = lastGood.fetchedAt + DAILY_MS;
    else at = now;
    this.nextAt = Math.max(now, at);
    this.timer = setTimeout(() => this.refreshInBackground(), this.nextAt - now);
    // The timer alone never keeps the process alive (the print service does).
    this.timer.unref();
  }

  /** Nobody waits on these: a bug shows in the log instead of an unhandled rejection. */
  private refreshInBackground(): void {
    this.refresh().catch((error: unknown) => this.options.log?.(`Campus Wi-Fi refresh: ${(error as Error).message}`));
  }

  private signatureNow(): string {
    const access = this.access();
    return JSON.stringify([access.apiKey ?? '', access.serverUrl]);
  }
}

/** For the log: kinds and codes only, never the key or the address with it. */
function describeFailure(failure: CampusFailure): string {
  if (failure.reason === 'campus') return `${failure.problem}${failure.code !== undefined ? ` (meta.status ${failure.code})` : ''}`;
  return `${failure.failure.kind}${failure.failure.status !== undefined ? ` (HTTP ${failure.failure.status})` : ''}`;
}
