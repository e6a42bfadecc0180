import type { IncomingMessage } from 'node:http';

export type BodyReading = { ok: true; text: string } | { ok: false; problem: string };

/**
 * The request body as UTF-8, read as it streams in and given up the moment it passes `limit` bytes (or announces more
 * in Content-Length): a 100 MB body costs at most `limit` bytes of memory and is never read to its end. The caller
 * answers and then closes the connection (see `closeAfterAnswer`), so the rest is never waited for.
 */
export function readBoundedBody(request: IncomingMessage, limit: number): Promise<BodyReading> {
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) return Promise.resolve(tooLarge(limit));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (reading: BodyReading): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      resolve(reading);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        request.pause();
        finish(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    const onError = (error: Error): void => finish({ ok: false, problem: `the request could not be read (${error.message})` });
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}

const tooLarge = (limit: number): BodyReading => ({ ok: false, problem: `the request is larger than ${Math.round(limit / (1024 * 1024))} MiB` });
