import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../threads/start-worker';
import type { CheckpointReply } from './checkpoint-messages';

/** How long writes may pile up in the log before they are copied into the journal file. */
const CHECKPOINT_EVERY_MS = 500;
/** A log shorter than this is left as it is: copying it would cost a thread for nothing. */
const START_AT_LOG_BYTES = 1024 * 1024;
/** A thread with nothing to copy for this long ends, so an idle service holds no memory for it. */
const IDLE_END_MS = 2_000;

/**
 * Keeps the journal's write-ahead log short from a thread of its own. SQLite would otherwise checkpoint inside
 * whichever commit crosses 1,000 log pages, on the event loop, fsyncs included: a stall of several milliseconds for
 * every till waiting on an `ack`. The thread starts once the log is worth copying and ends when idle.
 * `onUnavailable` is called once if it cannot run, so the journal goes back to SQLite's own checkpoints rather
 * than letting the log grow.
 */
export class Checkpointer {
  private worker: Worker | null = null;
  private timer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private dirty = false;
  private busy = false;
  private disabled = false;
  /** The log's modification time when it was last copied: unchanged means nothing new to copy. */
  private copiedAt = -1;

  constructor(
    private readonly file: string,
    private readonly onUnavailable: (reason: string) => void,
  ) {}

  /** Called after every write: a checkpoint follows within CHECKPOINT_EVERY_MS when the log is long enough. */
  wrote(): void {
    this.dirty = true;
    if (this.timer || this.busy || this.disabled) return;
    this.timer = setTimeout(() => this.run(), CHECKPOINT_EVERY_MS);
    this.timer.unref();
  }

  /** Whether a checkpoint thread is running now (tests). */
  get running(): boolean {
    return this.worker !== null;
  }

  close(): void {
    this.clearTimers();
    this.endThread();
  }

  private run(): void {
    this.timer = null;
    this.dirty = false;
    let log: fs.Stats;
    try {
      log = fs.statSync(`${this.file}-wal`);
    } catch {
      return;
    }
    if (log.mtimeMs === this.copiedAt || (!this.worker && log.size < START_AT_LOG_BYTES)) return;
    const worker = this.thread();
    if (!worker) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.copiedAt = log.mtimeMs;
    this.busy = true;
    worker.postMessage('checkpoint');
  }

  private answered(reply: CheckpointReply): void {
    this.busy = false;
    if (!reply.ok) this.copiedAt = -1;
    if (this.dirty) return this.wrote();
    this.idleTimer = setTimeout(() => this.endThread(), IDLE_END_MS);
    this.idleTimer.unref();
  }

  private thread(): Worker | null {
    if (this.worker) return this.worker;
    try {
      const worker = startWorker('checkpoint-worker', path.join(__dirname, 'checkpoint-worker.ts'), { workerData: { file: this.file } });
      worker.unref();
      worker.on('message', (reply: CheckpointReply) => this.answered(reply));
      worker.on('error', (error) => this.unavailable(worker, error.message));
      worker.on('exit', () => this.unavailable(worker, 'the checkpoint thread stopped'));
      this.worker = worker;
      return worker;
    } catch (error) {
      this.disable(error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  private endThread(): void {
    const worker = this.worker;
    this.worker = null;
    this.busy = false;
    void worker?.terminate();
  }

  /** Only the thread in use matters: one ended on purpose (idle, close) exits too. */
  private unavailable(worker: Worker, reason: string): void {
    if (this.worker === worker) this.disable(reason);
  }

  private disable(reason: string): void {
    if (this.disabled) return;
    this.disabled = true;
    this.clearTimers();
    this.endThread();
    this.onUnavailable(reason);
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.timer = null;
    this.idleTimer = null;
  }
}
