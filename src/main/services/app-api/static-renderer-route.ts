import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { sendJson } from '../server/http-util';
import type { HttpRoute } from '../http/http-route';
import type { Language } from '../../../shared/contract/settings';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Same policy as the page's own meta tag; `connect-src` names the WebSocket of the host actually used. */
export function rendererCsp(host: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ws://${host} wss://${host}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Serves the built React window (out/renderer) as the dashboard at `/`. Returns false for `/` when the visitor is
 * not signed in, or when no build exists, so the server's own login form or plain dashboard answers instead. The page
 * says the window's language in its `<html lang>`: the window starts in it, before (or without) reading the settings.
 */
export function staticRendererRoute(rendererDir: string, language: () => Language = () => 'es'): HttpRoute {
  const root = path.resolve(rendererDir);
  return async (request, response, url, context) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const isPage = url.pathname === '/' || url.pathname === '/index.html';
    if (isPage && !context.isSignedIn()) return false;
    let requested: string;
    try {
      requested = isPage ? '/index.html' : decodeURIComponent(url.pathname);
    } catch {
      // A `%` escape that does not decode (`/assets/%E0%A4%A`) is the client's mistake, not a server failure.
      sendJson(response, 400, { status: 'error', mensaje: 'ERROR: malformed URL' });
      return true;
    }
    const file = path.resolve(root, `.${requested}`);
    // Only files inside the build, and only the page and its assets: never a path climbing out of it.
    if (!file.startsWith(root + path.sep) || !(isPage || url.pathname.startsWith('/assets/'))) return false;
    let body: Buffer;
    try {
      body = await fs.promises.readFile(file);
    } catch {
      return false;
    }
    if (isPage) body = Buffer.from(body.toString('utf8').replace(/<html lang="[a-z-]*">/, `<html lang="${language()}">`), 'utf8');
    send(response, file, body, request.headers.host ?? 'localhost', request.method === 'HEAD');
    return true;
  };
}

function send(response: ServerResponse, file: string, body: Buffer, host: string, headOnly: boolean): void {
  const extension = path.extname(file);
  const hashedAsset = file.includes(`${path.sep}assets${path.sep}`);
  response.writeHead(200, {
    'Content-Type': TYPES[extension] ?? 'application/octet-stream',
    'Content-Length': body.length,
    'Cache-Control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-store',
    'Content-Security-Policy': rendererCsp(host),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  response.end(headOnly ? undefined : body);
}
