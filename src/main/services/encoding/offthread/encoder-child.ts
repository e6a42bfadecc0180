import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { JobLimits } from '../../../../shared/document/job-limits';
import { JobError } from '../../../../shared/job-error';
import { startChild } from '../../threads/start-child';
import type { EncoderJob, EncoderReply } from './encoder-messages';
import type { EncoderOutcome } from './encoder-thread';

type State = 'starting' | 'idle' | 'busy' | 'gone';

interface Running {
  id: number;
  what: string;
  timer: NodeJS.Timeout;
  resolve: (outcome: EncoderOutcome) => void;
  reject: (error: Error) => void;
}

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))} s`;

/** A child starts in ~0.1-0.3 s; one that is not ready by then never will be. */
const START_TIMEOUT_MS = 30_000;
/** Enough of the child's stderr is kept to find V8's "heap out of memory" across two chunks. */
const STDERR_TAIL_CHARS = 200;
const OUT_OF_HEAP = /heap out of memory|Reached heap limit|Allocation failed/i;

/**
 * A child process for one heavy job (a picture, a huge document), under the job's time and memory budget, the same
 * budget and messages as EncoderThread: over `encodeTimeMs` it is killed, over `encoderHeapMb` (its V8 heap limit)
 * it dies; either way only that job fails, with `EXECUTION:`. Why a process: a thread that decoded a 16-megapixel
 * picture leaves the service a malloc arena of ~37 MB that no trim gives back, while a process's exit returns all of
 * it at once. The pool ends it after its job. `onChange` is called when it becomes ready, finishes a job or is gone.
 */
export class EncoderChild {
  private readonly child: ChildProcess;
  private state: State = 'starting';
  private current: Running | undefined;
  private failure: string | undefined;
  private stderrTail = '';
  /** V8 said on stderr that the heap limit was reached (its native stack trace follows, so it is noted at once). */
  private outOfHeap = false;
  private nextId = 1;
  private readonly startTimer: NodeJS.Timeout;
  started = false;
  heapBytes = 0;

  constructor(
    private readonly limits: Pick<JobLimits, 'encodeTimeMs' | 'encoderHeapMb'>,
    private readonly onChange: (runner: EncoderChild) => void,
  ) {
    this.child = startChild('encode-worker', path.join(__dirname, 'encode-worker.ts'), [`--max-old-space-size=${limits.encoderHeapMb}`]);
    // Never keeps the process alive on its own.
    this.child.unref();
    this.child.channel?.unref();
    this.child.stderr?.on('data', (chunk: Buffer) => {
      const text = this.stderrTail + chunk.toString();
      this.outOfHeap ||= OUT_OF_HEAP.test(text);
      this.stderrTail = text.slice(-STDERR_TAIL_CHARS);
    });
    // The pipe is a socket: unreferenced, like the process and its channel.
    (this.child.stderr as Socket | null)?.unref();
    this.child.on('message', (reply: EncoderReply) => this.onReply(reply));
    this.child.on('error', (error: Error) => {
      this.failure ??= `failed in the encoder process: ${error.message}`;
      this.gone(this.failure);
    });
    // `close`, not `exit`: by then its stderr has been read to the end, which tells an out-of-memory death apart.
    this.child.on('close', (code, signal) => this.gone(this.failure ?? this.exitReason(code, signal)));
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

  get failureReason(): string | undefined {
    return this.failure;
  }

  /** Runs a job in this process, which must be idle; the clock starts now, not when the job was queued. */
  run(job: EncoderJob): Promise<EncoderOutcome> {
    if (this.state !== 'idle') return Promise.reject(new Error(`encoder process is ${this.state}`));
    const id = this.nextId++;
    const what = job.op === 'encode' ? 'encoding' : 'rendering the preview';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failure = `took longer than ${seconds(this.limits.encodeTimeMs)} (the limit for one job) and was stopped`;
        this.child.kill('SIGKILL');
        this.gone(this.failure);
      }, this.limits.encodeTimeMs);
      timer.unref();
      this.current = { id, what, timer, resolve, reject };
      this.state = 'busy';
      this.child.send({ id, ...job });
    });
  }

  /** Ends the process (SIGKILL: it holds nothing worth saving); a job still running fails with EXECUTION. */
  async close(reason = 'stopped: the print service is stopping'): Promise<void> {
    this.failure ??= reason;
    const exited = this.child.exitCode !== null || this.child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => this.child.once('close', () => resolve()));
    this.child.kill('SIGKILL');
    this.gone(this.failure);
    await exited;
  }

  private exitReason(code: number | null, signal: NodeJS.Signals | null): string {
    if (this.outOfHeap) return `needed more than ${this.limits.encoderHeapMb} MB of memory (the limit for one job) and was stopped`;
    return `stopped: the encoder process exited (${signal ?? `code ${String(code)}`})`;
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
    } else running.reject(new JobError(reply.category ?? 'EXECUTION', reply.detail));
    this.onChange(this);
  }

  private gone(reason: string): void {
    if (this.state === 'gone') return;
    this.state = 'gone';
    this.failure ??= reason;
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
