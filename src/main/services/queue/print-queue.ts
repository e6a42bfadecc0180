import { EventEmitter } from 'node:events';
import { JobError, resultTextOf } from '../../../shared/job-error';
import { paperDotsOf } from '../../../shared/document/paper';
import { documentProfile } from '../../../shared/printer-profiles/find-profile';
import { CANCELLED_TEXT, type CancelResult } from '../../../shared/contract/types';
import { successText } from '../../../shared/protocol';
import type { JobOutcome } from '../../../shared/contract/types';
import { WINDOW_SOURCE, type JobSource } from '../../../shared/contract/job-source';
import { refusedText } from '../printer-status/check-before-job';
import { PrinterBlockedError, type PrinterMonitor } from '../printer-status/printer-monitor';
import type { PrinterMonitors } from '../printer-status/printer-monitors';
import { NotRetryableError, type JobJournal, type NewJob, type StoredJob } from '../journal/job-journal';
import { JournalError } from '../journal/journal-error';
import type { JobRecord } from '../journal/job-record';
import type { PrinterCatalog } from '../printers/printer-catalog';
import type { PrinterTransport, TransportFactory } from '../printers/printer-transport';
import { isSpoolerQueue } from '../printers/printer-uri';
import { printAllowanceMs } from '../printers/bytes-flow';
import { DoorHoldings, WINDOW_DOOR, restoredDoor, type Door } from './door';
import type { WaitingJob } from './fair-waiting';
import { GroupCommit } from './group-commit';
import { failedBeforeFirstByte, heldText, newLane, refusingBlocker, type PrinterLane } from './printer-lane';
import { serializeTicket } from './serialize-ticket';
import { UnrecordedFinishes, type UnrecordedFinish } from './unrecorded-finishes';

/** Turns a print document into printer bytes (see services/encoding) for a printer of the given model, if set. */
export type Encoder = (datos: unknown, printerModel?: string) => Uint8Array | Promise<Uint8Array>;

export interface PrintQueueOptions {
  journal: JobJournal;
  catalog: PrinterCatalog;
  transports: TransportFactory;
  encode: Encoder;
  /** The model set in the window for the printer at a URI (its profile id), or undefined for none. */
  printerModel?: (uri: string) => Promise<string | undefined>;
  capacity: number;
  /** Printers that read back: jobs to them are watched, confirmed, held or refused by what the printer says. */
  monitors?: PrinterMonitors;
  /** Where failures nobody else hears of go (a job's own failures go to its `result`). */
  log?: (line: string) => void;
}

export interface JobFinished {
  id: string;
  status: 'success' | 'error';
  mensaje: string;
  printerUri: string | null;
  outcome: JobOutcome;
  /** Where the job came from (the window's toast names it); null for a job journaled before sources were kept. */
  source: JobSource | null;
}

interface QueueEvents {
  accepted: [job: NewJob, current: number];
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
  private readonly saver: GroupCommit<StoredJob>;
  /** Ids accepted and not finished (a resent ticket is recognised instead of printed twice), with who holds them. */
  private readonly unfinished = new DoorHoldings();
  private readonly unrecorded: UnrecordedFinishes;
  /** Being made durable, not acknowledged yet: a cancel now would send the POS its `result` before its `ack`. */
  private readonly storing = new Set<string>();
  /** Cancelled while on their way to a lane (routing): dropped when they arrive instead of printed. */
  private readonly cancelledEnRoute = new Set<string>();
  /** Serialises printer resolution so jobs keep their arrival order within a printer. */
  private routing: Promise<void> = Promise.resolve();
  private paused = false;
  private stopped = false;
  private processedCount = 0;
  private failedCount = 0;

  constructor(private readonly options: PrintQueueOptions) {
    super();
    this.unrecorded = new UnrecordedFinishes(options.journal);
    // A full disk fails every ticket of a batch alike; anything else may be one ticket's fault, so retry alone.
    this.saver = new GroupCommit((jobs) => this.save(jobs), (error) => !(error instanceof JournalError));
    options.journal.on('problem', (problem) => {
      if (problem === null) this.journalBack();
      // The window and the tray show whether tickets can be stored.
      this.emit('changed');
    });
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

  /** True when a ticket from `door` would get a slot now (its share of the capacity: see door.ts's shareOf). */
  hasRoomFor(door: Door): boolean {
    return this.unfinished.hasRoomFor(door, this.options.capacity);
  }

  /**
   * Takes a slot, writes the job to the journal and resolves with the queue length once it is durable.
   * `door` is who asks and `source` where from, kept with the job (the service's window when unset). `again`: the id
   * is in the journal, finished without printing anything (printedNothing), and this is a new attempt under it. Throws
   * QueueFullError at capacity or past the door's share, or a JobError (`VALIDATION`/`JSON` for a document that cannot
   * be stored, `EXECUTION` when the journal cannot be written or the entry is no longer one that printed nothing: the
   * ticket was not taken).
   */
  async accept({ door = WINDOW_DOOR, source = WINDOW_SOURCE, again = false, ...job }: NewJob & { door?: Door; source?: JobSource; again?: boolean }): Promise<number> {
    if (!this.hasRoomFor(door)) throw new QueueFullError();
    const datosJson = serializeTicket(job.datos);
    this.unfinished.add(job.id, door, source);
    this.storing.add(job.id);
    const current = this.unfinished.size;
    try {
      // The attempt before ended while the disk was full: its end is written first, so this one is written over a
      // finished entry (a disk still full refuses it as any ticket, not as an id "no longer" free).
      if (again) this.unrecorded.record(job.id);
      await this.saver.add(again ? { ...job, source, datosJson, again } : { ...job, source, datosJson });
    } catch (error) {
      this.unfinished.delete(job.id);
      if (error instanceof NotRetryableError) throw new JobError('EXECUTION', error.message);
      throw error instanceof JournalError ? new JobError('EXECUTION', `the ticket could not be saved: ${error.message}`) : error;
    } finally {
      this.storing.delete(job.id);
    }
    this.emit('accepted', job, current);
    // The caller sends the `ack` as soon as this resolves; routing on the next turn keeps a job that fails at
    // once from reporting its `result` before its `ack`.
    setImmediate(() => this.route({ ...job, door }));
    return current;
  }

  /** Writes a batch of tickets and waits until it is on disk; a batch that cannot be made durable is taken back. */
  private async save(jobs: readonly StoredJob[]): Promise<void> {
    const { journal } = this.options;
    journal.insertMany(jobs);
    try {
      await journal.flush();
    } catch (error) {
      try {
        journal.forget(jobs, `EXECUTION: the ticket could not be saved: ${(error as Error).message}`);
      } catch {
        this.options.log?.(`Tickets refused but left queued in the journal (${jobs.map((job) => job.id).join(', ')}): the disk failed twice`);
      }
      throw error;
    }
  }

  /** A finished job whose outcome is not in the journal yet (the disk was full when it finished). */
  unrecordedFinish(id: string): UnrecordedFinish | undefined {
    return this.unrecorded.get(id);
  }

  /**
   * Re-queues jobs found in the journal after a restart (they were acknowledged before the crash). Their connections
   * are gone; each source they came from is one door (see restoredDoor): a till after the restart waits behind one of
   * each source's per turn, not all, and one POS's backlog does not take another's turns.
   */
  restore(pending: readonly JobRecord[]): void {
    for (const record of pending) {
      const door = restoredDoor(record.source);
      this.unfinished.add(record.id, door, record.source);
      this.route({ id: record.id, datos: record.datos, requestedPrinter: record.requestedPrinter, door });
    }
    this.emit('changed');
  }

  /**
   * Prints a finished job again, on purpose. False when the job is unknown or still pending (also while an attempt
   * again under its id is being stored: its journal entry still reads finished).
   */
  reprint(id: string): boolean {
    if (this.unfinished.has(id)) return false;
    const record = this.options.journal.get(id);
    if (!record || !this.options.journal.requeue(id)) return false;
    this.unfinished.add(id, WINDOW_DOOR, record.source);
    this.route({ id: record.id, datos: record.datos, requestedPrinter: record.requestedPrinter, door: WINDOW_DOOR });
    this.emit('changed');
    return true;
  }

  /**
   * Takes a job out of the queue while it still waits, and finishes it as failed with CANCELLED_TEXT so the POS
   * that sent it hears so. Decided at once, on the event loop the worker shares: a job the worker has taken (being
   * encoded, held or printing) is never cancelled, one cancelled is never taken. The journal records it first, so
   * it is not printed after a restart; a JournalError (the journal cannot be written) leaves everything as it was.
   */
  async cancel(id: string): Promise<CancelResult> {
    const { journal } = this.options;
    if (!this.unfinished.has(id)) {
      const record = journal.get(id);
      return { cancelled: false, reason: record?.state === 'success' || record?.state === 'error' ? 'finished' : 'unknown' };
    }
    if (this.takenByWorker(id)) return { cancelled: false, reason: 'already-printing' };
    // A ticket still being stored is not acknowledged yet: as far as anyone knows, it is not in the queue.
    if (this.storing.has(id) || !journal.cancel(id, CANCELLED_TEXT)) return { cancelled: false, reason: 'unknown' };
    if (!this.dropWaiting(id)) this.cancelledEnRoute.add(id);
    const source = this.unfinished.sourceOf(id);
    this.unfinished.delete(id);
    // A cancel is the owner's choice, not a failure of printing: the failed counter stays as it is.
    this.emit('finished', { id, status: 'error', mensaje: CANCELLED_TEXT, printerUri: null, outcome: 'failed', source });
    this.emit('changed');
    // The cancel is committed (a crash of the process keeps it); a failing disk shows as the journal's problem.
    await journal.flush().catch(() => undefined);
    return { cancelled: true };
  }

  private takenByWorker(id: string): boolean {
    return [...this.lanes.values()].some((lane) => lane.currentId === id || lane.held?.job.id === id);
  }

  private dropWaiting(id: string): boolean {
    return [...this.lanes.values()].some((lane) => lane.waiting.remove(id));
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

  private route(job: WaitingJob): void {
    this.routing = this.routing
      .then(async () => {
        let uri: string;
        try {
          uri = await this.options.catalog.resolve(job.requestedPrinter ?? undefined);
        } catch (error) {
          if (!this.cancelledEnRoute.delete(job.id)) this.finish(job.id, null, 'error', resultTextOf(error), false);
          return;
        }
        // A printer's lane keeps the model and monitor it was made with: only a new lane needs them looked up (asking
        // again for every ticket cost promises on the thread that acks, and the answer was not used).
        const lane = this.lanes.get(uri) ?? (await this.newLane(uri));
        if (this.cancelledEnRoute.delete(job.id)) return;
        lane.waiting.push(job);
        this.pump(lane);
      })
      .catch((error: unknown) => this.unexpected(`routing job ${job.id}`, error));
  }

  private async newLane(uri: string): Promise<PrinterLane> {
    const model = await this.options.printerModel?.(uri).catch(() => undefined);
    const monitor = await this.options.monitors?.monitorFor(uri);
    return this.laneFor(uri, model, monitor);
  }

  private laneFor(uri: string, model: string | undefined, monitor: PrinterMonitor | undefined): PrinterLane {
    let lane = this.lanes.get(uri);
    if (!lane) {
      lane = newLane(uri, model, monitor);
      this.lanes.set(uri, lane);
    }
    return lane;
  }

  private pump(lane: PrinterLane): void {
    if (lane.current || this.paused || this.stopped) return;
    // A job that could not be marked `printing` waits, first in its lane, until the journal can be written.
    if (lane.held && this.options.journal.problem) return;
    const waiting = lane.held ? undefined : lane.waiting.shift();
    const next = lane.held ?? (waiting ? { job: waiting, bytes: null } : null);
    if (!next) return;
    lane.held = null;
    lane.currentId = next.job.id;
    lane.current = this.print(lane, next.job, next.bytes)
      .catch((error: unknown) => this.unexpected(`printing job ${next.job.id}`, error))
      .finally(() => {
        lane.current = null;
        lane.currentId = null;
        this.pump(lane);
      });
  }

  private async print(lane: PrinterLane, job: WaitingJob, encoded: Uint8Array | null): Promise<void> {
    const started = performance.now();
    // Decided in the printer's own lane, not while routing: asking a stopped printer again must never hold up jobs
    // for the others. The POS hears at once and can send the sale to another printer.
    const blocker = lane.monitor ? await refusingBlocker(lane.monitor) : null;
    if (blocker) return this.finish(job.id, lane.uri, 'error', `PRINTER: ${refusedText(blocker, lane.uri)}`, false);
    // The way the printer takes jobs (confirmed by its answers, or the plain close in turn) is asked before the first
    // byte, never guessed from "no answer yet": the first job after a start and restored jobs come before any answer.
    // Asked while the job is encoded (it never rejects).
    const confirming = lane.monitor ? lane.monitor.readsBackNow() : Promise.resolve(false);
    let bytes: Uint8Array;
    try {
      bytes = encoded ?? (await this.options.encode(job.datos, lane.model));
    } catch (error) {
      // A document that cannot be encoded never reached the printer: the history does not count it as that printer's.
      return this.finish(job.id, null, 'error', resultTextOf(error), false);
    }
    // The model the bytes were laid out for is kept with the print: a reprint on a printer changed since can say so.
    const profile = documentProfile(job.datos, lane.model);
    // A long receipt takes as long as its paper: delivery gives it that time, not a fixed clock.
    const printMs = printAllowanceMs(bytes, profile.commandSet);
    const confirmed = await confirming;
    // `printing` is written only now that bytes are about to leave: a crash while encoding prints the job again
    // after the restart, a crash from here on marks it interrupted (it may be on paper already).
    try {
      this.options.journal.markPrinting(job.id, lane.uri, Date.now(), profile.id);
      await this.options.journal.flush();
    } catch (error) {
      if (!(error instanceof JournalError)) throw error;
      lane.held = { job, bytes };
      return;
    }
    try {
      if (lane.monitor && confirmed) {
        const delivery = await lane.monitor.deliver(bytes, printMs);
        this.finish(job.id, lane.uri, 'success', successText(performance.now() - started, delivery), true, delivery);
        return;
      }
      await this.transportFor(lane.uri).send({ id: job.id, bytes, paperDots: paperDotsOf(job.datos, profile), model: profile.id, printMs });
      this.finish(job.id, lane.uri, 'success', successText(performance.now() - started), true);
    } catch (error) {
      if (error instanceof PrinterBlockedError) return this.holdLane(lane, job.id, error);
      this.finish(job.id, lane.uri, 'error', resultTextOf(error), !failedBeforeFirstByte(error));
    }
  }

  /**
   * The printer stopped (paper, cover, fault): this job and every job waiting for the printer are held, each POS told
   * at once why. Held jobs never print by themselves; the owner prints or discards them in the window.
   */
  private holdLane(lane: PrinterLane, id: string, error: PrinterBlockedError): void {
    this.finish(id, lane.uri, 'error', heldText(error.detail, lane.uri, 'held'), true, 'held');
    // The tickets behind it never left: none of them can come out by itself, whatever the stopped one may do.
    const notSent = heldText(error.reason, lane.uri, 'not-sent');
    for (const waiting of lane.waiting.takeAll()) this.finish(waiting.id, lane.uri, 'error', notSent, false, 'held');
  }

  /** The journal can be written again: record what waited, then let held lanes go on. */
  private journalBack(): void {
    if (!this.unrecorded.recordAll()) return;
    for (const lane of this.lanes.values()) this.pump(lane);
  }

  private unexpected(what: string, error: unknown): void {
    this.options.log?.(`Unexpected failure ${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }

  private transportFor(uri: string): PrinterTransport {
    let transport = this.transports.get(uri);
    if (!transport) {
      transport = this.options.transports(uri);
      this.transports.set(uri, transport);
    }
    return transport;
  }

  /**
   * Records how a job ended and tells its requester. `sent`: whether any byte of it may have reached the printer —
   * false only where that is known (refused, failed or held before its first byte): such a job is not final for its
   * id, and the same id offered again prints (see printedNothing).
   */
  private finish(
    id: string,
    printerUri: string | null,
    status: 'success' | 'error',
    mensaje: string,
    sent: boolean,
    outcome: JobOutcome = status === 'success' ? 'delivered' : 'failed',
  ): void {
    const at = Date.now();
    try {
      this.options.journal.markFinished(id, status, mensaje, at, outcome, printerUri, sent);
    } catch {
      // Full disk (or shutdown): the outcome is kept and written once the journal takes writes again.
      this.unrecorded.keep(id, { state: status, mensaje, at, outcome, sent });
    }
    const source = this.unfinished.sourceOf(id);
    this.unfinished.delete(id);
    if (status === 'success') this.processedCount += 1;
    else this.failedCount += 1;
    this.emit('finished', { id, status, mensaje, printerUri, outcome, source });
    this.emit('changed');
    // A job is when a spooler queue's real state shows (USB printers without bidirectional support report stale
    // status until then). Other printers are not in the system's listing: asking it (an lpstat spawn, which stalls
    // the event loop for milliseconds) would tell nothing about them.
    if (printerUri !== null && isSpoolerQueue(printerUri)) this.options.catalog.refreshAfterJob?.();
  }
}
