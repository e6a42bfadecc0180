import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The request's URL, or undefined when it cannot be a path of this server: a target `new URL` refuses (`//`,
 * `//[::1`) or a path whose `%` escapes do not decode (`/%E0%A4%A`). The caller answers 400 rather than failing later.
 */
export function parseRequestUrl(target: string | undefined): URL | undefined {
  let url: URL;
  try {
    url = new URL(target ?? '/', 'http://localhost');
    decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  return url;
}

/** Reads a small request body, refusing anything larger than `limit` bytes. */
export function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * Pages the service renders itself: no scripts, nothing framed, forms post only back here. `same-origin` referrers
 * (nothing goes to other sites) so the login form's post carries this page's Origin, which `/login` checks.
 */
export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
} as const;

export function sendHtml(response: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...PAGE_HEADERS, ...headers });
  response.end(html);
}
