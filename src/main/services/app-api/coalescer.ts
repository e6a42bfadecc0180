/**
 * Leading and trailing coalescing: the first value after a quiet interval is emitted at once (whoever waits for it,
 * waits for that one), the values that come during the interval are merged and emitted as one when it ends. So at
 * most one emission per interval, however many values come, and none is lost.
 */
export class Coalescer<T> {
  private last = Number.NEGATIVE_INFINITY;
  private held: T | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly emit: (value: T) => void,
    /** Folds a new value into the ones held since the last emission (none held: `held` is undefined). */
    private readonly merge: (held: T | undefined, next: T) => T,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  add(value: T): void {
    this.held = this.merge(this.held, value);
    if (this.timer !== undefined) return;
    const wait = this.last + this.intervalMs - this.now();
    if (wait <= 0) return this.flush();
    this.timer = setTimeout(() => this.flush(), wait);
    // Something left for later must not keep a stopping process alive.
    this.timer.unref();
  }

  /** Drops what is held (the process is stopping). */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.held = undefined;
  }

  private flush(): void {
    this.timer = undefined;
    const held = this.held;
    this.held = undefined;
    if (held === undefined) return;
    this.last = this.now();
    this.emit(held);
  }
}
