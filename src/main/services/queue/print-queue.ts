import { EventEmitter } from 'node:events';
import { resultTextOf } from '../../../shared/job-error';
import { paperDotsOf } from '../../../shared/document/paper';
import { successText } from '../../../shared/protocol';
import type { JobJournal, NewJob } from '../journal/job-journal';
import type { JobRecord } from '../journal/job-record';
import type { PrinterCatalog } from '../printers/printer-catalog';
import type { PrinterTransport, TransportFactory } from '../printers/printer-transport';
import { GroupCommit } from './group-commit';

/** Turns a print document into printer bytes (see services/encoding). */
export type Encoder = (datos: unknown) => Uint8Array | Promise<Uint8Array>;

export interface PrintQueueOptions {
  journal: JobJournal;
  catalog: PrinterCatalog;
  transports: TransportFactory;
  encode: Encoder;
  capacity: number;
}

export interface JobFinished {
  id: string;
  status: 'success' | 'error';
  mensaje: string;
  printerUri: string | null;
}

interface QueueEvents {
  accepted: [job: NewJob, current: number];
  started: [id: string, printerUri: string];
  finished: [result: JobFinished];
  changed: [];
}

/** Thrown by `accept` when every slot is taken; the server answers with the protocol's queue-full text. */
export class QueueFullError extends Error {
  constructor() {
    super('queue full');
  }
}

/**
 * The bounded job queue and its worker. Jobs are journaled before `accept` resolves, routed to a lane per
 * printer (one slow or offline printer never holds up another), and printed one at a time within a lane.
 */
export class PrintQueue extends EventEmitter<QueueEvents> {
  private readonly lanes = new Map<string, PrinterLane>();
  private readonly transports = new Map<string, PrinterTransport>();
  private readonly saver: GroupCommit<NewJob>;
  /** Ids accepted and not finished, so a resent ticket is recognised instead of printed twice. */
  private readonly unfinished = new Set<string>();
  /** Serialises printer resolution so jobs keep their arrival order within a printer. */
  private routing: Promise<void> = Promise.resolve();
  private paused = false;
  private stopped = false;
  private processedCount = 0;
  private failedCount = 0;

  constructor(private readonly options: PrintQueueOptions) {
    super();
    this.saver = new GroupCommit((jobs) => options.journal.insertMany(jobs));
  }

  get capacity(): number {
    return this.options.capacity;
  }

  /** Jobs accepted and not yet finished (waiting or printing). */
  get current(): number {
    return this.unfinished.size;
  }

  /** True while the job is waiting or printing. */
  isPending(id: string): boolean {
    return this.unfinished.has(id);
  }

  get isPaused(): boolean {
    return this.paused;
  }

  get stats(): { processed: number; failed: number; running: boolean } {
    return { processed: this.processedCount, failed: this.failedCount, running: !this.stopped && !this.paused };
  }

  /**
   * Takes a slot, writes the job to the journal and resolves with the queue length once it is durable.
   * Throws QueueFullError at capacity, or the journal's error when the job could not be saved.
   */
  async accept(job: NewJob): Promise<number> {
    if (this.unfinished.size >= this.options.capacity) throw new QueueFullError();
    this.unfinished.add(job.id);
    const current = this.unfinished.size;
    try {
      await this.saver.add(job);
    } catch (error) {
      this.unfinished.delete(job.id);
      throw error;
    }
    this.emit('accepted', job, current);
    // The caller sends the `ack` as soon as this resolves; routing on the next turn keeps a job that fails at
    // once from reporting its `result` before its `ack`.
    setImmediate(() => this.route(job));
    return current;
  }

  /** Re-queues jobs found in the journal after a restart (they were acknowledged before the crash). */
  restore(pending: readonly JobRecord[]): void {
    for (const record of pending) {
      this.unfinished.add(record.id);
      this.route({ id: record.id, datos: record.datos, requestedPrinter: record.requestedPrinter });
    }
    this.emit('changed');
  }

  /** Prints a finished job again, on purpose. False when the job is unknown or still pending. */
  reprint(id: string): boolean {
    const record = this.options.journal.get(id);
    if (!record || !this.options.journal.requeue(id)) return false;
    this.unfinished.add(id);
    this.route({ id: record.id, datos: record.datos, requestedPrinter: record.requestedPrinter });
    this.emit('changed');
    return true;
  }

  pause(): void {
    this.paused = true;
    this.emit('changed');
  }

  resume(): void {
    this.paused = false;
    for (const lane of this.lanes.values()) this.pump(lane);
    this.emit('changed');
  }

  /** Stops taking new work and waits (bounded) for the jobs being printed right now. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    const printing = [...this.lanes.values()].flatMap((lane) => (lane.current ? [lane.current] : []));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled(printing), timeout]);
    clearTimeout(timer);
  }

  private route(job: NewJob): void {
    this.routing = this.routing.then(async () => {
      let uri: string;
      try {
        uri = await this.options.catalog.resolve(job.requestedPrinter ?? undefined);
      } catch (error) {
        this.finish(job.id, null, 'error', resultTextOf(error));
        return;
      }
      const lane = this.laneFor(uri);
      lane.waiting.push(job);
      this.pump(lane);
    });
  }

  private laneFor(uri: string): PrinterLane {
    let lane = this.lanes.get(uri);
    if (!lane) {
      lane = { uri, waiting: [], current: null };
      this.lanes.set(uri, lane);
    }
    return lane;
  }

  private pump(lane: PrinterLane): void {
    if (lane.current || this.paused || this.stopped) return;
    const job = lane.waiting.shift();
    if (!job) return;
    lane.current = this.print(lane.uri, job).finally(() => {
      lane.current = null;
      this.pump(lane);
    });
  }

  private async print(uri: string, job: NewJob): Promise<void> {
    const started = performance.now();
    this.options.journal.markPrinting(job.id, uri);
    this.emit('started', job.id, uri);
    try {
      const bytes = await this.options.encode(job.datos);
      await this.transportFor(uri).send({ id: job.id, bytes, paperDots: paperDotsOf(job.datos) });
      this.finish(job.id, uri, 'success', successText(performance.now() - started));
    } catch (error) {
      this.finish(job.id, uri, 'error', resultTextOf(error));
    }
  }

  private transportFor(uri: string): PrinterTransport {
    let transport = this.transports.get(uri);
    if (!transport) {
      transport = this.options.transports(uri);
      this.transports.set(uri, transport);
    }
    return transport;
  }

  private finish(id: string, printerUri: string | null, status: 'success' | 'error', mensaje: string): void {
    try {
      this.options.journal.markFinished(id, status, mensaje);
    } catch {
      // The journal is closing (shutdown); the job stays `printing` and is reported as interrupted on restart.
    }
    this.unfinished.delete(id);
    if (status === 'success') this.processedCount += 1;
    else this.failedCount += 1;
    this.emit('finished', { id, status, mensaje, printerUri });
    this.emit('changed');
    // A job is when a printer's real state shows (USB printers without bidirectional support report stale status).
    this.options.catalog.refreshAfterJob?.();
  }
}

interface PrinterLane {
  uri: string;
  waiting: NewJob[];
  current: Promise<void> | null;
}
