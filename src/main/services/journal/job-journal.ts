import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Checkpointer } from './checkpointer';
import { damagedFilesFolder, keepCopies, moveAside, unreadableJournal, walDamage, type JournalDamage } from './journal-damage';
import { JournalError, journalProblemOf, type JournalProblem } from './journal-error';
import type { JobFilter } from './job-query';
import type { JobSource } from '../../../shared/contract/job-source';
import { CANCELLED_TEXT, type JobOutcome } from '../../../shared/contract/types';
import { INTERRUPTED_TEXT, type JobPrint, type JobRecord, type JobState } from './job-record';
import { countsOf, earlierPrintsOf, printerNames, queryJobs } from './journal-queries';
import { INSERT_JOBS, INSERT_ROW, ROWS_PER_INSERT, prepare, toRecord, type JobRow, type Statements } from './journal-rows';
import { DAMAGE_CODES, DamageFound, configure } from './journal-schema';
import { documentDigest } from './ticket-digest';
import { searchTextOf } from './ticket-search-text';
import { inspectWal } from './wal-inspection';

export interface NewJob {
  id: string;
  datos: unknown;
  requestedPrinter: string | null;
}

/** An accepted job with its document already serialized (and bounded) before it joins a group commit. */
export interface StoredJob extends NewJob {
  datosJson: string;
  /** Where it came from (the queue always tells); without one it is stored as unknown, like jobs from before. */
  source?: JobSource;
  /**
   * The id is in the journal already, finished without putting anything on paper (see printedNothing): this is a new
   * attempt under it, written over that one instead of inserted.
   */
  again?: boolean;
}

/** Thrown for an attempt again whose journal entry is no longer one that printed nothing (it changed meanwhile). */
export class NotRetryableError extends Error {
  constructor(readonly id: string) {
    super(`the ticket ${JSON.stringify(id)} is no longer one that printed nothing, so it was not taken again`);
  }
}

/** Failures of the disk or the file (as opposed to a constraint a caller broke): they make the journal unwritable. */
const STORAGE_CODES = /^(SQLITE_(FULL|IOERR|CANTOPEN|READONLY|BUSY|LOCKED|NOMEM|PROTOCOL|CORRUPT|NOTADB)|E[A-Z]+$)/;
const isStorageFailure = (error: unknown): boolean => error instanceof DamageFound || STORAGE_CODES.test(String((error as { code?: unknown } | null)?.code));

/**
 * The durable record of every accepted job (SQLite, WAL). A job is written and flushed to disk before its `ack`
 * leaves, so an acknowledged ticket survives a crash or a power cut; its state then moves queued → printing →
 * success|error, `printing` flushed before the job's bytes leave.
 *
 * It never takes the process down: the file is opened on first use (a full disk at start-up is retried, not fatal),
 * a damaged journal or log is kept aside and reported in `damage`, and every failed read or write throws a
 * JournalError and sets `problem` until a later write succeeds (`problem` events tell the service).
 */
export class JobJournal extends EventEmitter<{ problem: [problem: JournalProblem | null] }> {
  private db: Database.Database | null = null;
  private statements: Statements | null = null;
  /** Multi-row INSERTs by row count, for the connection in `db` (see insertOf). */
  private readonly inserts = new Map<number, Database.Statement>();
  private walChecked = false;
  private currentProblem: JournalProblem | null = null;
  private logHandle: FileHandle | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private nextFlush: Promise<void> | null = null;
  private checkpointer: Checkpointer | null = null;
  /**
   * Every id the journal holds, so the resend check of a new ticket (nearly all of them) costs a set lookup instead
   * of a read of the journal on the event loop.
   */
  private readonly knownIds = new Set<string>();
  /** Set when the journal or its log was found damaged at start-up. */
  damage: JournalDamage | null = null;

  constructor(readonly file: string) {
    super();
  }

  get problem(): JournalProblem | null {
    return this.currentProblem;
  }

  /** Writes a batch of accepted jobs in one durable transaction (one fsync for all of them). */
  insertMany(jobs: readonly StoredJob[], now = Date.now()): void {
    const fresh = jobs.some((job) => job.again) ? jobs.filter((job) => !job.again) : jobs;
    this.write((statements, db) =>
      db.transaction(() => {
        for (const job of jobs) if (job.again) this.retry(statements, job, now);
        for (let start = 0; start < fresh.length; start += ROWS_PER_INSERT) {
          const part = fresh.slice(start, start + ROWS_PER_INSERT);
          const values: unknown[] = [];
          for (const job of part) {
            values.push(job.id, job.datosJson, job.requestedPrinter, now, searchTextOf(job.datos), job.source?.kind ?? null, job.source?.label ?? null);
          }
          this.insertOf(part.length, statements, db).run(values);
        }
      })(),
    );
    for (const job of jobs) this.knownIds.add(job.id);
  }

  /**
   * Writes an attempt again over one that printed nothing; throws NotRetryableError when the entry is not one (any
   * more: printed by hand, cancelled or discarded since it was looked at).
   */
  private retry(statements: Statements, job: StoredJob, now: number): void {
    const { changes } = statements.retry.run(job.datosJson, job.requestedPrinter, searchTextOf(job.datos), job.source?.kind ?? null, job.source?.label ?? null, now, job.id, CANCELLED_TEXT);
    if (changes !== 1) throw new NotRetryableError(job.id);
  }

  /**
   * One INSERT of `rows` tickets. A group commit's tickets are written by one statement per ROWS_PER_INSERT instead of
   * one each: each statement run costs the event loop a native call and a result object, ~2 µs of a ticket's ~13 µs
   * of journal time under the bench's load. Prepared once per batch size.
   */
  private insertOf(rows: number, statements: Statements, db: Database.Database): Database.Statement {
    if (rows === 1) return statements.insert;
    let insert = this.inserts.get(rows);
    if (!insert) {
      insert = db.prepare(`${INSERT_JOBS} ${Array.from({ length: rows }, () => INSERT_ROW).join(', ')}`);
      this.inserts.set(rows, insert);
    }
    return insert;
  }

  /** `model`: the printer profile the bytes were encoded for, so a reprint can tell when the printer changed since. */
  markPrinting(id: string, printerUri: string, now = Date.now(), model: string | null = null): void {
    this.write((statements) => statements.start.run(printerUri, now, model, id));
  }

  /**
   * Records how a job ended; `printerUri` names the printer of a job refused before it was sent to it. `sent`: whether
   * any byte may have reached the printer (left out: as `markPrinting` said, none when it never started).
   */
  markFinished(
    id: string,
    state: 'success' | 'error',
    resultText: string,
    now = Date.now(),
    outcome: JobOutcome = state === 'success' ? 'delivered' : 'failed',
    printerUri: string | null = null,
    sent?: boolean,
  ): void {
    this.write((statements) => statements.finish.run(state, resultText, now, outcome, printerUri, sent === undefined ? null : sent ? 1 : 0, id));
  }

  /** Held jobs, oldest first (at most `limit`). */
  held(limit = 500): JobRecord[] {
    return this.read((statements) => statements.held.all(limit) as JobRow[]).map(toRecord);
  }

  /** Held jobs that were held before `before` (ms): the expiry's candidates. */
  heldBefore(before: number): string[] {
    return this.read((statements) => statements.heldBefore.all(before) as Array<{ id: string }>).map((row) => row.id);
  }

  /** Drops a held job for good (`discarded` by the owner, `expired`); false when it is not held. */
  release(id: string, outcome: 'discarded' | 'expired'): boolean {
    return this.write((statements) => statements.release.run(outcome, id).changes === 1);
  }

  recordDrawerOpening(printerUri: string, at = Date.now()): void {
    this.write((statements) => statements.drawerOpened.run(printerUri, at));
  }

  /** Each recorded drawer opening in [from, to), oldest first. */
  drawerOpenings(from: number, to: number): Array<{ printer: string; at: number }> {
    return this.read((statements) => statements.drawerOpenings.all(from, to) as Array<{ printer: string; at: number }>);
  }

  /** Puts a finished job back in the queue for a manual reprint; false when the job is unknown or unfinished. */
  requeue(id: string, now = Date.now()): boolean {
    // One transaction: the earlier print is kept exactly when the job goes back to the queue.
    return this.write((statements, db) => db.transaction(() => statements.keepPrint.run(id).changes === 1 && statements.requeue.run(now, id).changes === 1)());
  }

  /** The job's earlier prints, oldest first (the latest one is the job itself). */
  earlierPrints(id: string): JobPrint[] {
    return this.read((statements) => earlierPrintsOf(statements, id));
  }

  get(id: string): JobRecord | undefined {
    if (this.statements && !this.knownIds.has(id)) return undefined;
    const row = this.read((statements) => statements.get.get(id) as JobRow | undefined);
    return row && toRecord(row);
  }

  /**
   * The fingerprint of the document stored under `id` (see ticket-digest), undefined when the id is unknown. Made from
   * the stored document when an id comes again, never kept: a digest per accepted ticket cost ~20 µs of the service's
   * thread (more than the rest of an accept), and a known id is rare.
   */
  digestOf(id: string): string | undefined {
    if (this.statements && !this.knownIds.has(id)) return undefined;
    const row = this.read((statements) => statements.document.get(id) as { datos: string } | undefined);
    return row && documentDigest(JSON.parse(row.datos) as unknown);
  }

  recent(limit: number): JobRecord[] {
    return this.read((statements) => statements.recent.all(limit) as JobRow[]).map(toRecord);
  }

  /** One page of the jobs a filter matches, newest first, and how many match in all. */
  query(filter: JobFilter): { jobs: JobRecord[]; total: number } {
    return this.read((_statements, db) => queryJobs(db, filter));
  }

  /**
   * Prints since `since` (ms) by state, by when each ended (a reprint counts on its own day, a job created before
   * midnight and printed after counts after); jobs waiting or printing by when they were asked for. Cancelled ones
   * apart from the other failures.
   */
  countsSince(since: number, cancelledText: string): Record<JobState | 'cancelled', number> {
    return this.read((statements) => countsOf(statements, since, cancelledText));
  }

  /** Every printer the history names (asked for or used), for a filter; the virtual printer once, by either name. */
  printers(limit = 200): string[] {
    return this.read((statements) => printerNames(statements, limit));
  }

  /**
   * Finishes a job that never left the queue as failed with `resultText`. False when it is not `queued` in the
   * journal (already printing, finished, unknown, or not yet stored): then nothing changed.
   */
  cancel(id: string, resultText: string, now = Date.now()): boolean {
    return this.write((statements) => statements.cancel.run(resultText, now, id).changes === 1);
  }

  /**
   * After a crash: jobs caught mid-print are marked INTERRUPTED_TEXT (`EXECUTION: interrupted: …`, kept for a manual
   * reprint, never printed twice silently); jobs never started come back, oldest first, to be printed.
   */
  recover(now = Date.now()): { pending: JobRecord[]; interrupted: number } {
    const interrupted = this.write((statements) => statements.interrupt.run(INTERRUPTED_TEXT, now).changes);
    const pending = this.read((statements) => statements.byState.all('queued') as JobRow[]).map(toRecord);
    return { pending, interrupted };
  }

  /** Keeps the history bounded: finished jobs older than the newest `keep` are forgotten. */
  prune(keep: number): number {
    const removed = this.write((statements) => statements.prune.run(keep).changes);
    if (removed > 0) this.write((statements) => statements.pruneprints.run());
    if (removed > 0) this.loadKnownIds();
    return removed;
  }

  /**
   * Takes back jobs whose batch could not be made durable (their tickets were refused, so they must not print): new
   * ones are deleted; attempts again end as not taken with `resultText`, nothing sent, as the attempt before them.
   */
  forget(jobs: readonly Pick<StoredJob, 'id' | 'again'>[], resultText: string, now = Date.now()): void {
    this.write((statements, db) =>
      db.transaction(() => {
        for (const job of jobs) {
          if (job.again) statements.undoRetry.run(resultText, now, job.id);
          else statements.forget.run(job.id);
        }
      })(),
    );
    for (const job of jobs) if (!job.again) this.knownIds.delete(job.id);
  }

  /** A small durable write that tells whether the journal can be written again (after a full disk was cleared). */
  async probe(now = Date.now()): Promise<boolean> {
    try {
      this.write((statements) => statements.probe.run(now));
      await this.flush();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Makes every write so far survive a power cut. Writes commit without waiting for the disk (synchronous=NORMAL in
   * WAL mode: safe against a crash of the process, not of the machine); what must not go on before its write is on
   * disk (the `ack`, sending a job's bytes) awaits this. The fsync of the log runs on a libuv thread, so the ~1 ms it
   * takes never blocks the event loop, and callers that arrive while one runs share the next.
   */
  flush(): Promise<void> {
    if (this.nextFlush) return this.nextFlush;
    const next = this.flushing
      .catch(() => undefined)
      .then(async () => {
        this.nextFlush = null;
        try {
          this.logHandle ??= await fs.promises.open(`${this.file}-wal`, 'r+');
          await this.logHandle.sync();
        } catch (error) {
          throw this.failed(error);
        }
        if (this.currentProblem) this.setProblem(null);
      });
    this.nextFlush = next;
    this.flushing = next;
    return next;
  }

  close(): void {
    this.checkpointer?.close();
    this.checkpointer = null;
    try {
      this.db?.close();
    } catch {
      // Closing checkpoints the log; on a full disk that fails and the log simply stays for the next start.
    }
    void this.logHandle?.close().catch(() => undefined);
    this.logHandle = null;
    this.db = null;
    this.statements = null;
    this.inserts.clear();
  }

  private write<T>(work: (statements: Statements, db: Database.Database) => T): T {
    const result = this.read(work);
    this.checkpointer?.wrote();
    if (this.currentProblem) this.setProblem(null);
    return result;
  }

  private loadKnownIds(): void {
    this.knownIds.clear();
    for (const { id } of this.read((statements) => statements.ids.all() as Array<{ id: string }>)) this.knownIds.add(id);
  }

  private read<T>(work: (statements: Statements, db: Database.Database) => T): T {
    try {
      const statements = this.ready();
      return work(statements, this.db as Database.Database);
    } catch (error) {
      if (error instanceof JournalError || !isStorageFailure(error)) throw error;
      throw this.failed(error);
    }
  }

  private failed(error: unknown): JournalError {
    const problem = journalProblemOf(error, this.file);
    // Keep the first moment it went wrong, so "since" means something.
    this.setProblem(this.currentProblem?.kind === problem.kind ? this.currentProblem : problem);
    return new JournalError(this.currentProblem ?? problem);
  }

  private setProblem(problem: JournalProblem | null): void {
    if (problem === this.currentProblem) return;
    this.currentProblem = problem;
    this.emit('problem', problem);
  }

  private ready(): Statements {
    if (this.statements) return this.statements;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    this.checkLogOnce();
    let db = new Database(this.file);
    try {
      configure(db);
    } catch (error) {
      db.close();
      if (!(error instanceof DamageFound) && !DAMAGE_CODES.test(String((error as { code?: unknown }).code))) throw error;
      const folder = damagedFilesFolder(this.file, new Date());
      moveAside(this.file, folder);
      this.damage = unreadableJournal(this.file, folder, (error as Error).message);
      db = new Database(this.file);
      configure(db);
    }
    this.db = db;
    this.inserts.clear();
    this.statements = prepare(db);
    this.loadKnownIds();
    // Checkpoints run on their own thread (see Checkpointer); SQLite's own, inside a commit, only if it cannot start.
    db.pragma('wal_autocheckpoint = 0');
    this.checkpointer = new Checkpointer(this.file, () => this.db?.pragma('wal_autocheckpoint = 1000'));
    return this.statements;
  }

  /** Reads the write-ahead log before SQLite does (SQLite would drop a damaged tail without a word). */
  private checkLogOnce(): void {
    if (this.walChecked) return;
    const walFile = `${this.file}-wal`;
    const wal = inspectWal(walFile);
    if (wal.state === 'damaged') {
      const folder = damagedFilesFolder(this.file, new Date());
      keepCopies(this.file, folder);
      this.damage = walDamage(walFile, folder, wal);
    }
    this.walChecked = true;
  }
}

