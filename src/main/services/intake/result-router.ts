import type { PrintQueue, JobFinished } from '../queue/print-queue';
import type { ResultMessage } from '../../../shared/protocol';

/**
 * Where a job's `result` goes: a WebSocket connection, or a fleet requester's MQTT response topic. `deliver`
 * resolves true once the result left within the protocol's 5 s bound, false otherwise; it never rejects.
 */
export interface ResultSink {
  deliver(message: ResultMessage): Promise<boolean>;
}

/**
 * Delivers each job's `result` to the sinks that submitted it. Delivery is fire-and-forget with the
 * protocol's 5 s bound, so a slow or vanished client never holds up the worker.
 */
export class ResultRouter {
  private readonly waiting = new Map<string, Set<ResultSink>>();
  private undelivered = 0;

  constructor(private readonly queue: PrintQueue) {
    queue.on('finished', this.deliver);
  }

  /** Counts results that no client received in time (shown on the dashboard). */
  get undeliveredCount(): number {
    return this.undelivered;
  }

  expect(jobId: string, sink: ResultSink): void {
    let sinks = this.waiting.get(jobId);
    if (!sinks) {
      sinks = new Set();
      this.waiting.set(jobId, sinks);
    }
    sinks.add(sink);
  }

  /** The job was never queued after all (it could not be saved). */
  drop(jobId: string): void {
    this.waiting.delete(jobId);
  }

  /** Stops listening to the queue (a fleet connection that is switched off). */
  close(): void {
    this.queue.off('finished', this.deliver);
    this.waiting.clear();
  }

  private readonly deliver = (result: JobFinished): void => {
    const sinks = this.waiting.get(result.id);
    if (!sinks) return;
    this.waiting.delete(result.id);
    for (const sink of sinks) {
      void sink.deliver({ tipo: 'result', id: result.id, status: result.status, mensaje: result.mensaje }).then((delivered) => {
        if (!delivered) this.undelivered += 1;
      });
    }
  };
}
