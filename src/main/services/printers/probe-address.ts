import net from 'node:net';

/**
 * The host a probe may connect to, or null. Only an address on this computer or the local network, exactly as the
 * owner typed it: loopback (127.0.0.0/8, ::1), private IPv4 (10/8, 172.16/12, 192.168/16), link-local (169.254/16,
 * fe80::/10) and IPv6 unique-local (fc00::/7). No names are resolved (but `localhost`), so a page cannot point the
 * service at the internet or rebind a name between the check and the connection.
 */
export function probeHostOf(typed: string): string | null {
  const host = typed.trim().replace(/^\[(.*)\]$/, '$1');
  if (host.toLowerCase() === 'localhost') return '127.0.0.1';
  if (net.isIPv4(host)) return isLanV4(host) ? host : null;
  if (net.isIPv6(host)) return isLanV6(host) ? host : null;
  return null;
}

function isLanV4(address: string): boolean {
  const [a = -1, b = -1] = address.split('.').map(Number);
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

function isLanV6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::1') return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.9) is judged as that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isLanV4(mapped[1] as string);
  const first = Number.parseInt(lower.split(':')[0] || '0', 16);
  return (first & 0xffc0) === 0xfe80 || (first & 0xfe00) === 0xfc00;
}

/** `tcp://HOST:PORT` as a job names the printer (IPv6 in brackets). */
export const tcpUriOf = (host: string, port: number): string => `tcp://${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
