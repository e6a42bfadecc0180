import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../threads/start-worker';
import type { CheckpointReply } from './checkpoint-messages';

/** How long writes may pile up in the log before they are copied into the journal file. */
const CHECKPOINT_EVERY_MS = 500;

/**
 * Keeps the journal's write-ahead log short from a thread of its own. SQLite would otherwise checkpoint inside
 * whichever commit crosses 1,000 log pages, on the event loop, fsyncs included: the stall that made the slowest
 * acks. `onUnavailable` is called once if the thread cannot run, so the journal goes back to SQLite's own
 * checkpoints rather than letting the log grow.
 */
export class Checkpointer {
  private worker: Worker | null = null;
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  private busy = false;
  private disabled = false;
  /** The last answer, for tests and diagnostics. */
  last: CheckpointReply | null = null;

  constructor(
    private readonly file: string,
    private readonly onUnavailable: (reason: string) => void,
  ) {}

  /** Called after every write: a checkpoint follows within CHECKPOINT_EVERY_MS. */
  wrote(): void {
    this.dirty = true;
    if (this.timer || this.busy || this.disabled) return;
    this.timer = setTimeout(() => this.run(), CHECKPOINT_EVERY_MS);
    this.timer.unref();
  }

  /** Resolves with the next checkpoint's answer (tests). */
  nextCheckpoint(): Promise<CheckpointReply> {
    return new Promise((resolve) => this.thread()?.once('message', resolve) ?? resolve({ ok: false, reason: 'no thread' }));
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.worker?.terminate();
    this.worker = null;
  }

  private run(): void {
    this.timer = null;
    const worker = this.thread();
    if (!worker) return;
    this.dirty = false;
    this.busy = true;
    worker.postMessage('checkpoint');
  }

  private thread(): Worker | null {
    if (this.worker) return this.worker;
    try {
      const worker = startWorker('checkpoint-worker', path.join(__dirname, 'checkpoint-worker.ts'), { workerData: { file: this.file } });
      worker.unref();
      worker.on('message', (reply: CheckpointReply) => {
        this.last = reply;
        this.busy = false;
        if (this.dirty) this.wrote();
      });
      worker.on('error', (error) => this.unavailable(error.message));
      worker.on('exit', () => {
        if (this.worker === worker) this.unavailable('the checkpoint thread stopped');
      });
      this.worker = worker;
      return worker;
    } catch (error) {
      this.unavailable(error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  private unavailable(reason: string): void {
    if (this.disabled) return;
    this.disabled = true;
    this.worker = null;
    this.busy = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.onUnavailable(reason);
  }
}
