import type { Worker } from 'node:worker_threads';
import { WinspoolCallError, WinspoolUnavailableError, type WinspoolBinding } from '../winspool-binding';
import { SPOOLER_FUNCTIONS, type SpoolerFailure, type SpoolerMessage, type SpoolerMethod, type SpoolerReply, type SpoolerRequest } from './spooler-messages';

export interface SpoolerLaneOptions {
  /** Starts a spooler thread (worker/winspool-worker.ts). */
  start: () => Worker;
  /** How long one call may take, its wait in line included, before its caller is told the spooler did not answer. */
  callTimeoutMs: number;
  /** A thread with nothing to do for this long is ended; the next call starts another. */
  idleMs: number;
  /** A call answered after its caller gave up (e.g. a printer opened too late, to be closed again). */
  onLate?: (request: SpoolerRequest, value: unknown) => void;
  /** The lane's thread ended with nothing left to do: its owner may forget the lane. */
  onIdle?: () => void;
}

/**
 * `cleanup` calls (AbortPrinter, ClosePrinter) are never refused while the spooler is stuck, and still run once it
 * answers even after their caller stopped waiting, so no handle or half-written document is left behind.
 */
export type CallKind = 'normal' | 'cleanup';

interface Pending {
  request: SpoolerRequest;
  kind: CallKind;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
  /** Its caller was told the spooler did not answer: a reply that still comes is late. */
  abandoned: boolean;
}

type Result<Method extends SpoolerMethod> = Awaited<ReturnType<WinspoolBinding[Method]>>;

/**
 * One spooler thread and the calls waiting for it, sent one at a time. A native call cannot be interrupted, so a
 * call past its bound is answered with WinspoolUnavailableError while the thread stays busy with it; until the
 * spooler answers, further calls on this lane are refused at once (they could only wait behind it) and the event
 * loop never waits. Other lanes (other printers, the listing) have their own threads and are not held up.
 */
export class SpoolerLane {
  private worker: Worker | undefined;
  private current: Pending | undefined;
  private readonly waiting: Pending[] = [];
  private idleTimer: NodeJS.Timeout | undefined;
  private threadError: string | undefined;
  /** winspool.drv is loaded in the thread: a call without answer is then that call's doing. */
  private loaded = false;
  private nextId = 1;

  constructor(private readonly options: SpoolerLaneOptions) {}

  call<Method extends SpoolerMethod>(method: Method, args: Parameters<WinspoolBinding[Method]>, kind: CallKind = 'normal'): Promise<Result<Method>> {
    const stuck = this.current?.abandoned ? this.current : undefined;
    if (stuck && kind === 'normal') {
      return Promise.reject(new WinspoolUnavailableError(this.stuckMessage(stuck)));
    }
    return new Promise<Result<Method>>((resolve, reject) => {
      const pending: Pending = {
        request: { id: this.nextId++, method, args } as SpoolerRequest,
        kind,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: undefined,
        abandoned: false,
      };
      pending.timer = setTimeout(() => this.expire(pending), this.options.callTimeoutMs);
      this.waiting.push(pending);
      this.pump();
    });
  }

  /**
   * Fails whatever is still waiting and ends the thread. Not awaited: a thread inside a native call that hangs ends
   * only when the call returns, and stopping the service must not wait for that.
   */
  close(): void {
    const worker = this.worker;
    this.worker = undefined;
    this.fail([this.current, ...this.waiting.splice(0)], 'the spooler thread was stopped');
    this.current = undefined;
    clearTimeout(this.idleTimer);
    void worker?.terminate().catch(() => undefined);
  }

  private pump(): void {
    if (!this.current) {
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(this.idleTimer);
        this.current = next;
        this.thread().postMessage(next.request);
      } else if (this.worker) {
        this.idleTimer = setTimeout(() => void this.worker?.terminate(), this.options.idleMs);
        this.idleTimer.unref();
      }
    }
    this.holdProcess();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = this.options.start();
    worker.on('message', (message: SpoolerMessage) => {
      if ('loaded' in message) this.loaded = true;
      else this.answered(message);
    });
    worker.on('error', (error) => {
      this.threadError = error.message;
    });
    worker.on('exit', (code) => this.exited(worker, code));
    this.worker = worker;
    this.threadError = undefined;
    this.loaded = false;
    return worker;
  }

  private answered(reply: SpoolerReply): void {
    const done = this.current;
    if (!done || done.request.id !== reply.id) return;
    this.current = undefined;
    clearTimeout(done.timer);
    if (done.abandoned) {
      if (reply.ok) this.options.onLate?.(done.request, reply.value);
    } else if (reply.ok) {
      done.resolve(reply.value);
    } else {
      done.reject(errorOf(reply.failure));
    }
    this.pump();
  }

  private expire(pending: Pending): void {
    pending.timer = undefined;
    if (!pending.abandoned) {
      pending.abandoned = true;
      const call = SPOOLER_FUNCTIONS[pending.request.method];
      const ms = this.options.callTimeoutMs;
      const waitedFor = pending === this.current && !this.loaded ? `winspool.drv still loading after ${ms} ms (for ${call})` : `no answer to ${call} within ${ms} ms`;
      pending.reject(new WinspoolUnavailableError(waitedFor));
    }
    if (pending === this.current) {
      // Stuck: nothing queued here can run before the spooler answers, so its callers learn it now.
      const refused = this.waiting.filter((waiting) => waiting.kind === 'normal');
      this.waiting.splice(0, this.waiting.length, ...this.waiting.filter((waiting) => waiting.kind === 'cleanup'));
      this.fail(refused, this.stuckMessage(pending));
    } else if (pending.kind === 'normal') {
      this.waiting.splice(this.waiting.indexOf(pending), 1);
    }
    this.holdProcess();
  }

  private exited(worker: Worker, code: number): void {
    if (worker !== this.worker) return;
    this.worker = undefined;
    clearTimeout(this.idleTimer);
    const lost = [this.current, ...this.waiting.splice(0)];
    this.current = undefined;
    this.fail(lost, `the spooler thread stopped (${this.threadError ?? `exit code ${code}`})`);
    if (lost.every((pending) => !pending)) this.options.onIdle?.();
  }

  private fail(calls: Array<Pending | undefined>, message: string): void {
    for (const pending of calls) {
      if (!pending) continue;
      clearTimeout(pending.timer);
      if (!pending.abandoned) pending.reject(new WinspoolUnavailableError(message));
      pending.abandoned = true;
    }
  }

  /** The same words for as long as it lasts: the printer list logs a source's failure only when its text changes. */
  private stuckMessage(stuck: Pending): string {
    const ms = this.options.callTimeoutMs;
    return this.loaded ? `still waiting for ${SPOOLER_FUNCTIONS[stuck.request.method]} (over ${ms} ms)` : `winspool.drv still loading (over ${ms} ms)`;
  }

  /** The thread keeps the process alive only while someone waits for an answer (a CLI printing once must not exit). */
  private holdProcess(): void {
    const awaited = [this.current, ...this.waiting].some((pending) => pending && !pending.abandoned);
    if (awaited) this.worker?.ref();
    else this.worker?.unref();
  }
}

function errorOf(failure: SpoolerFailure): Error {
  if (failure.kind === 'call') return new WinspoolCallError(failure.call ?? 'spooler call');
  if (failure.kind === 'unavailable') return new WinspoolUnavailableError(`winspool.drv could not be loaded (${failure.message})`);
  return new Error(failure.message);
}
