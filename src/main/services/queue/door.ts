/**
 * Who asked for a job: the queue's slots and each printer's turns are shared out by it. One requester is one key, and
 * only what the service can verify makes a requester of its own (a header a caller chooses does not):
 * - `ws:<n>`: one WebSocket connection (one till, or one web app's tab);
 * - `fleet:<response topic>`: one remote-printing requester, told apart by its MQTT response topic, as the fleet's
 *   rate limits already do (each chain system answers on a topic of its own; the broker is shared by all of them,
 *   so counting the whole broker as one would let one chain system's burst take the turns of another's);
 * - `<door>:site:<origin>`, `<door>:token:<address>`: a vendor door's caller from a site the owner allowed, or one that
 *   presented the service's token (see intake/requester-identity.ts);
 * - `unverified:<door>`: every other caller of a vendor door, together (see unverifiedDoor);
 * - `restored:<kind>:<label>`: jobs found in the journal after a restart (acknowledged before it, their connection is
 *   gone), one door per source they came from (see restoredDoor); `restored` for those journaled before sources were;
 * - `window`: the service's own window (a test print, a reprint).
 */
import type { JobSource } from '../../../shared/contract/job-source';

export type Door = string;

export const RESTORED_DOOR: Door = 'restored';
export const WINDOW_DOOR: Door = 'window';

let connections = 0;

/** A door for a new WebSocket connection: unique for the life of the process. */
export function wsDoor(): Door {
  connections += 1;
  return `ws:${connections}`;
}

/**
 * The door of jobs restored after a restart, from the source the journal kept: each POS's, each fleet requester's
 * backlog takes its own turns, so one till's dozens of tickets do not hold up another's one after a restart either.
 * Never a live door: the connections they came by are gone, and a till that reconnects is a new requester.
 */
export function restoredDoor(source: JobSource | null): Door {
  return source === null ? RESTORED_DOOR : `${RESTORED_DOOR}:${source.kind}:${source.label}`;
}

/** The door of a remote-printing requester; requests without a response topic share one (no one hears them anyway). */
export function fleetDoor(responseTopic: string | undefined): Door {
  return `fleet:${responseTopic ?? ''}`;
}

/** The prefix of doors whose callers the service cannot tell apart: they never get the queue to themselves. */
const UNVERIFIED = 'unverified:';

/**
 * The one door of every caller of a vendor door (`epos`, `webprnt`) that neither named a site the owner allowed nor
 * presented the token: any program on the shop's network. Told apart by nothing they cannot choose (an Origin, a Host,
 * one more address), they share one requester, so a flood of made-up names holds one share, not one each.
 */
export function unverifiedDoor(protocol: string): Door {
  return `${UNVERIFIED}${protocol}`;
}

/** How long a requester that asked for a slot counts as competing for the queue (the rate limit's window). */
export const COMPETING_MS = 60_000;

/**
 * The share rule. A requester alone gets the whole capacity, as the protocol promises a till (`Queue full` only at
 * capacity). Once two compete — another door holds jobs, or asked for a slot within COMPETING_MS (a till that printed
 * a minute ago, or was just told `Queue full`, is still there) — the last `reserve` slots (a fifth of the capacity, at
 * least one) are kept for requesters that hold only a few jobs (fewer than `light`: a quarter of the reserve, at least
 * one): a till holds one or two receipts at a time, a burst from the cloud holds dozens. So however many bursting
 * requesters there are, together they fill at most `capacity − reserve` slots and then hear `Queue full` themselves,
 * while a till still gets a slot; and no two bursts that arrive after the shared part is full can take the whole
 * reserve (each gets at most `light − 1` of it). A burst that filled the queue while alone gets no slot back once a
 * till has asked (and been refused): the till's retry takes the next slot that frees. The unverified door is never
 * alone (it is anyone): it never takes the reserve, even from a till that has not asked yet.
 * A fixed reserve rather than capacity ÷ active requesters: a share that shrinks as requesters come would refuse a
 * requester that already holds jobs more than it needs to.
 */
export function shareOf(capacity: number): { reserve: number; light: number } {
  const reserve = Math.max(1, Math.ceil(capacity / 5));
  return { reserve, light: Math.max(1, Math.ceil(reserve / 4)) };
}

/** When a door last asked for a slot. */
interface Asked {
  door: Door;
  at: number;
}

/** Who holds a job and where it came from: one object per door and source, shared by all their jobs. */
interface Holder {
  door: Door;
  source: JobSource | null;
}

/** Jobs accepted and not finished, by id, with how many each door holds and where each came from. */
export class DoorHoldings {
  /**
   * Each job's holder. A door's jobs share one holder (see holderOf), so keeping where a job came from costs a ticket
   * no second map entry nor object: the queue is as large as its backlog, and every entry is work for the collector.
   */
  private readonly doors = new Map<string, Holder>();
  private readonly holders = new Map<Door, Holder>();
  private readonly counts = new Map<Door, number>();
  /**
   * The two doors that asked for a slot last, each a different door: whether any other door asked recently is then
   * known from these two alone, whatever the number of requesters (the latest, or the one before it when the latest
   * is the door asking).
   */
  private latest: Asked | undefined;
  private previous: Asked | undefined;

  get size(): number {
    return this.doors.size;
  }

  has(id: string): boolean {
    return this.doors.has(id);
  }

  heldBy(door: Door): number {
    return this.counts.get(door) ?? 0;
  }

  /** Where a job still held came from (null when not known, or the job is not held). */
  sourceOf(id: string): JobSource | null {
    return this.doors.get(id)?.source ?? null;
  }

  add(id: string, door: Door, source: JobSource | null = null): void {
    if (this.doors.has(id)) return;
    this.doors.set(id, this.holderOf(door, source));
    this.counts.set(door, this.heldBy(door) + 1);
  }

  delete(id: string): void {
    const door = this.doors.get(id)?.door;
    if (door === undefined) return;
    this.doors.delete(id);
    const left = this.heldBy(door) - 1;
    if (left > 0) this.counts.set(door, left);
    else {
      this.counts.delete(door);
      this.holders.delete(door);
    }
  }

  /** The door's holder for `source`: a live door's jobs all come from one source, so it is made once per door. */
  private holderOf(door: Door, source: JobSource | null): Holder {
    const known = this.holders.get(door);
    if (known?.source === source) return known;
    const holder = { door, source };
    // A door whose jobs come from several sources (the window's reprints) keeps the latest.
    this.holders.set(door, holder);
    return holder;
  }

  /** True when `door` may take one more slot of `capacity` (see shareOf). Asking counts as competing, whatever the answer. */
  hasRoomFor(door: Door, capacity: number, now = Date.now()): boolean {
    const alone = !door.startsWith(UNVERIFIED) && this.heldBy(door) === this.doors.size && !this.otherAskedSince(door, now - COMPETING_MS);
    this.asked(door, now);
    if (this.doors.size >= capacity) return false;
    if (alone) return true;
    const { reserve, light } = shareOf(capacity);
    return this.doors.size < capacity - reserve || this.heldBy(door) < light;
  }

  private otherAskedSince(door: Door, since: number): boolean {
    const other = this.latest?.door === door ? this.previous : this.latest;
    return other !== undefined && other.at > since;
  }

  private asked(door: Door, at: number): void {
    if (this.latest?.door === door) {
      this.latest.at = at;
      return;
    }
    // The two records are reused: with many connections the asking door changes at almost every ticket.
    const record = this.previous ?? { door, at };
    record.door = door;
    record.at = at;
    this.previous = this.latest;
    this.latest = record;
  }
}
