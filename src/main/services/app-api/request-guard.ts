import type { IncomingMessage } from 'node:http';
import net from 'node:net';

/**
 * Refuses calls made by other web pages. Without a token every local page counts as signed in, so the API must
 * not be reachable cross-site: a browser always sends `Origin` on cross-origin POSTs and WebSocket upgrades.
 */
export function isSameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (origin === undefined) return request.headers['sec-fetch-site'] === undefined || request.headers['sec-fetch-site'] === 'same-origin';
  if (host === undefined) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}

/**
 * Guards against DNS rebinding: a page on `evil.example` whose name is re-pointed at this computer would be
 * "same-origin" with its own Host. Only names nobody outside the shop can control are accepted: IP literals,
 * `localhost`, single-label computer names (`CAJA-01`) and mDNS `.local` names.
 */
export function isTrustedHost(request: IncomingMessage): boolean {
  const host = request.headers.host;
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (net.isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0) return true;
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || hostname.endsWith('.local')) return true;
  return !hostname.includes('.');
}

/**
 * For form posts to the service's own pages (`POST /login`): same origin as above, plus `Origin: null` when the
 * browser's own fetch metadata says the post came from this origin (a page served with `Referrer-Policy:
 * no-referrer` posts its forms with `Origin: null`). A sandboxed or cross-site page gets `Sec-Fetch-Site: cross-site`.
 */
export function isSameOriginForm(request: IncomingMessage): boolean {
  if (request.headers.origin === 'null') return request.headers['sec-fetch-site'] === 'same-origin';
  return isSameOrigin(request);
}

/** Both checks, for every API call and event stream. */
export const isTrustedCaller = (request: IncomingMessage): boolean => isTrustedHost(request) && isSameOrigin(request);

/** Addresses of this computer itself, as Node reports a loopback peer (IPv4, IPv6 and IPv4-mapped IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (net.isIPv4(plain) && plain.startsWith('127.'));
}

/** What a caller from another computer is told when no token protects the window's API. */
export const LOCAL_ONLY_TEXT =
  'Sin token, la ventana de Ticketera solo funciona en el equipo donde se ejecuta: configure un token en Ajustes (en ese equipo) para usarla desde otro / ' +
  'Without a token, the Ticketera window works only on the computer it runs on: set a token in Settings (on that computer) to use it from another one';

/**
 * The window's API (every `/api/*` method and `/api/events`) pauses printing, cancels jobs, changes templates and
 * settings and spends translation and campus quota. Without a token nobody signs in, so anyone on the shop's network
 * could do all that: it then answers this computer only. Printing over `/ws` and `GET /health` stay open, as the
 * protocol allows. Answers the reason to refuse, or undefined to go on.
 */
export function windowApiRefusal(request: IncomingMessage, tokenRequired: boolean): string | undefined {
  return tokenRequired || isThisComputer(request) ? undefined : LOCAL_ONLY_TEXT;
}

/**
 * A loopback peer, or this computer calling itself by one of its network addresses (the owner opened
 * `http://192.168.1.10:8766/` on the shop PC): both ends of the connection then have the same address, which a peer
 * on another computer cannot have on a working TCP connection.
 */
function isThisComputer(request: IncomingMessage): boolean {
  const { remoteAddress, localAddress } = request.socket;
  return isLoopback(remoteAddress) || (remoteAddress !== undefined && remoteAddress === localAddress);
}

/**
 * Admin calls change how the service runs (token, origins, ports, printers). Without a token anyone on the shop's
 * network could make them, so they are then taken only from this computer.
 */
export function mayAdminister(request: IncomingMessage, tokenRequired: boolean): boolean {
  return tokenRequired || isLoopback(request.socket.remoteAddress);
}
