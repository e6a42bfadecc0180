import type { IncomingMessage } from 'node:http';

/**
 * CORS for a page the owner allowed (never `*`): its own origin, the headers the ePOS SDK sets (`Content-Type:
 * text/xml`, `SOAPAction`, `If-Modified-Since`), and Chrome's Private/Local Network Access answer when the preflight
 * asks for it (a public site reaching a printer service on the shop's network).
 */
export function corsHeaders(origin: string, request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  if (request.method === 'OPTIONS') {
    headers['Access-Control-Allow-Methods'] = 'POST, OPTIONS';
    headers['Access-Control-Allow-Headers'] = allowedHeaders(request.headers['access-control-request-headers']);
    headers['Access-Control-Max-Age'] = '600';
    if (request.headers['access-control-request-private-network'] === 'true') headers['Access-Control-Allow-Private-Network'] = 'true';
    if (request.headers['access-control-request-local-network'] === 'true') headers['Access-Control-Allow-Local-Network'] = 'true';
  }
  return headers;
}

const SDK_HEADERS = ['content-type', 'soapaction', 'if-modified-since'];

/** The headers asked for that a POS may send: the SDK's three; anything else is left out, so the browser refuses it. */
function allowedHeaders(asked: string | undefined): string {
  const wanted = (asked ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => SDK_HEADERS.includes(name));
  return [...new Set([...SDK_HEADERS, ...wanted])].join(', ');
}
