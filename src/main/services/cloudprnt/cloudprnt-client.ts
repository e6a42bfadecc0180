import { SlidingWindowLimiter } from '../intake/rate-limiter';
import { redactOutsideText } from '../http/redact-secrets';
import { ServiceError } from '../http/service-error';
import { printerMacOf } from './binding-id';
import { answerClientActions } from './client-actions';
import type { OnlineOrderIntake } from '../intake/online-order-port';
import { DEFAULT_JOB_LIMITS, runJob, type JobLimits, type JobReport } from './job-runner';
import { acceptedMediaTypes } from './media-types';
import { POLL_ANSWER_LIMITS, readPollAnswer, type ClientActionResult, type PollAnswer, type PollRequest } from './poll-messages';
import { cloudPrntStatusOf } from './printer-status-code';
import { exchange } from './server-exchange';
import { MixedAddressesError, routeToServer, type ServerRoute } from './server-route';

export interface CloudPrntBinding {
  /** The URL the server's owner gives (it may carry a query; user:password@ becomes Basic authentication). */
  serverUrl: string;
  /** The Ticketera printer the orders print on (a printer URI or `default`). */
  printer: string;
  /** Shown in Jobs as where an order came from (the server's host when left out). */
  label?: string;
  credentials?: { user: string; password: string };
  /** Seconds between polls, 5 when left out (the guide's default). */
  pollIntervalSeconds?: number;
}

export interface CloudPrntTiming {
  pollTimeoutMs: number;
  /** Polls never come closer than this (a flapping status, a server asking for 0 s), nor further than the most. */
  minPollMs: number;
  maxPollMs: number;
  /** The fair share of one binding: after a job the next is taken no sooner, and at most so many a minute. */
  jobGapMs: number;
  jobsPerMinute: number;
  job: JobLimits;
}

export const DEFAULT_TIMING: CloudPrntTiming = {
  pollTimeoutMs: 10_000,
  minPollMs: 1_000,
  maxPollMs: 60_000,
  jobGapMs: 500,
  jobsPerMinute: 30,
  job: DEFAULT_JOB_LIMITS,
};

/** What the window shows about one binding. */
export interface CloudPrntActivity {
  printerMac: string;
  lastPollAt: number | null;
  /** The last poll reached the server and it answered like a CloudPRNT server. */
  connected: boolean;
  jobsPrinted: number;
  lastJob: JobReport | null;
  /** The last failure, for logs and support; the window words `kind`. */
  lastError: { kind: string; detail: string } | null;
}

const SERVICE_FACTS = { service: 'cloudprnt', retryable: false, attempts: 1 } as const;

/**
 * Ticketera as a CloudPRNT device for one server URL and one of its printers: polls with the printer's real status
 * at the poll interval (and at once when that status changes or the server asked for client actions), answers
 * client actions, and takes the jobs offered one at a time (job-runner) within the binding's fair share.
 */
export class CloudPrntClient {
  readonly printerMac: string;
  private readonly timing: CloudPrntTiming;
  private readonly limiter: SlidingWindowLimiter;
  private readonly stop = new AbortController();
  private pendingResults: ClientActionResult[] | null = null;
  private uid: string | undefined;
  private intervalSeconds: number;
  private wake: (() => void) | null = null;
  /** The printer's status changed since the last poll began (a change during a poll must not wait a whole interval). */
  private statusChanged = false;
  private running: Promise<void> | null = null;
  private unwatch: (() => void) | null = null;
  private readonly counted = new Set<string>();
  private readonly activity: CloudPrntActivity;

  constructor(
    private readonly binding: CloudPrntBinding,
    private readonly intake: OnlineOrderIntake,
    timing: Partial<CloudPrntTiming> = {},
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing };
    this.limiter = new SlidingWindowLimiter(this.timing.jobsPerMinute, 60_000);
    this.printerMac = printerMacOf(binding.serverUrl, binding.printer);
    this.intervalSeconds = binding.pollIntervalSeconds ?? 5;
    this.activity = { printerMac: this.printerMac, lastPollAt: null, connected: false, jobsPrinted: 0, lastJob: null, lastError: null };
  }

  snapshot(): CloudPrntActivity {
    return { ...this.activity };
  }

  start(): void {
    if (this.running) return;
    this.unwatch = this.intake.watchStatus(this.binding.printer, () => {
      this.statusChanged = true;
      this.wake?.();
    });
    this.running = this.loop();
  }

  async close(): Promise<void> {
    this.stop.abort();
    this.unwatch?.();
    this.wake?.();
    await this.running;
  }

  /** One poll and whatever it brings (a job is taken, client actions answered on the next poll): "test this server". */
  async pollOnce(): Promise<{ waitMs: number }> {
    const started = Date.now();
    const waitMs = await this.cycle();
    return { waitMs: Math.max(0, waitMs - (Date.now() - started)) };
  }

  private async loop(): Promise<void> {
    while (!this.stop.signal.aborted) {
      const started = Date.now();
      this.statusChanged = false;
      const next = await this.cycle();
      const wait = Math.max(0, next - (Date.now() - started));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, wait);
        // A status change polls at once — also one during the poll, which may have reported the status before it —
        // but never sooner than minPollMs after the last poll began.
        this.wake = () => setTimeout(done, Math.max(0, this.timing.minPollMs - (Date.now() - started)));
        if (this.statusChanged) this.wake();
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
      });
      this.wake = null;
    }
  }

  /** One poll; the time until the next one. Never throws: failures are kept in the activity and logged. */
  private async cycle(): Promise<number> {
    const interval = this.boundedInterval(this.intervalSeconds * 1000);
    let route: ServerRoute | undefined;
    try {
      route = await routeToServer(this.binding.serverUrl, this.timing.pollTimeoutMs);
      const answer = await this.poll(route.dispatcher);
      if (answer.pollInterval !== undefined) this.intervalSeconds = this.boundedInterval(answer.pollInterval * 1000) / 1000;
      if (answer.clientAction.length > 0) {
        // The guide: with client actions the job waits for the next poll, sent as soon as they are handled.
        this.pendingResults = answerClientActions(answer.clientAction, {
          facts: this.intake.describe(this.binding.printer),
          pollIntervalSeconds: this.intervalSeconds,
          encodings: acceptedMediaTypes(this.intake.describe(this.binding.printer)),
          setId: (id) => (this.uid = id || undefined),
        });
        return 0;
      }
      if (!answer.jobReady) return interval;
      if (!this.limiter.allows()) {
        this.note({ kind: 'too-many-jobs', detail: `more than ${this.timing.jobsPerMinute} jobs a minute; the next waits` });
        return interval;
      }
      this.limiter.record();
      const report = await runJob(answer, {
        serverUrl: this.binding.serverUrl,
        printer: this.binding.printer,
        label: this.binding.label ?? new URL(this.binding.serverUrl).host,
        mac: this.printerMac,
        uid: this.uid,
        serverIsPrivate: route.private,
        dispatcher: route.dispatcher,
        credentials: this.binding.credentials,
        intake: this.intake,
        limits: this.timing.job,
        signal: this.stop.signal,
      });
      this.recordJob(report);
      return this.timing.jobGapMs;
    } catch (error) {
      const retryAfter = error instanceof ServiceError ? error.retryAfterMs : undefined;
      this.note(error instanceof ServiceError || error instanceof MixedAddressesError ? { kind: error.kind, detail: error.message } : { kind: 'bad-response', detail: String(error) });
      this.activity.connected = false;
      return retryAfter !== undefined ? this.boundedInterval(retryAfter) : interval;
    } finally {
      await route?.close();
    }
  }

  private async poll(dispatcher: ServerRoute['dispatcher']): Promise<PollAnswer> {
    const { statusCode, asb } = cloudPrntStatusOf(this.intake.status(this.binding.printer));
    const body: PollRequest = {
      status: asb,
      printerMAC: this.printerMac,
      statusCode: encodeURIComponent(statusCode),
      printingInProgress: false,
      clientAction: this.pendingResults,
      ...(this.uid ? { uniqueID: this.uid } : {}),
    };
    this.pendingResults = null;
    this.activity.lastPollAt = Date.now();
    const answer = await exchange({
      url: this.binding.serverUrl,
      method: 'POST',
      body: JSON.stringify(body),
      contentType: 'application/json',
      timeoutMs: this.timing.pollTimeoutMs,
      maxBodyBytes: POLL_ANSWER_LIMITS.maxBytes,
      credentials: this.binding.credentials,
      signal: this.stop.signal,
      dispatcher,
    });
    const read = readPollAnswer(new TextDecoder().decode(answer.bytes));
    if (read.kind === 'unreadable') throw new ServiceError({ ...SERVICE_FACTS, kind: 'bad-response', cause: read.detail });
    this.activity.connected = true;
    return read.answer;
  }

  private recordJob(report: JobReport): void {
    this.activity.lastJob = report;
    if (report.outcome?.kind === 'printed' && report.id !== undefined && !this.counted.has(report.id)) {
      this.counted.add(report.id);
      this.activity.jobsPrinted += 1;
    }
    if (report.problem) this.note({ kind: report.code ?? 'job', detail: report.problem });
    else this.activity.lastError = null;
  }

  private note(error: { kind: string; detail: string }): void {
    const detail = redactOutsideText(error.detail);
    this.activity.lastError = { kind: error.kind, detail };
    this.log(`cloudprnt ${new URL(this.binding.serverUrl).host} (${this.printerMac}): ${error.kind}: ${detail}`);
  }

  private boundedInterval(ms: number): number {
    return Math.min(this.timing.maxPollMs, Math.max(this.timing.minPollMs, ms));
  }
}
