import type { OriginRequest } from '../../../shared/contract/origin-types';
import type { AppEvent } from '../../../shared/contract/events';
import { Coalescer } from './coalescer';

type OriginRequested = Extract<AppEvent, { type: 'origin.requested' }>;

/**
 * At most one `origin.requested` event per this many ms, however many sites ask. Short: a second POS site set up
 * just after the first must show in the window about as soon. The desktop notifications built on these events are
 * coalesced over a longer interval (OriginNotificationDigest).
 */
export const ORIGIN_NOTICE_INTERVAL_MS = 2_000;

/**
 * Tells the window (and the tray) about new questions, coalesced: the first question after a quiet interval goes out
 * at once (the owner just opened the POS page and waits for it), later ones within the interval go out together when
 * it ends, as one event naming the newest and counting them. Questions are few already (QuestionBudget): this bounds
 * their bursts.
 */
export class OriginNotices {
  private readonly coalescer: Coalescer<Omit<OriginRequested, 'type'>>;

  constructor(publish: (event: OriginRequested) => void, intervalMs = ORIGIN_NOTICE_INTERVAL_MS) {
    this.coalescer = new Coalescer(
      (held) => publish({ type: 'origin.requested', ...held }),
      (held, next) => ({ request: next.request, asked: (held?.asked ?? 0) + next.asked }),
      intervalMs,
    );
  }

  add(request: OriginRequest): void {
    this.coalescer.add({ request, asked: 1 });
  }

  close(): void {
    this.coalescer.close();
  }
}
