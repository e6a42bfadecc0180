import { create } from 'zustand';
import type { JobSummary } from '../../../shared/contract/types';
import { api } from '../api/api';
import { messageOf } from './message-of';

interface JobsState {
  jobs: JobSummary[];
  error: string | undefined;
  notice: string | undefined;
  load(): Promise<void>;
  reprint(id: string): Promise<void>;
}

const HISTORY_SIZE = 100;

export const useJobsStore = create<JobsState>()((set, get) => ({
  jobs: [],
  error: undefined,
  notice: undefined,
  async load() {
    try {
      set({ jobs: await api.listJobs({ limit: HISTORY_SIZE }), error: undefined });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async reprint(id) {
    try {
      const result = await api.reprintJob({ id });
      set({ notice: result.mensaje, error: result.ok ? undefined : result.mensaje });
      await get().load();
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
}));
