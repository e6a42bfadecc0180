import { cancellableDelay } from './cancellable-delay';
import { backoffDelay, type RetryPolicy } from './retry-policy';
import { ServiceError } from './service-error';

export interface Attempt {
  /** Aborts when the caller cancels or this attempt's time is up: pass it to the request. */
  signal: AbortSignal;
  /** 1 for the first attempt. */
  number: number;
}

export interface RetryOptions {
  service: string;
  policy: RetryPolicy;
  /** The caller's cancellation (a closed dialog, Ctrl+C). */
  signal?: AbortSignal | undefined;
  /** Told before each wait, for progress lines or logs. */
  onRetry?: (error: ServiceError, waitMs: number) => void;
  random?: () => number;
}

/**
 * Runs `attempt` under the policy: a time limit per attempt, retries with backoff and jitter for retryable
 * failures (honouring the service's `Retry-After`), a total budget, and cancellation at any moment — during an
 * attempt (the request is aborted) or during a wait. `attempt` reports failures as ServiceError; anything else is a
 * bug and propagates untouched, unless the attempt was aborted, which becomes `cancelled` or `timeout`.
 */
export async function runWithRetries<T>(attempt: (context: Attempt) => Promise<T>, options: RetryOptions): Promise<T> {
  const { policy, service, signal } = options;
  const deadline = Date.now() + policy.totalBudgetMs;
  for (let number = 1; ; number++) {
    throwIfCancelled(signal, service, number - 1);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new ServiceError({ kind: 'timeout', service, retryable: true, attempts: number - 1 });
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), Math.min(policy.attemptTimeoutMs, remaining));
    const attemptSignal = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
    let failure: ServiceError;
    try {
      return await attempt({ signal: attemptSignal, number });
    } catch (error) {
      throwIfCancelled(signal, service, number);
      if (timer.signal.aborted) failure = new ServiceError({ kind: 'timeout', service, retryable: true, attempts: number });
      else if (error instanceof ServiceError) failure = error.withAttempts(number);
      else throw error;
    } finally {
      clearTimeout(timeout);
    }
    const wait = failure.retryAfterMs ?? backoffDelay(policy, number, options.random);
    const lastAttempt = number >= policy.maxAttempts;
    if (!failure.retryable || lastAttempt || Date.now() + wait >= deadline) throw failure;
    options.onRetry?.(failure, wait);
    await cancellableDelay(wait, signal, service, number);
  }
}

function throwIfCancelled(signal: AbortSignal | undefined, service: string, attempts: number): void {
  if (signal?.aborted) throw new ServiceError({ kind: 'cancelled', service, retryable: false, attempts });
}
