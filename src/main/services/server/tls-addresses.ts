import net from 'node:net';
import type { TlsHealth } from '../../../shared/protocol';

const LOOPBACK_NAMES = /^(?:localhost|127(?:\.\d{1,3}){3})$/i;

/**
 * Where a POS reaches the secure listener: only the names the certificate is valid for work (a browser refuses any
 * other), so those are the addresses to give out; on a service bound to this computer only, just the loopback ones.
 */
export function wssUrlsOf(tls: TlsHealth, listensOnNetwork: boolean): string[] {
  if (tls.status !== 'on') return [];
  // A certificate without alternative names (old style) names its host in CN only; browsers may still refuse it.
  const names = tls.names.length > 0 ? tls.names : [/(?:^|, )CN=([^,]+)/.exec(tls.subject)?.[1] ?? ''];
  return names
    .filter((name) => name !== '' && !name.includes('*') && !net.isIPv6(name))
    .filter((name) => listensOnNetwork || LOOPBACK_NAMES.test(name))
    .map((name) => `wss://${name}:${tls.port}/ws`);
}
