import type { JobSource } from '../../../shared/contract/job-source';

/**
 * Where a WebSocket connection's tickets come from, as the owner knows it: the web page's site (its Origin's host
 * name: `tpv.cafeole.es`, without the scheme or port), or for a client that sends no Origin (a native POS, or a page
 * opened from a file, whose Origin is `null`) its address (`192.168.1.20`).
 */
export function wsSourceOf(origin: string | undefined, remoteAddress: string | undefined): JobSource {
  return { kind: 'pos', label: siteOf(origin) ?? plainAddress(remoteAddress ?? '') };
}

function siteOf(origin: string | undefined): string | undefined {
  if (origin === undefined) return undefined;
  try {
    // `[::1]` as `::1`: the same machine reads the same whether its page or its program sent the ticket.
    return new URL(origin).hostname.replace(/^\[(.*)\]$/, '$1') || undefined;
  } catch {
    return undefined;
  }
}

/** An IPv4 peer on a dual-stack socket shows as `::ffff:a.b.c.d`: the owner knows it as `a.b.c.d`. */
const plainAddress = (address: string): string => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
