import { create } from 'zustand';
import type { JobSummary } from '../../../shared/contract/types';
import { api } from '../api/api';
import { problemOf, type Problem } from './store-problem';

interface JobsState {
  jobs: JobSummary[];
  loaded: boolean;
  problem: Problem | undefined;
  load(): Promise<void>;
  /** True when the service queued it again, false when it refused (unknown or unfinished job), undefined on failure. */
  reprint(id: string): Promise<boolean | undefined>;
}

/** The whole history the contract lets us read at once: search, filter and paging work on it in the window. */
const HISTORY_SIZE = 500;

export const useJobsStore = create<JobsState>()((set, get) => ({
  jobs: [],
  loaded: false,
  problem: undefined,
  async load() {
    try {
      set({ jobs: await api.listJobs({ limit: HISTORY_SIZE }), loaded: true, problem: undefined });
    } catch (error) {
      set({ problem: problemOf(error) });
    }
  },
  async reprint(id) {
    try {
      // The answer's `mensaje` is in both languages at once: the window says it itself, by `ok`.
      const { ok } = await api.reprintJob({ id });
      await get().load();
      return ok;
    } catch (error) {
      set({ problem: problemOf(error) });
      return undefined;
    }
  },
}));
