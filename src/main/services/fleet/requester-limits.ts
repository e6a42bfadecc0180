import { SlidingWindowLimiter } from '../intake/rate-limiter';

/** Requesters remembered at most; the one heard from longest ago is forgotten first. */
const MAX_REQUESTERS = 1_024;

/**
 * The WebSocket counts accepted tickets per connection; over MQTT every requester shares the site's one connection,
 * so the same per-minute limit is counted per requester, that is per Response Topic (one per chain client).
 * Requests without one share a single window, so a flood of them is limited like one connection.
 */
export class RequesterLimits {
  private readonly limiters = new Map<string, SlidingWindowLimiter>();

  constructor(private readonly ratePerMinute: number) {}

  for(requester: string): SlidingWindowLimiter {
    let limiter = this.limiters.get(requester);
    if (limiter) {
      // Map order is insertion order: moving it to the end keeps the least recently heard first.
      this.limiters.delete(requester);
    } else {
      limiter = new SlidingWindowLimiter(this.ratePerMinute);
      if (this.limiters.size >= MAX_REQUESTERS) this.limiters.delete(this.limiters.keys().next().value as string);
    }
    this.limiters.set(requester, limiter);
    return limiter;
  }
}
