import type { OriginRequest } from '../../../shared/contract/origin-types';

/**
 * Sites waiting for the owner's answer, oldest first. Bounded, and the first ones stay: when the list is full a new
 * site is not added (it is refused without a question), so a page making up origins can neither grow memory nor push
 * out the POS that asked before it — a pushed-out site would ask again and again.
 */
export class PendingOrigins {
  /** Insertion order is first-seen order. */
  private readonly requests = new Map<string, OriginRequest>();

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.requests.size >= this.limit;
  }

  /** Counts one more refused attempt of a waiting site; false when the site is not waiting. */
  touch(origin: string, now: number): boolean {
    const known = this.requests.get(origin);
    if (!known) return false;
    known.lastSeen = now;
    known.attempts += 1;
    return true;
  }

  /** A new question (the caller checked `full` and its budget); answers a copy of what was stored. */
  add(origin: string, domain: string | null, now: number): OriginRequest {
    const request: OriginRequest = { origin, firstSeen: now, lastSeen: now, attempts: 1, domain };
    this.requests.set(origin, request);
    return { ...request };
  }

  /** Drops the questions answered some other way (a settings change, a refused domain), so they free their place. */
  removeWhere(answered: (origin: string) => boolean): void {
    for (const origin of this.requests.keys()) if (answered(origin)) this.requests.delete(origin);
  }

  remove(origin: string): void {
    this.requests.delete(origin);
  }

  list(): OriginRequest[] {
    return [...this.requests.values()].map((request) => ({ ...request }));
  }
}
