import type { IncomingMessage } from 'node:http';

/**
 * The token a request without Origin (a native POS app, a script) presents at a vendor-protocol door, whose protocol
 * has no field for it: `Authorization: Bearer <token>`, or the password of HTTP Basic (the user name is not looked at).
 */
export function presentedToken(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!basic?.[1]) return undefined;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}
