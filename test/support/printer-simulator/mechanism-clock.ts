/** How far behind its deadlines a late mechanism may catch up at once (an event loop stall is not paper speed). */
const MAX_CATCH_UP_MS = 50;

/**
 * The time a mechanism takes: deadlines rather than a sleep per command, so timer lateness does not add up over a
 * long job and the average speed is the set one.
 */
export class MechanismClock {
  private deadline = 0;
  private wakeSleeper: (() => void) | null = null;

  /** The mechanism starts after being idle: its time counts from now. */
  restart(): void {
    this.deadline = performance.now();
  }

  /** Resolves `ms` after the previous command's deadline (at once if it is already past). */
  async advance(ms: number): Promise<void> {
    this.deadline = Math.max(this.deadline, performance.now() - MAX_CATCH_UP_MS) + ms;
    const wait = this.deadline - performance.now();
    if (wait > 0) await this.sleep(wait);
  }

  /** Ends the wait now (the simulator closes). */
  wake(): void {
    this.wakeSleeper?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeSleeper = null;
        resolve();
      }, ms);
      this.wakeSleeper = () => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve();
      };
    });
  }
}
