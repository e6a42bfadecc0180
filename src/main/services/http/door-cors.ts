import type { IncomingMessage } from 'node:http';

/**
 * CORS for a vendor-protocol door and a page the owner allowed (never `*`): its own origin, the request headers that
 * door's POS SDK sets, and Chrome's Private/Local Network Access answer when the preflight asks for it (a public site
 * reaching a printer service on the shop's network).
 */
export function doorCorsHeaders(origin: string, request: IncomingMessage, sdkHeaders: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  if (request.method === 'OPTIONS') {
    headers['Access-Control-Allow-Methods'] = 'POST, OPTIONS';
    headers['Access-Control-Allow-Headers'] = allowedHeaders(request.headers['access-control-request-headers'], sdkHeaders);
    headers['Access-Control-Max-Age'] = '600';
    if (request.headers['access-control-request-private-network'] === 'true') headers['Access-Control-Allow-Private-Network'] = 'true';
    if (request.headers['access-control-request-local-network'] === 'true') headers['Access-Control-Allow-Local-Network'] = 'true';
  }
  return headers;
}

/** The SDK's headers (lower case); anything else asked for is left out, so the browser refuses to send it. */
function allowedHeaders(asked: string | undefined, sdkHeaders: readonly string[]): string {
  const wanted = (asked ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => sdkHeaders.includes(name));
  return [...new Set([...sdkHeaders, ...wanted])].join(', ');
}
