import type WebSocket from 'ws';
import type { PrintQueue, JobFinished } from '../queue/print-queue';
import { sendWithin } from './send';

/**
 * Delivers each job's `result` to the connections that submitted it. Delivery is fire-and-forget with the
 * protocol's 5 s bound, so a slow or vanished client never holds up the worker.
 */
export class ResultRouter {
  private readonly waiting = new Map<string, Set<WebSocket>>();
  private undelivered = 0;

  constructor(queue: PrintQueue) {
    queue.on('finished', this.deliver);
  }

  /** Counts results that no client received in time (shown on the dashboard). */
  get undeliveredCount(): number {
    return this.undelivered;
  }

  expect(jobId: string, socket: WebSocket): void {
    let sockets = this.waiting.get(jobId);
    if (!sockets) {
      sockets = new Set();
      this.waiting.set(jobId, sockets);
    }
    sockets.add(socket);
  }

  /** The job was never queued after all (it could not be saved). */
  drop(jobId: string): void {
    this.waiting.delete(jobId);
  }

  private readonly deliver = (result: JobFinished): void => {
    const sockets = this.waiting.get(result.id);
    if (!sockets) return;
    this.waiting.delete(result.id);
    for (const socket of sockets) {
      void sendWithin(socket, { tipo: 'result', id: result.id, status: result.status, mensaje: result.mensaje }).then(
        (delivered) => {
          if (!delivered) this.undelivered += 1;
        },
      );
    }
  };
}
