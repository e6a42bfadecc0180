import type { OriginRequest } from '../../../shared/contract/origin-types';

/**
 * Sites waiting for the owner's answer, oldest first. Bounded: a page that tries many made-up origins pushes the
 * oldest out instead of growing memory or the window's list.
 */
export class PendingOrigins {
  /** Insertion order is first-seen order, which is what "oldest" means when one must go. */
  private readonly requests = new Map<string, OriginRequest>();

  constructor(private readonly limit: number) {}

  /** Counts one refused attempt; answers the request and whether the site is new to the list. */
  note(origin: string, now: number): { request: OriginRequest; isNew: boolean } {
    const known = this.requests.get(origin);
    if (known) {
      known.lastSeen = now;
      known.attempts += 1;
      return { request: { ...known }, isNew: false };
    }
    const request: OriginRequest = { origin, firstSeen: now, lastSeen: now, attempts: 1 };
    this.requests.set(origin, request);
    for (const oldest of this.requests.keys()) {
      if (this.requests.size <= this.limit) break;
      this.requests.delete(oldest);
    }
    return { request: { ...request }, isNew: true };
  }

  remove(origin: string): void {
    this.requests.delete(origin);
  }

  list(): OriginRequest[] {
    return [...this.requests.values()].map((request) => ({ ...request }));
  }
}
