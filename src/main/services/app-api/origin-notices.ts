import type { AppEvent } from '../../../shared/contract/events';
import type { OriginRequest } from '../../../shared/contract/origin-types';

/** At most one `origin.requested` event (so one desktop notification) per this many ms, however many sites ask. */
export const ORIGIN_NOTICE_INTERVAL_MS = 15_000;

/**
 * Tells the window (and so the tray's desktop notification) about new questions, coalesced: the first question after a
 * quiet interval goes out at once (the owner just opened the POS page and waits for it), later ones within the
 * interval go out together when it ends, as one event saying how many asked ("3 sites ask to print").
 */
export class OriginNotices {
  private last = Number.NEGATIVE_INFINITY;
  private held: { request: OriginRequest; asked: number } | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly publish: (event: Extract<AppEvent, { type: 'origin.requested' }>) => void,
    private readonly intervalMs = ORIGIN_NOTICE_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  add(request: OriginRequest): void {
    this.held = { request, asked: (this.held?.asked ?? 0) + 1 };
    if (this.timer !== undefined) return;
    const wait = this.last + this.intervalMs - this.now();
    if (wait <= 0) return this.flush();
    this.timer = setTimeout(() => this.flush(), wait);
    // A question left for later must not keep a stopping process alive.
    this.timer.unref();
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.held = undefined;
  }

  private flush(): void {
    this.timer = undefined;
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    this.last = this.now();
    this.publish({ type: 'origin.requested', request: held.request, asked: held.asked });
  }
}
