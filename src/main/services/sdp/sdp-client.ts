import { SlidingWindowLimiter } from '../intake/rate-limiter';
import { redactOutsideText } from '../http/redact-secrets';
import { ServiceError } from '../http/service-error';
import { asbOf } from './epson-result';
import { HttpAuthenticator } from './http-auth';
import type { InterpretEposPrint, OnlineOrderIntake } from '../intake/online-order-port';
import { runOfferedJob, type JobReport } from './offered-job';
import { readPrintRequest, REQUEST_LIMITS, type PrintRequest } from './request-info';
import { formBody, printResponseInfo, statusMonitor as statusMonitorOf } from './response-info';
import { prepareUrl, type PreparedUrl, type SdpBinding } from './sdp-binding';
import { postForm } from './server-exchange';
import { StatusNotifier } from './status-notifier';

export interface SdpTiming {
  /** One GetRequest, every byte of its answer included. */
  pollTimeoutMs: number;
  /** Polls never come closer than this (a server asking for jobs every 10 ms is held to it), nor further apart. */
  minPollMs: number;
  maxPollMs: number;
  /** One SetResponse or SetStatus. */
  reportTimeoutMs: number;
  /** The binding's fair share: at most so many new jobs a minute; more are answered TooManyRequests. */
  jobsPerMinute: number;
  /** The wait for one job's outcome, whatever `<timeout>` says (a server may ask for 0 or for a day). */
  minJobWaitMs: number;
  maxJobWaitMs: number;
  /** SetResponses not delivered are kept and sent again before the next GetRequest; at most this many. */
  maxUndelivered: number;
}

export const DEFAULT_SDP_TIMING: SdpTiming = {
  pollTimeoutMs: 15_000,
  minPollMs: 1_000,
  maxPollMs: 300_000,
  reportTimeoutMs: 10_000,
  jobsPerMinute: 60,
  minJobWaitMs: 5_000,
  maxJobWaitMs: 120_000,
  maxUndelivered: 64,
};

/** What the window shows about one binding. */
export interface SdpActivity {
  lastPollAt: number | null;
  /** The last GetRequest reached the server and it answered like an SDP server. */
  connected: boolean;
  jobsPrinted: number;
  lastJob: JobReport | null;
  /** The last failure, for logs and support; the window words `kind`. */
  lastError: { kind: string; detail: string } | null;
}

interface Undelivered {
  body: string;
  printjobid: string | undefined;
}

/**
 * Ticketera as an Epson TM-i for one Server Direct Print server and one of its printers: posts GetRequest at the
 * interval, prints each `<ePOSPrint>` it is given through the injected interpreter and intake, and reports each job
 * with SetResponse (kept and sent again until delivered, as the printer does); SetStatus goes to the status URL at
 * its own interval (status-notifier). Exactly once by printjobid: a job offered again because our SetResponse was
 * lost is answered again from what the service knows, not printed again.
 */
export class SdpClient {
  private readonly timing: SdpTiming;
  private readonly server: PreparedUrl;
  private readonly auth: HttpAuthenticator;
  private readonly limiter: SlidingWindowLimiter;
  private readonly stop = new AbortController();
  private readonly undelivered: Undelivered[] = [];
  private readonly counted = new Set<string>();
  private readonly activity: SdpActivity = { lastPollAt: null, connected: false, jobsPrinted: 0, lastJob: null, lastError: null };
  private readonly notifier: StatusNotifier | undefined;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly binding: SdpBinding,
    private readonly intake: OnlineOrderIntake,
    private readonly interpret: InterpretEposPrint,
    timing: Partial<SdpTiming> = {},
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.timing = { ...DEFAULT_SDP_TIMING, ...timing };
    this.server = prepareUrl(binding.serverUrl, binding.credentials);
    this.auth = new HttpAuthenticator(this.server.credentials);
    this.limiter = new SlidingWindowLimiter(this.timing.jobsPerMinute, 60_000);
    if (binding.statusUrl) {
      const statusUrl = prepareUrl(binding.statusUrl, this.server.credentials);
      this.notifier = new StatusNotifier({
        url: statusUrl,
        auth: new HttpAuthenticator(statusUrl.credentials),
        body: () => formBody('SetStatus', this.identity(), { Status: this.statusXml() }),
        intervalMs: this.bounded((binding.statusIntervalSeconds ?? 60) * 1000),
        timeoutMs: this.timing.reportTimeoutMs,
        signal: this.stop.signal,
        onError: (error) => this.note(error, statusUrl.host),
      });
    }
  }

  snapshot(): SdpActivity {
    return { ...this.activity };
  }

  start(): void {
    if (this.running) return;
    this.notifier?.start();
    this.running = this.loop();
  }

  async close(): Promise<void> {
    this.stop.abort();
    this.wake?.();
    await Promise.all([this.running, this.notifier?.closed()]);
  }

  /** One GetRequest and whatever it brings, reported: "test this server". */
  async pollOnce(): Promise<SdpActivity> {
    await this.cycle();
    return this.snapshot();
  }

  private async loop(): Promise<void> {
    while (!this.stop.signal.aborted) {
      const started = Date.now();
      await this.cycle();
      const wait = Math.max(0, this.bounded((this.binding.pollIntervalSeconds ?? 5) * 1000) - (Date.now() - started));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** One round: undelivered reports first, then a GetRequest and its jobs. Never throws. */
  private async cycle(): Promise<void> {
    try {
      await this.deliverUndelivered();
      // While the server cannot take our reports, ask for nothing new: a TM-i does not either.
      if (this.undelivered.length > 0) return;
      const request = await this.getRequest();
      if (request) await this.runJobs(request);
    } catch (error) {
      this.activity.connected = false;
      this.note(error, this.server.host);
    }
  }

  private async getRequest(): Promise<PrintRequest | undefined> {
    this.activity.lastPollAt = Date.now();
    const bytes = await this.post(formBody('GetRequest', this.identity()), this.timing.pollTimeoutMs, REQUEST_LIMITS.maxBytes);
    const read = readPrintRequest(new TextDecoder().decode(bytes));
    if (read.kind === 'unreadable') throw new ServiceError({ kind: 'bad-response', service: 'sdp', retryable: false, attempts: 1, cause: read.detail });
    this.activity.connected = true;
    if (read.kind === 'none') return undefined;
    if (read.request.leftOver > 0) this.note({ kind: 'too-many-jobs', detail: `${read.request.leftOver} jobs past ${REQUEST_LIMITS.maxJobs} in one answer were not taken` }, this.server.host);
    return read.request;
  }

  /** Jobs one after another, as the printer prints them; each reported as soon as it is known. */
  private async runJobs(request: PrintRequest): Promise<void> {
    for (const job of request.jobs) {
      if (this.stop.signal.aborted) return;
      const report = await runOfferedJob(job, {
        serverUrl: this.server.url,
        printer: this.binding.printer,
        deviceId: this.binding.deviceId,
        label: this.binding.label ?? this.server.host,
        intake: this.intake,
        interpret: this.interpret,
        limiter: this.limiter,
        minWaitMs: this.timing.minJobWaitMs,
        maxWaitMs: this.timing.maxJobWaitMs,
      });
      this.record(report);
      const responseFile = printResponseInfo({ devid: job.devid, printjobid: job.printjobid, result: report.result }, request.version);
      await this.report({ body: formBody('SetResponse', this.identity(), { ResponseFile: responseFile }), printjobid: job.printjobid });
    }
  }

  private async report(item: Undelivered): Promise<void> {
    try {
      await this.post(item.body, this.timing.reportTimeoutMs, 64 * 1024);
    } catch (error) {
      // Kept and sent again before the next GetRequest; the oldest give way past the bound (the job itself is safe:
      // offered again, it is answered from what the service knows).
      this.undelivered.push(item);
      if (this.undelivered.length > this.timing.maxUndelivered) this.undelivered.shift();
      this.note(error, this.server.host);
    }
  }

  private async deliverUndelivered(): Promise<void> {
    while (this.undelivered.length > 0 && !this.stop.signal.aborted) {
      const item = this.undelivered[0] as Undelivered;
      await this.post(item.body, this.timing.reportTimeoutMs, 64 * 1024);
      this.undelivered.shift();
    }
  }

  private post(body: string, timeoutMs: number, maxBodyBytes: number): Promise<Uint8Array> {
    return postForm({ url: this.server.url, body, timeoutMs, maxBodyBytes, auth: this.auth, secrets: this.server.secrets, signal: this.stop.signal });
  }

  private identity(): { id: string; name: string } {
    return { id: this.binding.deviceId, name: this.binding.name };
  }

  private statusXml(): string {
    return statusMonitorOf(asbOf(this.intake.status(this.binding.printer)));
  }

  private record(report: JobReport): void {
    this.activity.lastJob = report;
    if (report.outcome?.kind === 'printed' && report.id !== undefined && !this.counted.has(report.id)) {
      this.counted.add(report.id);
      this.activity.jobsPrinted += 1;
    }
    if (report.result.success) this.activity.lastError = null;
    else this.note({ kind: report.result.code || 'job', detail: report.problem ?? report.outcome?.mensaje ?? `job answered ${report.result.code}` }, this.server.host);
  }

  private note(error: unknown, host: string): void {
    const facts = error instanceof ServiceError ? { kind: error.kind, detail: error.message } : isNote(error) ? error : { kind: 'bad-response', detail: String(error) };
    const detail = redactOutsideText(facts.detail, { secrets: this.server.secrets });
    this.activity.lastError = { kind: facts.kind, detail };
    this.log(`sdp ${host} (${this.binding.name || this.binding.deviceId || 'printer'}): ${facts.kind}: ${detail}`);
  }

  private bounded(ms: number): number {
    return Math.min(this.timing.maxPollMs, Math.max(this.timing.minPollMs, ms));
  }
}

const isNote = (value: unknown): value is { kind: string; detail: string } =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string' && typeof (value as { detail?: unknown }).detail === 'string';
