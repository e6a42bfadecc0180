/**
 * Which replies the chain believes (docs/remote-printing.md, "Trust between sites"). Every site can read the requests
 * addressed to it, and so the chain's reply topic names; the broker's ACL lets it write only below its own name. So a
 * reply is believed only when it arrived on the replies topic of the site its request went to, carrying that request's
 * Correlation Data: random per request, so it cannot be guessed from a ticket id or a counter either.
 */

interface RandomSource {
  getRandomValues?: (bytes: Uint8Array) => Uint8Array;
}

/** `t:` for a ticket, `r:` for a status or printers question, then 16 random bytes in hex. */
export function secretCorrelation(kind: 't' | 'r'): string {
  const { crypto } = globalThis as { crypto?: RandomSource };
  // Refusing beats a guessable fallback: with Math.random another site could predict the next correlation.
  if (typeof crypto?.getRandomValues !== 'function') throw new Error('no crypto.getRandomValues here: the fleet client needs it');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${kind}:${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** How many answered requests are remembered (a few KiB): enough for the duplicates a busy chain server sees. */
const REMEMBERED = 4_096;

/**
 * Requests already answered, with their site. A shop may answer a ticket twice (it was asked about again, or the
 * broker redelivered it): such a late copy from the right site is ignored without being counted as a dropped reply,
 * so the count stays a sign of something wrong (a forged, misrouted or unreadable reply) rather than of normal traffic.
 */
export class AnsweredRequests {
  private readonly sites = new Map<string, string>();

  add(correlation: string, site: string): void {
    this.sites.set(correlation, site);
    if (this.sites.size > REMEMBERED) {
      const oldest = this.sites.keys().next();
      if (!oldest.done) this.sites.delete(oldest.value);
    }
  }

  /** True when this is a late copy of an answer the same site already gave. */
  isLateCopy(correlation: string, site: string | undefined): boolean {
    return site !== undefined && this.sites.get(correlation) === site;
  }
}

/** What became of one reply: taken by its request, a harmless late copy, or not believed (counted). */
export type ReplyVerdict = 'taken' | 'late' | 'dropped';
