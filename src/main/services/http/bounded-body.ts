import type { IncomingMessage } from 'node:http';

export type BoundedBody = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'aborted' };

/**
 * Reads a request body of at most `limit` bytes. A declared Content-Length over it is refused before a byte is read;
 * a body that grows past it while streaming (chunked) is refused at the chunk that crosses it: reading stops there,
 * nothing more is kept, and the caller answers and closes the connection.
 */
export function readBoundedBody(request: IncomingMessage, limit: number): Promise<BoundedBody> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BoundedBody): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('aborted', onError);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        request.pause();
        return finish({ ok: false, reason: 'too-large' });
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    const onError = (): void => finish({ ok: false, reason: 'aborted' });
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('aborted', onError);
  });
}
