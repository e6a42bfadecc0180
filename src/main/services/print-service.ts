import path from 'node:path';
import type { PrinterDetail, PrinterSummary } from '../../shared/printers';
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
  /** Finished jobs kept in the history. */
  historyLimit?: number;
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
  readonly interruptedAtStart: number;

  constructor(options: PrintServiceOptions) {
    this.journal = new JobJournal(path.join(options.dataDir, 'journal.sqlite'));
    this.journal.prune(options.historyLimit ?? 10_000);
    this.catalog = options.catalog;
    this.queue = new PrintQueue({
      journal: this.journal,
      catalog: options.catalog,
      transports: options.transports,
      encode: options.encode,
      capacity: options.capacity,
    });
    const { pending, interrupted } = this.journal.recover();
    this.interruptedAtStart = interrupted;
    this.queue.restore(pending);
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

  recentJobs(limit = 50): JobRecord[] {
    return this.journal.recent(limit);
  }

  job(id: string): JobRecord | undefined {
    return this.journal.get(id);
  }

  async close(): Promise<void> {
    await this.queue.stop();
    this.journal.close();
  }
}
