import { create } from 'zustand';
import type { JobSummary, ReprintResult } from '../../../shared/contract/types';
import { api } from '../api/api';
import { problemOf, type Problem } from './store-problem';
import { actionThenReload, debouncedLoad } from './store-actions';

/** More held tickets than this means the printer has been stopped a long while: the Jobs page lists them all. */
const HELD_READ = 50;
/** A burst of events (a lane holding its waiting jobs at once) reads the list once. */
const RELOAD_DELAY_MS = 200;

interface HeldState {
  /** Tickets the printer stopped (paper out, cover open…), newest first: they never print by themselves. */
  jobs: JobSummary[];
  /** How many are held in all (more than the list shows when over HELD_READ). */
  total: number;
  loaded: boolean;
  problem: Problem | undefined;
  load(): Promise<void>;
  /** "Print now": queued again unless its printer still cannot print (`printer-blocked`, it stays held). */
  printNow(id: string): Promise<ReprintResult['reason'] | undefined>;
  /** Dropped for good; false when it was no longer held (printed or expired meanwhile). */
  discard(id: string): Promise<boolean | undefined>;
  /** Reads the list again on the service's job events while a page shows it; returns the function that stops. */
  follow(): () => void;
}

export const useHeldStore = create<HeldState>()((set, get) => {
  const reload = debouncedLoad(() => get().load(), RELOAD_DELAY_MS);
  const act = actionThenReload(() => get().load(), (problem) => set({ problem }));
  return {
    jobs: [],
    total: 0,
    loaded: false,
    problem: undefined,
    async load() {
      try {
        const { jobs, total } = await api.listJobs({ outcome: 'held', limit: HELD_READ });
        set({ jobs, total, loaded: true, problem: undefined });
      } catch (error) {
        set({ problem: problemOf(error), loaded: true });
      }
    },
    printNow: (id) => act(async () => (await api.reprintJob({ id })).reason),
    discard: (id) => act(async () => (await api.discardHeldJob({ id })).discarded),
    follow() {
      void get().load();
      const unsubscribe = api.subscribe((event) => {
        // A job held or printed, and the expiry (the queue's status changes when it discards held jobs).
        if (event.type === 'job.failed' || event.type === 'job.printed' || event.type === 'service.status') reload.schedule();
      });
      return () => {
        reload.cancel();
        unsubscribe();
      };
    },
  };
});
