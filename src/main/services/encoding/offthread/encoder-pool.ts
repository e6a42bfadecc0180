import { documentProfile } from '../../../../shared/printer-profiles/find-profile';
import { DEFAULT_JOB_LIMITS, type JobLimits } from '../../../../shared/document/job-limits';
import { paperDotsOf } from '../../../../shared/document/paper';
import { previewBounds } from '../../../../shared/escpos/render-escpos';
import { JobError } from '../../../../shared/job-error';
import type { EncodeOptions } from '../encode-document';
import type { PreviewPicture } from '../preview-document';
import type { EncoderJob } from './encoder-messages';
import { EncoderThread, type EncoderOutcome } from './encoder-thread';
import { isHeavyJob } from './heavy-job';
import { DEFAULT_MARK_TEXTS, type MarkTexts } from '../../../../shared/escpos/mark-texts';

export interface EncoderPoolOptions {
  /** Threads at most: 2 suits the 2-core shop PCs (one heavy logo never holds up another printer's receipt). */
  threads?: number;
  /** Time and heap budgets for each job, and the defaults for what `encode` checks. */
  limits?: JobLimits;
  /** The words of the knife's band in the images, read at each preview (the window's language may change). */
  marks?: () => MarkTexts;
  /** Threads beyond the first that stay idle this long are ended, giving their memory back. */
  idleMs?: number;
  /** A thread holding more than this after a job (heap and buffers) is ended at once and replaced by a fresh one. */
  retireAboveMb?: number;
}

export const DEFAULT_ENCODER_THREADS = 2;
/**
 * Measured on the bundled service: a fresh thread holds ~23 MB, one that printed a few receipts ~34 MB (V8 lets it
 * creep to ~57 MB over ~50 receipts before collecting), one that decoded a 16-megapixel logo ~110 MB and one that
 * refused 100k text commands ~65 MB; a thread starts in ~120 ms. Above 48 MB a thread is replaced by a fresh one
 * once it has been idle 2 s (a run of logos keeps its thread), so memory returns to idle after any job.
 */
export const DEFAULT_RETIRE_ABOVE_MB = 48;
export const DEFAULT_IDLE_MS = 30_000;
/** How long a thread left big by a job waits for more work before it is replaced by a fresh one. */
const BIG_THREAD_IDLE_MS = 2_000;

interface Task {
  job: EncoderJob;
  /** See isHeavyJob: heavy jobs never take the last free thread while the pool has more than one. */
  heavy: boolean;
  resolve: (outcome: EncoderOutcome) => void;
  reject: (error: Error) => void;
}

/**
 * Encodes documents and renders previews on a small pool of worker threads, each job under its time and memory
 * budget (see EncoderThread). Jobs wait in arrival order for a free thread, so a heavy logo for one printer holds
 * one thread while another printer's receipt takes the next. Threads start on demand; a thread a job killed, or that
 * a job left big, is replaced by a fresh one; extra threads end when idle. So the process's memory returns to its
 * idle size (the service and one warm thread) after any job. Never keeps the process alive on its own.
 */
export class EncoderPool {
  private readonly size: number;
  private readonly limits: JobLimits;
  private readonly marks: () => MarkTexts;
  private readonly idleMs: number;
  private readonly retireAboveBytes: number;
  private readonly threads = new Set<EncoderThread>();
  private readonly idleTimers = new Map<EncoderThread, NodeJS.Timeout>();
  private readonly waiting: Task[] = [];
  /** Threads busy with a heavy job. */
  private readonly heavyRunning = new Set<EncoderThread>();
  private closed = false;
  /** Once used, one thread is kept started, so the next receipt never waits for a thread to start. */
  private keepWarm = false;

  constructor(options: EncoderPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.threads ?? DEFAULT_ENCODER_THREADS));
    this.limits = options.limits ?? DEFAULT_JOB_LIMITS;
    this.marks = options.marks ?? (() => DEFAULT_MARK_TEXTS);
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.retireAboveBytes = (options.retireAboveMb ?? DEFAULT_RETIRE_ABOVE_MB) * 1024 * 1024;
  }

  encode = async (datos: unknown, options: EncodeOptions): Promise<Uint8Array> => (await this.encodeWithBlocks(datos, options)).bytes;

  /** The same bytes, with where each command's bytes begin (the designer's preview maps them to rows). */
  encodeWithBlocks = async (datos: unknown, options: EncodeOptions): Promise<{ bytes: Uint8Array; blockStarts: number[] }> => {
    const outcome = await this.submit({ op: 'encode', datos, options: { ...options, limits: options.limits ?? this.limits } });
    return { bytes: outcome.bytes, blockStarts: outcome.blockStarts ?? [] };
  };

  /** The virtual printer's `<job>.png`. */
  renderPng = async (bytes: Uint8Array, width: number, model?: string): Promise<Uint8Array> =>
    (await this.submit({ op: 'preview-png', bytes, width, ...previewBounds(this.limits), ...(model ? { model } : {}), marks: this.marks() })).bytes;

  /** The designer's preview of bytes encoded for `document` (its PNG, size and marks), off the event loop. */
  previewPicture = async (bytes: Uint8Array, document: unknown, blockStarts: number[] = []): Promise<PreviewPicture> => {
    const model = documentProfile(document, undefined).id;
    const outcome = await this.submit({ op: 'preview-image', bytes, width: paperDotsOf(document), ...previewBounds(this.limits), blockStarts, model, marks: this.marks() });
    if (!outcome.picture) throw new JobError('EXECUTION', 'the encoder thread sent a preview without its size');
    return { png: outcome.bytes, ...outcome.picture };
  };

  /** Threads running or starting (tests and the bench look at it). */
  get threadCount(): number {
    return this.threads.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new JobError('EXECUTION', 'the print service is stopping'));
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    const threads = [...this.threads];
    this.threads.clear();
    await Promise.all(threads.map((thread) => thread.close()));
  }

  private submit(job: EncoderJob): Promise<EncoderOutcome> {
    if (this.closed) return Promise.reject(new JobError('EXECUTION', 'the print service is stopping'));
    this.keepWarm = true;
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, heavy: isHeavyJob(job), resolve, reject });
      this.pump();
    });
  }

  /**
   * Gives waiting jobs to idle threads: light ones first, in arrival order, then heavy ones (pictures, huge
   * documents), which may use all threads but one. So however many logos are queued, a receipt for another printer
   * takes the next free thread. (Each printer's lane encodes one job at a time, so this never reorders one printer's
   * jobs.) Then starts threads (up to the pool size) for the jobs still waiting.
   */
  private pump(): void {
    if (this.closed) return;
    for (const thread of this.threads) {
      if (!thread.isIdle) continue;
      const light = this.waiting.findIndex((task) => !task.heavy);
      const index = light >= 0 ? light : this.heavyRunning.size < Math.max(1, this.size - 1) ? 0 : -1;
      if (index < 0 || this.waiting.length === 0) break;
      const [task] = this.waiting.splice(index, 1) as [Task];
      this.dispatch(thread, task);
    }
    let starting = [...this.threads].filter((thread) => thread.isStarting).length;
    while ((this.waiting.length > starting || (this.keepWarm && this.threads.size === 0)) && this.threads.size < this.size) {
      this.threads.add(new EncoderThread(this.limits, (thread) => this.changed(thread)));
      starting++;
    }
  }

  private dispatch(thread: EncoderThread, task: Task): void {
    this.stopIdleTimer(thread);
    if (task.heavy) this.heavyRunning.add(thread);
    thread.run(task.job).then(task.resolve, task.reject);
  }

  /** A thread became ready, finished a job, or is gone. */
  private changed(thread: EncoderThread): void {
    if (thread.isIdle || thread.isGone) this.heavyRunning.delete(thread);
    if (this.closed || !this.threads.has(thread)) return;
    if (thread.isGone) {
      this.threads.delete(thread);
      this.stopIdleTimer(thread);
      // A thread that never started would be started again for the same job forever: that job fails instead.
      if (!thread.started) {
        // Not started again until the next job, or a broken install would start threads in a loop.
        this.keepWarm = false;
        const reason = thread.failureReason ?? 'it exited';
        this.waiting.shift()?.reject(new JobError('EXECUTION', `the encoder thread could not start: ${reason}`));
      }
    } else if (thread.isIdle && thread.heapBytes > this.retireAboveBytes) {
      // A job left this thread big (a large logo's buffers, a long document's objects): a fresh thread is cheaper
      // than keeping that memory, which V8 rarely hands back to the system. Not at once: during a run of logos the
      // next one would wait for a thread to start (~120 ms) and so would the receipts beside it.
      this.startIdleTimer(thread, BIG_THREAD_IDLE_MS, true);
    } else if (thread.isIdle && this.waiting.length === 0) {
      this.startIdleTimer(thread, this.idleMs, false);
    }
    this.pump();
  }

  private retire(thread: EncoderThread): void {
    this.threads.delete(thread);
    this.stopIdleTimer(thread);
    void thread.close('stopped: the encoder thread was retired');
  }

  private startIdleTimer(thread: EncoderThread, idleMs: number, big: boolean): void {
    this.stopIdleTimer(thread);
    const timer = setTimeout(() => {
      this.idleTimers.delete(thread);
      if (!thread.isIdle) return;
      // The last thread stays, unless it is big (a fresh one then takes its place at once): starting one costs the
      // next receipt ~120 ms (more from TypeScript sources).
      if (big || this.threads.size > 1) this.retire(thread);
      this.pump();
    }, idleMs);
    timer.unref();
    this.idleTimers.set(thread, timer);
  }

  private stopIdleTimer(thread: EncoderThread): void {
    const timer = this.idleTimers.get(thread);
    if (timer) clearTimeout(timer);
    this.idleTimers.delete(thread);
  }
}
