import path from 'node:path';
import type { PrinterDetail, PrinterSummary } from '../../shared/printers';
import type { JournalDamage } from './journal/journal-damage';
import { JournalError, type JournalProblem } from './journal/journal-error';
import { JobJournal, type NewJob } from './journal/job-journal';
import type { JobRecord } from './journal/job-record';
import type { PrinterCatalog } from './printers/printer-catalog';
import type { TransportFactory } from './printers/printer-transport';
import { PrintQueue, type Encoder } from './queue/print-queue';

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
  readonly startedAt = Date.now();
  /** Jobs found cut off mid-print at start-up (now marked `EXECUTION: interrupted`). */
  interruptedAtStart = 0;
  /** False until the journal could be read at start-up (a full disk delays it; printing starts once it can). */
  private recovered = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PrintServiceOptions) {
    this.journal = new JobJournal(path.join(options.dataDir, 'journal.sqlite'));
    this.catalog = options.catalog;
    this.queue = new PrintQueue({
      journal: this.journal,
      catalog: options.catalog,
      transports: options.transports,
      encode: options.encode,
      printerModel: (uri) => modelAt(options.catalog, options.printerProfiles ?? [], uri),
      capacity: options.capacity,
      ...(options.log ? { log: options.log } : {}),
    });
    this.journal.on('problem', (problem) => this.onJournalProblem(problem));
    this.recoverJournal();
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

  printers(): Promise<{ printers: PrinterDetail[]; summary: PrinterSummary }> {
    return this.catalog.list();
  }

  printerSummary(): PrinterSummary {
    return this.catalog.lastSummary();
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

  /** A job that finished while the disk was full shows its real outcome, not the `printing` the journal still has. */
  private withUnrecorded(record: JobRecord): JobRecord {
    const outcome = this.queue.unrecordedFinish(record.id);
    return outcome ? { ...record, state: outcome.state, resultText: outcome.mensaje, finishedAt: outcome.at } : record;
  }

  async close(): Promise<void> {
    clearInterval(this.retryTimer);
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
