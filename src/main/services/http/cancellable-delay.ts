import { ServiceError } from './service-error';

/** Waits `ms`, or rejects at once with a `cancelled` ServiceError when the signal fires. */
export function cancellableDelay(ms: number, signal: AbortSignal | undefined, service: string, attempts = 0): Promise<void> {
  const cancelled = (): ServiceError => new ServiceError({ kind: 'cancelled', service, retryable: false, attempts });
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
