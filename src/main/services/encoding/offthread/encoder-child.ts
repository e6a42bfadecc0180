import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { JobLimits } from '../../../../shared/document/job-limits';
import { startChild } from '../../threads/start-child';
import type { EncoderReply, EncoderRequest } from './encoder-messages';
import { EncoderRunner } from './encoder-runner';

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
export class EncoderChild extends EncoderRunner {
  private readonly child: ChildProcess;
  private stderrTail = '';
  /** V8 said on stderr that the heap limit was reached (its native stack trace follows, so it is noted at once). */
  private outOfHeap = false;

  constructor(
    limits: Pick<JobLimits, 'encodeTimeMs' | 'encoderHeapMb'>,
    private readonly onChange: (runner: EncoderChild) => void,
  ) {
    super(limits, 'process');
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
    this.child.on('close', (code, signal) => {
      this.failure ??= this.exitReason(code, signal);
      this.gone(this.failure);
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

  protected post(request: EncoderRequest): void {
    this.child.send(request);
  }

  protected kill(): void {
    this.child.kill('SIGKILL');
  }

  protected changed(): void {
    this.onChange(this);
  }

  private exitReason(code: number | null, signal: NodeJS.Signals | null): string {
    if (this.outOfHeap) return `needed more than ${this.limits.encoderHeapMb} MB of memory (the limit for one job) and was stopped`;
    return `stopped: the encoder process exited (${signal ?? `code ${String(code)}`})`;
  }
}
