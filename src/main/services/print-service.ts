import path from 'node:path';
import type { PrinterDetail, PrinterSummary } from '../../shared/printers';
import type { JournalDamage } from './journal/journal-damage';
import { JournalError, type JournalProblem } from './journal/journal-error';
import { JobJournal, type NewJob } from './journal/job-journal';
import type { JobRecord } from './journal/job-record';
import type { PrinterCatalog } from './printers/printer-catalog';
import type { TransportFactory } from './printers/printer-transport';
import { PrintQueue, type Encoder } from './queue/print-queue';
import { profileFor } from '../../shared/printer-profiles/find-profile';
import { blockerOf, type PrinterLiveStatus } from '../../shared/printer-status/live-status';
import { summarizePrinters } from './printers/printer-summary';
import { withDirectPrinters } from './printer-status/direct-printers';
import { DEFAULT_MONITOR_TIMING, type MonitorTiming } from './printer-status/printer-monitor';
import { PrinterMonitors } from './printer-status/printer-monitors';
import { isSpoolerQueue } from './printers/printer-uri';
import { DEFAULT_HELD_JOB_EXPIRY_MINUTES } from './service-config';

export interface PrintServiceOptions {
  dataDir: string;
  capacity: number;
  catalog: PrinterCatalog;
  transports: TransportFactory;
  encode: Encoder;
  /** The model set for each printer (by name) in the window: jobs to it are encoded for that printer profile. */
  printerProfiles?: readonly { printer: string; model: string }[];
  /** Finished jobs kept in the history. */
  historyLimit?: number;
  /** How often an unwritable journal (full disk) is tried again. */
  journalRetryMs?: number;
  /** The configured default printer (a name or URI): watched from the start when it reads back. */
  defaultPrinter?: string | undefined;
  /** How printers that read back are asked about themselves (tests shorten it). */
  monitorTiming?: Partial<MonitorTiming>;
  /** How long a held job waits for "print now" before it is discarded by itself (default an hour). */
  heldExpiryMs?: number;
  /** How often held jobs are checked for expiry. */
  expiryCheckMs?: number;
  log?: (line: string) => void;
}

export interface QueueSnapshot {
  current: number;
  capacity: number;
  paused: boolean;
  jobsProcessed: number;
  jobsFailed: number;
  running: boolean;
}

/**
 * The print service without its transports: journal, queue, worker and printers, started from a data dir.
 * The WebSocket server, the CLI and the Electron app all drive it through this one object.
 */
export class PrintService {
  readonly queue: PrintQueue;
  readonly journal: JobJournal;
  readonly catalog: PrinterCatalog;
  /** Printers that read back (TCP, USB), each asked about itself on a schedule and around every job. */
  readonly monitors: PrinterMonitors;
  readonly startedAt = Date.now();
  private listed: PrinterDetail[] | undefined;
  private readonly expiryTimer: NodeJS.Timeout;
  /** The model set for the printer a URI names, as jobs to it are encoded (a reprint compares it with the job's). */
  readonly printerModelAt: (uri: string) => Promise<string | undefined>;
  /** Jobs found cut off mid-print at start-up (now marked INTERRUPTED_TEXT, `EXECUTION: interrupted: …`). */
  interruptedAtStart = 0;
  /** False until the journal could be read at start-up (a full disk delays it; printing starts once it can). */
  private recovered = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PrintServiceOptions) {
    this.journal = new JobJournal(path.join(options.dataDir, 'journal.sqlite'));
    this.catalog = options.catalog;
    const printerModel = (uri: string): Promise<string | undefined> => modelAt(options.catalog, options.printerProfiles ?? [], uri);
    this.printerModelAt = printerModel;
    this.monitors = new PrinterMonitors({
      transports: options.transports,
      timing: { ...DEFAULT_MONITOR_TIMING, ...options.monitorTiming },
      profileOf: async (uri) => profileFor(await printerModel(uri)),
    });
    this.monitors.on('status', (status, alerts) => {
      if (alerts.includes('drawer-opened')) this.recordDrawerOpening(status.uri);
    });
    options.catalog.onListing?.((list) => {
      this.listed = list.printers;
    });
    this.queue = new PrintQueue({
      journal: this.journal,
      catalog: options.catalog,
      transports: options.transports,
      encode: options.encode,
      printerModel,
      monitors: this.monitors,
      capacity: options.capacity,
      ...(options.log ? { log: options.log } : {}),
    });
    this.journal.on('problem', (problem) => this.onJournalProblem(problem));
    this.recoverJournal();
    this.watchConfiguredPrinters();
    this.expiryTimer = setInterval(() => this.expireHeldJobs(), options.expiryCheckMs ?? 60_000);
    this.expiryTimer.unref();
  }

  /** The default printer and every printer with a model set are watched before their first job. */
  private watchConfiguredPrinters(): void {
    const names = [this.options.defaultPrinter, ...(this.options.printerProfiles ?? []).map((entry) => entry.printer)];
    for (const name of names) {
      if (!name?.trim()) continue;
      void this.catalog
        .resolve(name)
        .then((uri) => (isSpoolerQueue(uri) ? undefined : this.monitors.monitorFor(uri)))
        .catch(() => undefined);
    }
  }

  private recordDrawerOpening(uri: string): void {
    try {
      this.journal.recordDrawerOpening(uri);
    } catch (error) {
      if (!(error instanceof JournalError)) throw error;
      this.options.log?.(`A drawer opening on ${uri} could not be recorded: ${error.message}`);
    }
  }

  /** Held jobs past their expiry are discarded for good (they were never going to print by themselves). */
  expireHeldJobs(now = Date.now()): number {
    const expiryMs = this.options.heldExpiryMs ?? DEFAULT_HELD_JOB_EXPIRY_MINUTES * 60_000;
    let expired = 0;
    try {
      for (const id of this.journal.heldBefore(now - expiryMs)) if (this.journal.release(id, 'expired')) expired += 1;
    } catch (error) {
      if (!(error instanceof JournalError)) throw error;
    }
    if (expired > 0) this.queue.emit('changed');
    return expired;
  }

  /** The owner dropped a held job: it will never print. False when the job is not held. */
  discardHeld(id: string): boolean {
    const discarded = this.journal.release(id, 'discarded');
    if (discarded) this.queue.emit('changed');
    return discarded;
  }

  /** Why a held job cannot be printed now (its printer still cannot print), or null when it can. */
  heldJobBlocker(id: string): ReturnType<typeof blockerOf> {
    const record = this.job(id);
    if (record?.outcome !== 'held' || !record.printerUri) return null;
    const status = this.monitors.statusOf(record.printerUri);
    return status ? blockerOf(status) : null;
  }

  /** What each printer that reads back last said about itself. */
  printerStatuses(): PrinterLiveStatus[] {
    return this.monitors.statuses();
  }

  /** Why the journal cannot be written right now (new tickets are refused meanwhile), or null. */
  get journalProblem(): JournalProblem | null {
    return this.journal.problem;
  }

  /** Damage found in the journal at start-up, with what was kept and what may be lost. */
  get journalDamage(): JournalDamage | null {
    return this.journal.damage;
  }

  /** Reads what the last run left (jobs to print, jobs cut off) once the journal can be read. */
  private recoverJournal(): void {
    if (this.recovered) return;
    try {
      const { pending, interrupted } = this.journal.recover();
      this.recovered = true;
      this.interruptedAtStart = interrupted;
      this.queue.restore(pending);
      if (this.journal.damage) this.options.log?.(`JOURNAL DAMAGED: ${this.journal.damage.message}`);
      this.journal.prune(this.options.historyLimit ?? 10_000);
    } catch (error) {
      if (!(error instanceof JournalError)) throw error;
    }
  }

  private onJournalProblem(problem: JournalProblem | null): void {
    if (problem === null) {
      clearInterval(this.retryTimer);
      this.retryTimer = undefined;
      this.options.log?.('The journal can be written again; printing resumes / El diario vuelve a escribirse');
      this.recoverJournal();
      return;
    }
    this.options.log?.(`Journal problem: ${problem.detail}; new tickets are refused until it clears`);
    if (this.retryTimer) return;
    this.retryTimer = setInterval(() => void this.journal.probe(), this.options.journalRetryMs ?? 1_000);
    this.retryTimer.unref();
  }

  submit(job: NewJob): Promise<number> {
    return this.queue.accept(job);
  }

  /** Whole seconds since the service started (/health, the dashboard and the window all show it). */
  uptimeSeconds(now = Date.now()): number {
    return Math.floor((now - this.startedAt) / 1000);
  }

  snapshot(): QueueSnapshot {
    const stats = this.queue.stats;
    return {
      current: this.queue.current,
      capacity: this.queue.capacity,
      paused: this.queue.isPaused,
      jobsProcessed: stats.processed,
      jobsFailed: stats.failed,
      running: stats.running,
    };
  }

  /** The system's printers and the ones Ticketera reaches directly, each with its freshest status. */
  async printers(): Promise<{ printers: PrinterDetail[]; summary: PrinterSummary }> {
    const list = await this.catalog.list();
    const statuses = this.monitors.statuses();
    if (statuses.length === 0) return list;
    const printers = withDirectPrinters(list.printers, statuses, await this.defaultUri());
    return { printers, summary: summarizePrinters(printers) };
  }

  printerSummary(): PrinterSummary {
    const summary = this.catalog.lastSummary();
    const statuses = this.monitors.statuses();
    if (statuses.length === 0 || !this.listed) return summary;
    return summarizePrinters(withDirectPrinters(this.listed, statuses, this.defaultUriNow));
  }

  private defaultUriNow: string | undefined;

  private async defaultUri(): Promise<string | undefined> {
    const configured = this.options.defaultPrinter?.trim();
    this.defaultUriNow = configured ? await this.catalog.resolve(configured).catch(() => undefined) : undefined;
    return this.defaultUriNow;
  }

  /** The newest jobs; none while the journal cannot be read (the window says why). */
  recentJobs(limit = 50): JobRecord[] {
    try {
      return this.journal.recent(limit).map((record) => this.withUnrecorded(record));
    } catch (error) {
      if (error instanceof JournalError) return [];
      throw error;
    }
  }

  job(id: string): JobRecord | undefined {
    try {
      const record = this.journal.get(id);
      return record && this.withUnrecorded(record);
    } catch (error) {
      if (error instanceof JournalError) return undefined;
      throw error;
    }
  }

  /**
   * A job that finished while the disk was full shows its real outcome, not the `printing` the journal still has, and
   * whether it sent anything: a resend of its id is answered from it, or taken again, by that (known-id.ts).
   */
  withUnrecorded(record: JobRecord): JobRecord {
    const outcome = this.queue.unrecordedFinish(record.id);
    return outcome ? { ...record, state: outcome.state, resultText: outcome.mensaje, finishedAt: outcome.at, outcome: outcome.outcome, bytesSent: outcome.sent } : record;
  }

  async close(): Promise<void> {
    clearInterval(this.retryTimer);
    clearInterval(this.expiryTimer);
    this.monitors.stop();
    await this.queue.stop();
    this.journal.close();
  }
}

/** The model set for the printer a URI names: each configured name is resolved the way jobs are routed. */
async function modelAt(catalog: PrinterCatalog, entries: readonly { printer: string; model: string }[], uri: string): Promise<string | undefined> {
  for (const entry of entries) {
    const resolved = await catalog.resolve(entry.printer).catch(() => undefined);
    if (resolved === uri) return entry.model;
  }
  return undefined;
}
