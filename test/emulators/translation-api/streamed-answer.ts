import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/**
 * An answer far larger than the service ever sends, for the client's size limits: `bytes` bytes streamed lazily
 * (one small chunk written again and again, waiting for the client to read), stopped as soon as the client goes away.
 * Nothing of that size is ever held in memory here.
 */
export interface StreamRule {
  /** Bytes of body to send at most (the client is expected to stop long before). */
  bytes: number;
  status?: number;
  /** Only requests whose path starts with this / ends with this. */
  path?: string;
  suffix?: string;
  times?: number;
  /** Announce the size in `Content-Length` (otherwise chunked: the client only learns by counting). */
  announce?: boolean;
  /** Send `bytes` of zeros gzip-compressed (a few KiB on the wire): the client must count what it decompresses. */
  gzip?: boolean;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x41);
const PREFIX = Buffer.from('{"translations":[{"text":"');

/**
 * Writes the answer, telling `onSent` the body bytes written so far (compressed bytes for `gzip`) as it goes, so a
 * test can look as soon as the client has given up; resolves when done or abandoned.
 */
export async function writeStreamedAnswer(response: ServerResponse, rule: StreamRule, headers: Record<string, string>, onSent: (bytes: number) => void): Promise<void> {
  const status = rule.status ?? 200;
  if (rule.gzip) {
    // Zeros compress about a thousand to one: small enough to build here, huge once the client inflates them.
    const body = gzipSync(Buffer.alloc(rule.bytes), { level: 9 });
    response.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': String(body.length) });
    onSent(body.length);
    response.end(body);
    return;
  }
  response.writeHead(status, { ...headers, 'Content-Type': 'application/json', ...(rule.announce ? { 'Content-Length': String(rule.bytes) } : {}) });
  let sent = 0;
  const first = PREFIX.subarray(0, Math.min(PREFIX.length, rule.bytes));
  sent += first.length;
  onSent(sent);
  if (first.length > 0 && !response.write(first)) await drained(response);
  while (sent < rule.bytes && !response.destroyed) {
    const size = Math.min(CHUNK.length, rule.bytes - sent);
    sent += size;
    onSent(sent);
    if (!response.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) await drained(response);
  }
  if (!response.destroyed) response.end();
}

/** Until the client has read what is buffered, or has gone away. */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
