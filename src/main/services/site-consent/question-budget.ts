/**
 * How many new "may this site print?" questions the owner can be given: a page that makes up origins (500 in a third
 * of a second) would otherwise bury the real POS among hundreds of questions. A few per minute is more than a shop
 * ever sets up; past it, a new site is refused (403, as any unanswered site) without a question, and asked about when
 * it tries again after the flood (@ticketera/client reconnects by itself).
 */
export interface QuestionLimits {
  globalBurst: number;
  globalPerMinute: number;
  perAddressBurst: number;
  perAddressPerMinute: number;
  maxAddresses: number;
}

export const QUESTION_BUDGET: Readonly<QuestionLimits> = {
  /** Questions that may be asked at once, whoever asks. */
  globalBurst: 5,
  /** Then this many a minute, whoever asks. */
  globalPerMinute: 5,
  /** Questions at once from one address: one computer's flood leaves room for another computer's POS. */
  perAddressBurst: 3,
  perAddressPerMinute: 2,
  /** Addresses remembered; past this the longest unused is forgotten (the global bucket still bounds them). */
  maxAddresses: 1_000,
};

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets, one for everybody and one per peer address: a question is asked only when both have a token. */
export class QuestionBudget {
  private readonly global: Bucket;
  private readonly perAddress = new Map<string, Bucket>();

  constructor(
    now: number,
    private readonly limits: Readonly<QuestionLimits> = QUESTION_BUDGET,
  ) {
    this.global = { tokens: limits.globalBurst, at: now };
  }

  /** Spends a question for `address` if both buckets allow it; otherwise spends nothing. */
  take(address: string, now: number): boolean {
    const { limits } = this;
    refill(this.global, now, limits.globalBurst, limits.globalPerMinute);
    const key = address.startsWith('::ffff:') ? address.slice(7) : address;
    const own = this.perAddress.get(key) ?? { tokens: limits.perAddressBurst, at: now };
    refill(own, now, limits.perAddressBurst, limits.perAddressPerMinute);
    // Re-inserted on every use: Map order is then least recently used first, which is what is forgotten.
    this.perAddress.delete(key);
    this.perAddress.set(key, own);
    for (const oldest of this.perAddress.keys()) {
      if (this.perAddress.size <= limits.maxAddresses) break;
      this.perAddress.delete(oldest);
    }
    if (this.global.tokens < 1 || own.tokens < 1) return false;
    this.global.tokens -= 1;
    own.tokens -= 1;
    return true;
  }
}

function refill(bucket: Bucket, now: number, burst: number, perMinute: number): void {
  const elapsed = Math.max(0, now - bucket.at);
  bucket.tokens = Math.min(burst, bucket.tokens + (elapsed * perMinute) / 60_000);
  bucket.at = now;
}
