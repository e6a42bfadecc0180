import { problemOf } from './store-problem';

/** A load asked for by a burst of service events runs once, `delayMs` after the first of them; `cancel` drops it. */
export function debouncedLoad(load: () => Promise<void>, delayMs: number): { schedule: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule: () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void load();
      }, delayMs);
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Runs one action of the window against the service, then reads the list again so it shows the outcome. A failure is
 * kept as the store's problem (the page shows it) and the action answers undefined.
 */
export function actionThenReload(
  reload: () => Promise<void>,
  keepProblem: (problem: ReturnType<typeof problemOf>) => void,
): <T>(call: () => Promise<T>) => Promise<T | undefined> {
  return async (call) => {
    try {
      const answer = await call();
      await reload();
      return answer;
    } catch (error) {
      keepProblem(problemOf(error));
      return undefined;
    }
  };
}
