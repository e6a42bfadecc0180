import path from 'node:path';
import { startWorker } from '../threads/start-worker';
import { readCampusBody } from './campus-reader';
import type { CampusMethod, CampusReadRequest, CampusReading } from './campus-reading';

/**
 * Heap for one answer's thread: the worst 1 MiB answer measured (350,000 empty JSON objects) needs 96–160 MB while
 * read; 262,000 empty XML elements under 96 MB. Past it the thread dies alone, and the answer counts as unreadable.
 */
const READER_HEAP_MB = 256;

/** The read was given up (the attempt's time ran out, or the caller cancelled): the thread is terminated. */
export class ReadAbandonedError extends Error {
  constructor() {
    super('campus answer not read: the attempt was given up');
    this.name = 'ReadAbandonedError';
  }
}

/**
 * Answers up to this size are read where they arrive: the worst 4 KiB body measured (a thousand empty XML elements)
 * reads in about 1 ms, the first XML of a process in under 3 ms, while starting a thread costs 40–70 ms. Real answers
 * are 300 bytes (wireless) to 2 KiB (changelog); anything larger goes to a thread.
 */
export const INLINE_READ_LIMIT = 4 * 1024;

/** A campus answer read into plain, redacted data (campus-reader): small ones here, larger ones on a thread. */
export function readCampusAnswer<M extends CampusMethod>(request: CampusReadRequest<M>, signal: AbortSignal): Promise<CampusReading<M>> {
  if (request.body.length <= INLINE_READ_LIMIT) return Promise.resolve(readCampusBody(request));
  return readOffThread(request, signal);
}

/**
 * Reads a campus answer on a thread of its own (campus-read-worker): parsing 1 MiB takes up to a second even when
 * linear, which would hold every print client waiting for an acknowledgement. A thread per answer (about 40 ms to
 * start, a few a day) ends with the answer, so a read that runs too long or too large takes nothing else with it;
 * `signal` (the attempt's time limit or the caller's cancel) terminates it.
 */
export function readOffThread<M extends CampusMethod>(request: CampusReadRequest<M>, signal: AbortSignal): Promise<CampusReading<M>> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new ReadAbandonedError());
      return;
    }
    const worker = startWorker('campus-read-worker', path.join(__dirname, 'campus-read-worker.ts'), {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
    });
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abandon);
      void worker.terminate();
      finish();
    };
    const abandon = (): void => settle(() => reject(new ReadAbandonedError()));
    signal.addEventListener('abort', abandon, { once: true });
    worker.once('message', (reading: CampusReading<M>) => settle(() => resolve(reading)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ kind: 'unreadable', detail: `needs more than ${READER_HEAP_MB} MB to read` }) : reject(error),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the campus reader thread stopped (exit code ${code}) without an answer`))));
  });
}
