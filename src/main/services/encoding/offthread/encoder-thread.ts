import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { JobError } from '../../../../shared/job-error';
import type { EncodeOptions } from '../encode-document';
import type { EncoderReply, EncoderRequest } from './encoder-messages';

type Pending = { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void };
type Job = { op: 'encode'; datos: unknown; options: EncodeOptions } | { op: 'preview-png'; bytes: Uint8Array; width: number };

/**
 * Encodes documents and renders previews on one worker thread. Started on first use, restarted after a crash
 * (the jobs it was working on fail with EXECUTION), and never keeps the process alive on its own.
 */
export class EncoderThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  encode = (datos: unknown, options: EncodeOptions): Promise<Uint8Array> => this.run({ op: 'encode', datos, options });

  renderPng = (bytes: Uint8Array, width: number): Promise<Uint8Array> => this.run({ op: 'preview-png', bytes, width });

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private run(job: Job): Promise<Uint8Array> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread().postMessage({ id, ...job } satisfies EncoderRequest);
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref();
    worker.on('message', (reply: EncoderReply) => this.settle(reply));
    worker.on('error', (error) => this.failAll(worker, error.message));
    worker.on('exit', (code) => this.failAll(worker, `encoder thread exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private settle(reply: EncoderReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.bytes);
    else pending.reject(new JobError(reply.category ?? 'EXECUTION', reply.detail));
  }

  private failAll(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const pending of this.pending.values()) pending.reject(new JobError('EXECUTION', reason));
    this.pending.clear();
  }
}

/**
 * The built worker beside the bundle (or one folder up from a chunk); from TypeScript sources (`npm run service`, tests) the worker first
 * registers tsx's require hook, as workers do not inherit the parent's loaders.
 */
function startWorker(): Worker {
  // Bundlers may move this code into a chunk folder below the entry files.
  const built = [__dirname, path.dirname(__dirname)].map((dir) => path.join(dir, 'encode-worker.js')).find((file) => fs.existsSync(file));
  if (built) return new Worker(built);
  const tsx = createRequire(__filename).resolve('tsx/cjs/api');
  const source = path.join(__dirname, 'encode-worker.ts');
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, { eval: true });
}
