import net from 'node:net';

/** How wrong tokens are counted per remote address (the dashboard login and the WebSocket's `auth_token` share it). */
export interface ThrottleRules {
  /** Wrong tokens an address may present before it has to wait. */
  freeFailures: number;
  /** The first wait; each further wrong token doubles it… */
  baseLockMs: number;
  /** …up to this. */
  maxLockMs: number;
  /** Addresses remembered at once; the one that failed longest ago is forgotten first, so memory stays bounded. */
  maxAddresses: number;
  /** An address that has not failed for this long (and is not waiting) starts afresh. */
  forgetAfterMs: number;
}

export const TOKEN_THROTTLE: ThrottleRules = {
  freeFailures: 5,
  baseLockMs: 1_000,
  maxLockMs: 5 * 60 * 1000,
  maxAddresses: 4096,
  forgetAfterMs: 15 * 60 * 1000,
};

interface AddressRecord {
  count: number;
  lockedUntil: number;
  last: number;
}

/**
 * Wrong-token counts per remote address. A right token resets nothing: the cashier's POS and an attacker may share
 * an address (both 127.0.0.1 when the attacker is a web page in the cashier's browser), and the cashier's success
 * must not hand the attacker a fresh set of guesses. IPv6 peers are counted per /64, the block one host controls.
 */
export class AddressThrottle {
  private readonly records = new Map<string, AddressRecord>();

  constructor(private readonly rules: ThrottleRules = TOKEN_THROTTLE) {}

  /** Addresses currently remembered (bounded by `maxAddresses`). */
  get size(): number {
    return this.records.size;
  }

  /** How long the address must still wait before its next wrong token is taken; 0 when it may try now. */
  lockedFor(address: string, now = Date.now()): number {
    const record = this.current(addressKey(address), now);
    return record ? Math.max(0, record.lockedUntil - now) : 0;
  }

  /** Counts one wrong token; returns how long the address must now wait (0 while it has free attempts left). */
  fail(address: string, now = Date.now()): number {
    const key = addressKey(address);
    const previous = this.current(key, now);
    const count = (previous?.count ?? 0) + 1;
    const over = count - this.rules.freeFailures;
    const lockMs = over > 0 ? Math.min(this.rules.maxLockMs, this.rules.baseLockMs * 2 ** Math.min(over - 1, 30)) : 0;
    const lockedUntil = Math.max(previous?.lockedUntil ?? 0, now + lockMs);
    // Re-inserted so the Map's order is "failed longest ago first": eviction drops the stalest address.
    this.records.delete(key);
    this.records.set(key, { count, lockedUntil, last: now });
    while (this.records.size > this.rules.maxAddresses) {
      const oldest = this.records.keys().next().value;
      if (oldest === undefined) break;
      this.records.delete(oldest);
    }
    return Math.max(0, lockedUntil - now);
  }

  private current(key: string, now: number): AddressRecord | undefined {
    const record = this.records.get(key);
    if (record && record.lockedUntil <= now && now - record.last > this.rules.forgetAfterMs) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }
}

/** The address a peer is counted under: IPv4 (also when IPv4-mapped), `::1`, or the /64 of any other IPv6 address. */
export function addressKey(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  if (plain.startsWith('::ffff:') && net.isIPv4(plain.slice(7))) return plain.slice(7);
  if (!net.isIPv6(plain) || plain === '::1') return plain;
  const [head = '', tail] = plain.split('::') as [string, string | undefined];
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? front : [...front, ...Array.from({ length: Math.max(0, 8 - front.length - back.length) }, () => '0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
