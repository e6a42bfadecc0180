import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERROR_ANSWER_LIMIT } from '../http/answer-limits';
import { errorFromFailure } from '../http/error-meaning';
import { noteErrorBody } from '../http/library-exchange';
import { BodyTooLargeError } from '../http/send-request';

/** An error answer to a download: its meaning comes from the status the observed exchange saw (see deepl-connection). */
export class DownloadRefusedError extends Error {
  constructor(readonly status: number) {
    super(`document download answered HTTP ${status}`);
    this.name = 'DownloadRefusedError';
  }
}

/**
 * Writes a document download's answer to `file` (created, never replaced), counting the bytes as they arrive and
 * stopping past `maxBytes`: the request is destroyed, nothing more is read, and the caller removes the partial file.
 * An error answer is read — bounded — for the service's `message` and never written. Always consumes or destroys the
 * stream: a library waiting on it must never be left waiting.
 */
export async function receiveDocument(status: number, content: IncomingMessage | Readable, file: string, maxBytes: number, service: string): Promise<void> {
  if (status >= 400) {
    noteErrorBody(await readAtMost(content, ERROR_ANSWER_LIMIT));
    throw new DownloadRefusedError(status);
  }
  const declared = Number((content as Partial<IncomingMessage>).headers?.['content-length'] ?? Number.NaN);
  if (declared > maxBytes) {
    content.destroy();
    throw new BodyTooLargeError(service, `${declared} bytes announced, at most ${maxBytes} accepted`);
  }
  try {
    await pipeline(content, new ByteLimit(maxBytes, service), fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (failure) {
    // Too large, or the file could not be written here: as it is. Anything else broke the answer mid-way (a reset
    // connection): a network failure, worth another attempt.
    if (failure instanceof BodyTooLargeError || isLocalFileError(failure)) throw failure;
    throw errorFromFailure(service, failure);
  }
}

const FILE_SYSCALLS = new Set(['open', 'write', 'close', 'fsync', 'rename', 'link', 'copyfile', 'mkdir', 'unlink', 'rm', 'rmdir', 'stat', 'lstat', 'statfs', 'access']);

/** A failure of a file on this computer (a full disk, a folder without permission): not the service's failure. */
export function isLocalFileError(failure: unknown): failure is NodeJS.ErrnoException {
  if (!(failure instanceof Error)) return false;
  const { code, syscall } = failure as NodeJS.ErrnoException;
  return typeof code === 'string' && typeof syscall === 'string' && FILE_SYSCALLS.has(syscall);
}

/** Passes bytes through until there are more than `maxBytes`, then fails the pipeline (which destroys the request). */
class ByteLimit extends Transform {
  private seen = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly service: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) done(new BodyTooLargeError(this.service, `more than ${this.maxBytes} bytes`));
    else done(null, chunk);
  }
}

/** The start of a stream as text (an error body); the rest is not read, the stream is destroyed. */
async function readAtMost(stream: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      chunks.push(bytes);
      size += bytes.length;
      if (size >= maxBytes) break;
    }
  } catch {
    // A broken error answer still has its status, which says what went wrong.
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}
