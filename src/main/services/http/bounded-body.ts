import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';

export type BoundedBody = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'aborted' };

/**
 * Reads a request body of at most `limit` bytes as UTF-8 text. A declared Content-Length over it is refused before a
 * byte is read; a body that grows past it while streaming (chunked) is refused at the chunk that crosses it: reading
 * stops there, nothing more is kept, and the caller answers and closes the connection.
 *
 * Each chunk is decoded as it arrives (a character split between two chunks is kept for the next) and the texts are
 * joined at the end: decoding a whole 8 MiB body at once held the thread that answers every till for ~40 ms, a
 * chunk (~64 KiB) takes a fraction of a millisecond between other work.
 */
export function readBoundedBody(request: IncomingMessage, limit: number): Promise<BoundedBody> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const decoder = new StringDecoder('utf8');
    const texts: string[] = [];
    let size = 0;
    const stop = (): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('aborted', onError);
    };
    const finish = (result: BoundedBody): void => {
      stop();
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        texts.length = 0;
        request.pause();
        return finish({ ok: false, reason: 'too-large' });
      }
      texts.push(decoder.write(chunk));
    };
    const onEnd = (): void => {
      texts.push(decoder.end());
      const text = texts.join('');
      stop();
      // The caller reads the text in a later turn of the loop: joining megabytes and reading them are two holds of
      // the thread, each some tens of milliseconds at most, with every other till's work able to run between them.
      setImmediate(() => resolve({ ok: true, text }));
    };
    const onError = (): void => finish({ ok: false, reason: 'aborted' });
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('aborted', onError);
  });
}
