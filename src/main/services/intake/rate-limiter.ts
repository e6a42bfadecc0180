/**
 * Sliding-window limit: at most `limit` events in any `windowMs`. One per connection, counting accepted
 * tickets. A limit of 0 disables it (used by the bench, never by default).
 */
export class SlidingWindowLimiter {
  private readonly times: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** True when one more event fits in the window right now. */
  allows(now = Date.now()): boolean {
    if (this.limit <= 0) return true;
    while (this.times.length > 0 && (this.times[0] as number) <= now - this.windowMs) this.times.shift();
    return this.times.length < this.limit;
  }

  record(now = Date.now()): void {
    if (this.limit > 0) this.times.push(now);
  }
}
