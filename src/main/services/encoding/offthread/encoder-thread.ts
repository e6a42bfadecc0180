import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { JobLimits } from '../../../../shared/document/job-limits';
import { startWorker } from '../../threads/start-worker';
import type { EncoderReply, EncoderRequest } from './encoder-messages';
import { EncoderRunner } from './encoder-runner';

/**
 * One worker thread running one job at a time, under the job's time and memory budget: a job over `encodeTimeMs`
 * gets its thread terminated, one over `encoderHeapMb` dies with it; either fails with `EXECUTION:` and the thread is
 * gone (the pool starts another). `onChange` is called whenever the thread becomes ready, finishes a job or is gone.
 */
export class EncoderThread extends EncoderRunner {
  private readonly worker: Worker;

  constructor(
    limits: Pick<JobLimits, 'encodeTimeMs' | 'encoderHeapMb'>,
    private readonly onChange: (thread: EncoderThread) => void,
  ) {
    super(limits, 'thread');
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
  }

  /** Terminates the thread; a job still running fails with EXECUTION. */
  async close(reason = 'stopped: the print service is stopping'): Promise<void> {
    this.failure ??= reason;
    const exited = this.worker.terminate();
    this.gone(this.failure);
    await exited;
  }

  protected post(request: EncoderRequest): void {
    this.worker.postMessage(request);
  }

  protected kill(): void {
    void this.worker.terminate();
  }

  protected changed(): void {
    this.onChange(this);
  }
}
