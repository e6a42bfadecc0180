/**
 * Runs work that cannot itself be interrupted (a native spooler or USB call) against a deadline: the caller gets
 * the timeout error on time, and the work is told it was abandoned so it can stop before committing anything.
 */
export function withinDeadline(
  work: (abandoned: () => boolean) => Promise<void>,
  timeoutMs: number,
  timeoutError: () => Error,
): Promise<void> {
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(timeoutError());
    }, timeoutMs);
  });
  const running = work(() => timedOut);
  // Whichever branch loses must not surface as an unhandled rejection.
  running.catch(() => undefined);
  return Promise.race([running, timeout]).finally(() => clearTimeout(timer));
}
