import type { JobLimits } from '../../../../shared/document/job-limits';
import { JobError } from '../../../../shared/job-error';
import type { PreviewPicture } from '../preview-document';
import type { EncoderJob, EncoderReply, EncoderRequest } from './encoder-messages';

/** A job's bytes and what the runner held once it was done. */
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

/** A runner starts in ~0.1-0.3 s; one that is not ready by then never will be. */
const START_TIMEOUT_MS = 30_000;

/**
 * What an encoder thread and an encoder process share: one job at a time under the job's time budget (over
 * `encodeTimeMs` the runner is killed and the job fails with `EXECUTION:`), the `ready` handshake within
 * START_TIMEOUT_MS, and replies matched to the job by id. Each kind says how it sends a request, how it is killed and
 * how it learns why it died; `changed` is called when it becomes ready, finishes a job or is gone.
 */
export abstract class EncoderRunner {
  private state: State = 'starting';
  private current: Running | undefined;
  /** Why the runner is going away, once known. */
  protected failure: string | undefined;
  private nextId = 1;
  private readonly startTimer: NodeJS.Timeout;
  /** Set when it became ready: a runner that dies before that could not start at all. */
  started = false;
  /** What the runner held after its last job (see EncoderReply). */
  heapBytes = 0;

  protected constructor(
    protected readonly limits: Pick<JobLimits, 'encodeTimeMs' | 'encoderHeapMb'>,
    /** `thread` or `process`, for the words of a misuse. */
    private readonly kind: string,
  ) {
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

  /** Why the runner went away, once it has. */
  get failureReason(): string | undefined {
    return this.failure;
  }

  /** Runs a job, the runner being idle; the clock starts now, not when the job was queued. */
  run(job: EncoderJob): Promise<EncoderOutcome> {
    if (this.state !== 'idle') return Promise.reject(new Error(`encoder ${this.kind} is ${this.state}`));
    const id = this.nextId++;
    const what = job.op === 'encode' ? 'encoding' : 'rendering the preview';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failure = `took longer than ${seconds(this.limits.encodeTimeMs)} (the limit for one job) and was stopped`;
        this.kill();
        this.gone(this.failure);
      }, this.limits.encodeTimeMs);
      timer.unref();
      this.current = { id, what, timer, resolve, reject };
      this.state = 'busy';
      this.post({ id, ...job });
    });
  }

  /** Ends the runner; a job still running fails with EXECUTION. */
  abstract close(reason?: string): Promise<void>;

  protected abstract post(request: EncoderRequest): void;

  /** Stops it at once, its job unfinished. */
  protected abstract kill(): void;

  protected abstract changed(): void;

  protected onReply(reply: EncoderReply): void {
    if (reply.kind === 'ready') {
      if (this.state !== 'starting') return;
      clearTimeout(this.startTimer);
      this.started = true;
      this.state = 'idle';
      this.changed();
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
    } else running.reject(new JobError(reply.category ?? 'EXECUTION', reply.detail));
    this.changed();
  }

  protected gone(reason: string): void {
    if (this.state === 'gone') return;
    this.state = 'gone';
    clearTimeout(this.startTimer);
    const running = this.current;
    this.current = undefined;
    if (running) {
      clearTimeout(running.timer);
      running.reject(new JobError('EXECUTION', `${running.what} ${reason}`));
    }
    this.changed();
  }
}
