import { documentProfile } from '../../../../shared/printer-profiles/find-profile';
import { DEFAULT_JOB_LIMITS, type JobLimits } from '../../../../shared/document/job-limits';
import { paperDotsOf } from '../../../../shared/document/paper';
import { previewBounds } from '../../../../shared/escpos/preview-bounds';
import { JobError } from '../../../../shared/job-error';
import type { EncodeOptions } from '../encode-document';
import type { PreviewPicture } from '../preview-document';
import type { EncoderJob } from './encoder-messages';
import { collectGarbage } from '../../threads/collect-garbage';
import { EncoderChild } from './encoder-child';
import type { EncoderOutcome } from './encoder-runner';
import { EncoderThread } from './encoder-thread';
import { isHeavyJob } from './heavy-job';
import { encodeInline } from './inline-encoder';
import { isInlineJob } from './inline-job';
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
/**
 * How long after the last heavy job the service's own heap is collected (see collectGarbage): by then the job has
 * usually been printed and its document dropped; again twice later, as the frame is let go of a few seconds after it (~7 MB).
 */
const COLLECT_AFTER_HEAVY_MS = [1_000, 2_500, 4_000] as const;
/**
 * While no encoder thread has started, small plain receipts (isInlineJob) are encoded on the calling thread: a shop
 * printing a receipt now and then never keeps a thread (~15 MB on Node 22) for them. More than this many a second is
 * a busy till, and a thread is started for the receipts that follow.
 */
const INLINE_PER_SECOND = 4;
/** How long a thread left big by a job waits for more work before it is replaced by a fresh one. */
const BIG_THREAD_IDLE_MS = 2_000;

interface Task {
  job: EncoderJob;
  /** See isHeavyJob: heavy jobs run in a child process of their own, never on a thread. */
  heavy: boolean;
  resolve: (outcome: EncoderOutcome) => void;
  reject: (error: Error) => void;
}

/**
 * Encodes documents and renders previews on a small pool of worker threads, each job under its time and memory
 * budget (see EncoderThread). Jobs wait in arrival order for a free thread, so a heavy logo for one printer holds
 * one thread while another printer's receipt takes the next. Threads start on demand; a thread a job killed, or that
 * a job left big, is replaced by a fresh one; extra threads end when idle. So the process's memory returns to its
 * idle size (the service and one warm thread) after any job. A till that prints a small plain receipt now and then
 * never starts a thread: those are encoded on the calling thread (see INLINE_PER_SECOND). Never keeps the process
 * alive on its own.
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
  /** Child processes for heavy jobs, at most `size - 1` (at least one): each ends once no heavy job waits for it. */
  private readonly children = new Set<EncoderChild>();
  private readonly maxChildren: number;
  private collectTimers: NodeJS.Timeout[] = [];
  private closed = false;
  /** Once a job needed a thread, one is kept started, so the next one never waits for a thread to start. */
  private keepWarm = false;
  /** When the receipts encoded inline in the last second were started (see INLINE_PER_SECOND). */
  private inlineTimes: number[] = [];

  constructor(options: EncoderPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.threads ?? DEFAULT_ENCODER_THREADS));
    this.limits = options.limits ?? DEFAULT_JOB_LIMITS;
    this.marks = options.marks ?? (() => DEFAULT_MARK_TEXTS);
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.retireAboveBytes = (options.retireAboveMb ?? DEFAULT_RETIRE_ABOVE_MB) * 1024 * 1024;
    this.maxChildren = Math.max(1, this.size - 1);
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

  /** Receipts encoded on the calling thread so far (see isInlineJob; tests look at it). */
  inlineCount = 0;

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new JobError('EXECUTION', 'the print service is stopping'));
    for (const timer of [...this.idleTimers.values(), ...this.collectTimers]) clearTimeout(timer);
    this.idleTimers.clear();
    const runners = [...this.threads, ...this.children];
    this.threads.clear();
    this.children.clear();
    await Promise.all(runners.map((runner) => runner.close()));
  }

  private submit(job: EncoderJob): Promise<EncoderOutcome> {
    if (this.closed) return Promise.reject(new JobError('EXECUTION', 'the print service is stopping'));
    if (job.op === 'encode' && this.mayEncodeInline(job)) {
      this.inlineCount++;
      return encodeInline(job.datos, job.options);
    }
    const heavy = isHeavyJob(job);
    // A picture's process says nothing of the receipts to come: only a job a thread ran keeps one warm.
    if (!heavy) this.keepWarm = true;
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, heavy, resolve, reject });
      this.pump();
    });
  }

  /**
   * A small plain receipt is encoded here while no thread has started: so it never waits for one. Past
   * INLINE_PER_SECOND a second the till is busy and a thread is started for what follows; until it is ready the
   * receipts are still encoded here.
   */
  private mayEncodeInline(job: EncoderJob): boolean {
    if (!isInlineJob(job) || [...this.threads].some((thread) => !thread.isStarting)) return false;
    if (this.threads.size > 0) return true;
    const now = Date.now();
    this.inlineTimes = this.inlineTimes.filter((time) => now - time < 1_000);
    this.inlineTimes.push(now);
    if (this.inlineTimes.length > INLINE_PER_SECOND) {
      this.keepWarm = true;
      this.pump();
    }
    return true;
  }

  /**
   * Gives waiting jobs to idle runners in arrival order: light ones to the threads, heavy ones (pictures, huge
   * documents) to child processes. So however many logos are queued, a receipt for another printer takes the next
   * free thread, and no picture's memory stays with the service once its process ends. (Each printer's lane encodes
   * one job at a time, so this never reorders one printer's jobs.) Then starts threads and processes (up to their
   * number) for the jobs still waiting.
   */
  private pump(): void {
    if (this.closed) return;
    this.give(this.threads, false);
    this.give(this.children, true);
    const light = this.waiting.filter((task) => !task.heavy).length;
    const heavy = this.waiting.length - light;
    let starting = [...this.threads].filter((thread) => thread.isStarting).length;
    while ((light > starting || (this.keepWarm && this.threads.size === 0)) && this.threads.size < this.size) {
      this.threads.add(new EncoderThread(this.limits, (thread) => this.changed(thread)));
      starting++;
    }
    let startingChildren = [...this.children].filter((child) => child.isStarting).length;
    while (heavy > startingChildren && this.children.size < this.maxChildren) {
      this.children.add(new EncoderChild(this.limits, (child) => this.childChanged(child)));
      startingChildren++;
    }
  }

  /** Hands the oldest waiting jobs of one kind to the idle runners of that kind. */
  private give(runners: Set<EncoderThread> | Set<EncoderChild>, heavy: boolean): void {
    for (const runner of runners) {
      if (!runner.isIdle) continue;
      const index = this.waiting.findIndex((task) => task.heavy === heavy);
      if (index < 0) return;
      const [task] = this.waiting.splice(index, 1) as [Task];
      if (runner instanceof EncoderThread) this.stopIdleTimer(runner);
      runner.run(task.job).then(task.resolve, task.reject);
    }
  }

  /** A thread became ready, finished a job, or is gone. */
  private changed(thread: EncoderThread): void {
    if (this.closed || !this.threads.has(thread)) return;
    if (thread.isGone) {
      this.threads.delete(thread);
      this.stopIdleTimer(thread);
      // A thread that never started would be started again for the same job forever: that job fails instead.
      if (!thread.started) {
        // Not started again until the next job, or a broken install would start threads in a loop.
        this.keepWarm = false;
        const reason = thread.failureReason ?? 'it exited';
        this.failFirstWaiting(false, `the encoder thread could not start: ${reason}`);
      }
    } else if (thread.isIdle && thread.heapBytes > this.retireAboveBytes) {
      // A job left this thread big (a long document's objects): a fresh thread is cheaper than keeping that memory,
      // which V8 rarely hands back to the system. Not at once: during a run of such jobs the next one would wait for
      // a thread to start (~120 ms) and so would the receipts beside it.
      this.startIdleTimer(thread, BIG_THREAD_IDLE_MS, true);
    } else if (thread.isIdle && this.waiting.length === 0) {
      this.startIdleTimer(thread, this.idleMs, false);
    }
    this.pump();
  }

  /** A child process became ready, finished its job, or is gone: one with no heavy job waiting for it ends now. */
  private childChanged(child: EncoderChild): void {
    if (this.closed || !this.children.has(child)) return;
    if (child.isGone) {
      this.children.delete(child);
      if (!child.started) this.failFirstWaiting(true, `the encoder process could not start: ${child.failureReason ?? 'it exited'}`);
    } else if (child.isIdle && !this.waiting.some((task) => task.heavy)) {
      this.children.delete(child);
      void child.close('stopped: the encoder process was retired');
    }
    if (child.started && (child.isIdle || child.isGone)) this.collectSoon();
    this.pump();
  }

  /** After heavy jobs, once none is left, collects the service's heap (see COLLECT_AFTER_HEAVY_MS). */
  private collectSoon(): void {
    for (const timer of this.collectTimers) clearTimeout(timer);
    this.collectTimers = COLLECT_AFTER_HEAVY_MS.map((ms) => {
      const timer = setTimeout(() => {
        if (!this.closed && this.children.size === 0) collectGarbage();
      }, ms);
      timer.unref();
      return timer;
    });
  }

  private failFirstWaiting(heavy: boolean, reason: string): void {
    const index = this.waiting.findIndex((task) => task.heavy === heavy);
    if (index >= 0) this.waiting.splice(index, 1)[0]?.reject(new JobError('EXECUTION', reason));
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
