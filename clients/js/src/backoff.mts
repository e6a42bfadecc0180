export interface ReconnectOptions {
  /** The first retry's delay; the protocol suggests 3000 ms. */
  delayMs?: number;
  /** Delays double after each failed attempt up to this. */
  maxDelayMs?: number;
  /** Each delay is moved at random by up to this share (0.2 = ±20 %), so a shop's tills do not all retry at once. */
  jitter?: number;
}

export const DEFAULT_RECONNECT: Required<ReconnectOptions> = { delayMs: 3_000, maxDelayMs: 30_000, jitter: 0.2 };

/** The delay before retry number `attempt` (0 = the first retry after a drop). */
export function retryDelay(attempt: number, options: Required<ReconnectOptions>, random: () => number = Math.random): number {
  const nominal = Math.min(options.delayMs * 2 ** Math.min(attempt, 30), options.maxDelayMs);
  const jitter = Math.min(Math.max(options.jitter, 0), 1);
  return Math.round(nominal * (1 + jitter * (2 * random() - 1)));
}
