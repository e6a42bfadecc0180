import type { NewJob } from '../journal/job-journal';
import type { Door } from './door';

/** A job waiting in a printer's lane, with who asked for it. */
export interface WaitingJob extends NewJob {
  door: Door;
}

/**
 * The jobs waiting for one printer, taken in turns by requester (door): the next job is the oldest of the next
 * requester that has one waiting, so a till's receipt waits behind at most one job of each other requester, not
 * behind a whole burst. Each requester's own jobs keep their order.
 */
export class FairWaiting {
  private readonly byDoor = new Map<Door, WaitingJob[]>();
  /** Doors with jobs waiting, the next to be served first. */
  private readonly turns: Door[] = [];
  /** The door served last. It goes to the back only when the next job is taken, not at once: a requester that
   * arrives while that job prints is then served before the served door's next job (it would otherwise wait behind
   * one more job of a burst than it has to). */
  private lastServed: Door | undefined;
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(job: WaitingJob): void {
    const jobs = this.byDoor.get(job.door);
    if (jobs) jobs.push(job);
    else {
      this.byDoor.set(job.door, [job]);
      this.turns.push(job.door);
    }
    this.count += 1;
  }

  shift(): WaitingJob | undefined {
    if (this.turns.length > 1 && this.turns[0] === this.lastServed) this.turns.push(this.turns.shift() as Door);
    const door = this.turns[0];
    if (door === undefined) return undefined;
    const jobs = this.byDoor.get(door) as WaitingJob[];
    const job = jobs.shift() as WaitingJob;
    this.count -= 1;
    this.lastServed = door;
    if (jobs.length === 0) this.forgetDoor(door);
    return job;
  }

  /** Takes a waiting job out (a cancel); false when it is not waiting here. */
  remove(id: string): boolean {
    for (const [door, jobs] of this.byDoor) {
      const index = jobs.findIndex((job) => job.id === id);
      if (index < 0) continue;
      jobs.splice(index, 1);
      this.count -= 1;
      if (jobs.length === 0) this.forgetDoor(door);
      return true;
    }
    return false;
  }

  /** Every waiting job, in the order they would have been taken, leaving the lane empty. */
  takeAll(): WaitingJob[] {
    const all: WaitingJob[] = [];
    for (let job = this.shift(); job; job = this.shift()) all.push(job);
    return all;
  }

  private forgetDoor(door: Door): void {
    this.byDoor.delete(door);
    this.turns.splice(this.turns.indexOf(door), 1);
  }
}
