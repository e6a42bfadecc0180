import { SlidingWindowLimiter } from './rate-limiter';

/** Requesters remembered for their rate limit (sites, addresses); the oldest is forgotten past this. */
const MAX_LIMITERS = 1_000;

/** One sliding window of accepted jobs per requester of a door (`epos:<site>`), as `/ws` limits each client. */
export class RequesterLimiters {
  private readonly limiters = new Map<string, SlidingWindowLimiter>();

  constructor(private readonly perMinute: number) {}

  of(requester: string): SlidingWindowLimiter {
    let limiter = this.limiters.get(requester);
    if (!limiter) {
      if (this.limiters.size >= MAX_LIMITERS) this.limiters.delete(this.limiters.keys().next().value as string);
      limiter = new SlidingWindowLimiter(this.perMinute);
      this.limiters.set(requester, limiter);
    }
    return limiter;
  }
}
