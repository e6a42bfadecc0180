import path from 'node:path';
import { startWorker } from '../threads/start-worker';
import { ANSWER_READERS, type ReaderName, type ReaderOutput, type ReaderParams } from './answer-readers';
import { PartsJoiner, type PartMessage } from './reading-parts';
import { knownSecrets, rememberSecrets } from './redact-secrets';

/**
 * Answers up to this size are read where they arrive; larger ones on a thread of their own. Measured on 2 busy cores:
 * the worst 4 KiB bodies read here in at most 0.3 ms (1,300 empty JSON objects, 2,000 nested lists; a thousand empty
 * XML elements about 1 ms), and 4 KiB of entities and keep tags become plain text in 0.5 ms; a thread adds tens of ms
 * before the answer is read, 1–2 ms of it on this thread. The worst 16 MiB held this thread 1.3 s (4 MiB: 0.1–0.5 s),
 * and decoding 16 MiB of two-byte UTF-8 alone 60–200 ms. Real answers are 300 bytes to a few KiB.
 */
export const INLINE_READ_LIMIT = 4 * 1024;

/**
 * Heap of one reading thread. Measured: the worst 1 MiB campus answer needs 96–160 MB; a real-looking 16 MiB admin usage
 * report (73,000 rows) is read within it (its parse alone keeps 27 MB); 16 MiB of empty objects or of nested lists
 * would keep 230–460 MB. Past it the thread dies alone and the answer counts as too heavy to read (no real one is).
 */
export const READER_HEAP_MB = 256;

/** The read was given up (the attempt's time ran out, or the caller cancelled): its thread is terminated. */
export class ReadAbandonedError extends Error {
  constructor() {
    super('answer not read: the attempt was given up');
    this.name = 'ReadAbandonedError';
  }
}

export interface AnswerRead<N extends ReaderName> {
  reader: N;
  params: ReaderParams<N>;
  /** As received: bytes are decoded where they are read (decoding 16 MiB is itself too long for this thread). */
  body: string | Uint8Array;
  /**
   * Bytes the caller will not read again: handed to the thread instead of copied (copying 16 MiB takes this thread
   * several ms), and left empty here.
   */
  handOver?: boolean;
  /** The answer's read took more memory than a thread is given (READER_HEAP_MB): what the reader says then. */
  tooHeavy: (detail: string) => ReaderOutput<N>;
}

/** What a reading thread gets (workerData); the reader's keys travel with it, as a thread has its own memory. */
export interface ThreadRequest {
  reader: ReaderName;
  params: unknown;
  body: string | Uint8Array;
  secrets: string[];
}

/**
 * An outside service's answer read into plain, checked data by the named reader (answer-readers): small answers here,
 * larger ones on a thread of their own, so no parse, decode or clean-up of a large or hostile answer holds the thread
 * that acknowledges tickets. `signal` (the attempt's time limit or the caller's cancel) terminates the thread.
 */
export function readAnswer<N extends ReaderName>(read: AnswerRead<N>, signal: AbortSignal, extraSecrets: readonly string[] = []): Promise<ReaderOutput<N>> {
  const secrets = [...new Set([...knownSecrets(), ...extraSecrets])];
  if (read.body.length <= INLINE_READ_LIMIT) {
    if (signal.aborted) return Promise.reject(new ReadAbandonedError());
    return Promise.resolve(readHere(read.reader, read.params, read.body, secrets));
  }
  return readOnThread(read, signal, secrets);
}

/** The reader run on this thread (also what a reading thread runs). */
export function readHere<N extends ReaderName>(reader: N, params: ReaderParams<N>, body: string | Uint8Array, secrets: string[]): ReaderOutput<N> {
  // On a thread, what it says is redacted against the keys it was given.
  rememberSecrets(secrets);
  const text = typeof body === 'string' ? body : new TextDecoder('utf-8').decode(body);
  const run = ANSWER_READERS[reader] as (text: string, params: ReaderParams<N>, secrets: string[]) => ReaderOutput<N>;
  return run(text, params, secrets);
}

/** The memory of `body` when it is all of it (never a slice of a shared pool): what can be handed to a thread. */
function ownBuffer(body: string | Uint8Array): ArrayBuffer[] {
  if (typeof body === 'string' || !(body.buffer instanceof ArrayBuffer)) return [];
  return body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? [body.buffer] : [];
}

/**
 * One thread per answer (a few a day): it ends with the answer, so a read that runs too long or too large takes nothing
 * else with it. The result comes back in parts, the next one asked for only after this thread took the last in.
 */
function readOnThread<N extends ReaderName>(read: AnswerRead<N>, signal: AbortSignal, secrets: string[]): Promise<ReaderOutput<N>> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new ReadAbandonedError());
      return;
    }
    const request: ThreadRequest = { reader: read.reader, params: read.params, body: read.body, secrets };
    const worker = startWorker('answer-read-worker', path.join(__dirname, 'answer-read-worker.ts'), {
      workerData: request,
      transferList: read.handOver ? ownBuffer(read.body) : [],
      resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
    });
    const joiner = new PartsJoiner();
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
    worker.on('message', (message: PartMessage) => {
      const joined = joiner.take(message);
      if (joined) settle(() => resolve(joined.result as ReaderOutput<N>));
      // The next part once this turn of the event loop is over.
      else setImmediate(() => !settled && worker.postMessage('next'));
    });
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve(read.tooHeavy(`needs more than ${READER_HEAP_MB} MB to read`)) : reject(error))),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the answer reader thread stopped (exit code ${code}) without an answer`))));
  });
}
