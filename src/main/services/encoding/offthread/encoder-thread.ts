import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { JobLimits } from '../../../../shared/document/job-limits';
import { JobError } from '../../../../shared/job-error';
import type { PreviewPicture } from '../preview-document';
import { startWorker } from '../../threads/start-worker';
import type { EncoderJob, EncoderReply } from './encoder-messages';

/** A job's bytes and what the thread held once it was done. */
export interface EncoderOutcome {
  bytes: Uint8Array;
  /** For a designer preview: the picture's size and marks (its PNG is `bytes`). */
  picture?: Omit<PreviewPicture, 'png'>;
  /** For an encoding: where each command's bytes begin. */
  blockStarts?: number[];
  heapBytes: number;
}

type State = 'starting' | 'idle' | 'busy' | 'gone';

interface Running {
  id: number;
  what: string;
  timer: NodeJS.Timeout;
  resolve: (outcome: EncoderOutcome) => void;
  reject: (error: Error) => void;
}

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))} s`;

/** A thread starts in ~120 ms (~250 ms from TypeScript sources); one that is not ready by then never will be. */
const START_TIMEOUT_MS = 30_000;

/**
 * One worker thread running one job at a time, under the job's time and memory budget: a job over `encodeTimeMs`
 * gets its thread terminated, one over `encoderHeapMb` dies with it; either fails with `EXECUTION:` and the thread is
 * gone (the pool starts another). `onChange` is called whenever the thread becomes ready, finishes a job or is gone.
 */
export class EncoderThread {
  private readonly worker: Worker;
  private state: State = 'starting';
  private current: Running | undefined;
  /** Why the thread is going away, known from its `error` event before `exit`. */
  private failure: string | undefined;
  private nextId = 1;
  private readonly startTimer: NodeJS.Timeout;
  /** Set when it became ready: a thread that dies before that could not start at all. */
  started = false;
  /** What the thread held after its last job (see EncoderReply). */
  heapBytes = 0;

  constructor(
    private readonly limits: Pick<JobLimits, 'encodeTimeMs' | 'encoderHeapMb'>,
    private readonly onChange: (thread: EncoderThread) => void,
  ) {
    this.worker = startWorker('encode-worker', path.join(__dirname, 'encode-worker.ts'), {
      // Over it the thread dies with ERR_WORKER_OUT_OF_MEMORY, not the process (best effort, see README).
      resourceLimits: { maxOldGenerationSizeMb: limits.encoderHeapMb },
    });
    // Never keeps the process alive on its own.
    this.worker.unref();
    this.worker.on('message', (reply: EncoderReply) => this.onReply(reply));
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `needed more than ${limits.encoderHeapMb} MB of memory (the limit for one job) and was stopped`
          : `failed on the encoder thread: ${error.message}`;
    });
    this.worker.on('exit', (code) => this.gone(this.failure ?? `stopped: the encoder thread exited with code ${code}`));
    this.startTimer = setTimeout(() => void this.close(`did not start within ${seconds(START_TIMEOUT_MS)}`), START_TIMEOUT_MS);
    this.startTimer.unref();
  }

  get isIdle(): boolean {
    return this.state === 'idle';
  }

  get isStarting(): boolean {
    return this.state === 'starting';
  }

  get isGone(): boolean {
    return this.state === 'gone';
  }

  /** Why the thread went away, once it has. */
  get failureReason(): string | undefined {
    return this.failure;
  }

  /** Runs a job on this thread, which must be idle; the clock starts now, not when the job was queued. */
  run(job: EncoderJob): Promise<EncoderOutcome> {
    if (this.state !== 'idle') return Promise.reject(new Error(`encoder thread is ${this.state}`));
    const id = this.nextId++;
    const what = job.op === 'encode' ? 'encoding' : 'rendering the preview';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failure = `took longer than ${seconds(this.limits.encodeTimeMs)} (the limit for one job) and was stopped`;
        void this.worker.terminate();
        this.gone(this.failure);
      }, this.limits.encodeTimeMs);
      timer.unref();
      this.current = { id, what, timer, resolve, reject };
      this.state = 'busy';
      this.worker.postMessage({ id, ...job });
    });
  }

  /** Terminates the thread; a job still running fails with EXECUTION. */
  async close(reason = 'stopped: the print service is stopping'): Promise<void> {
    this.failure ??= reason;
    const exited = this.worker.terminate();
    this.gone(this.failure);
    await exited;
  }

  private onReply(reply: EncoderReply): void {
    if (reply.kind === 'ready') {
      if (this.state !== 'starting') return;
      clearTimeout(this.startTimer);
      this.started = true;
      this.state = 'idle';
      this.onChange(this);
      return;
    }
    const running = this.current;
    if (!running || running.id !== reply.id) return;
    clearTimeout(running.timer);
    this.current = undefined;
    this.heapBytes = reply.heapBytes;
    this.state = 'idle';
    if (reply.ok) {
      const { bytes, picture, blockStarts, heapBytes } = reply;
      running.resolve({ bytes, ...(picture ? { picture } : {}), ...(blockStarts ? { blockStarts } : {}), heapBytes });
    }
    else running.reject(new JobError(reply.category ?? 'EXECUTION', reply.detail));
    this.onChange(this);
  }

  private gone(reason: string): void {
    if (this.state === 'gone') return;
    this.state = 'gone';
    clearTimeout(this.startTimer);
    const running = this.current;
    this.current = undefined;
    if (running) {
      clearTimeout(running.timer);
      running.reject(new JobError('EXECUTION', `${running.what} ${reason}`));
    }
    this.onChange(this);
  }
}
