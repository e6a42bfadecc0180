import { create } from 'zustand';
import type { CampusChangelog, CampusFailure, CampusStatus } from '../../../shared/contract/campus-types';
import { api } from '../api/api';
import { problemOf, type Problem } from './store-problem';

interface CampusState {
  status: CampusStatus | undefined;
  /** The call to Ticketera's own service failed (the campus's failures are inside `status`). */
  problem: Problem | undefined;
  refreshing: boolean;
  changelog: CampusChangelog | undefined;
  changelogFailure: CampusFailure | undefined;
  changelogProblem: Problem | undefined;
  changelogLoading: boolean;
  /** Reads the kept value: no request to the campus. */
  load(): Promise<void>;
  /** Asks the campus now (the refresh button). */
  refresh(): Promise<void>;
  loadChangelog(): Promise<void>;
}

const REFRESHING_POLL_MS = 1_000;

/** The campus Wi-Fi status the app keeps (refreshed daily by the service) and the API changelog. */
export const useCampusStore = create<CampusState>()((set) => ({
  status: undefined,
  problem: undefined,
  refreshing: false,
  changelog: undefined,
  changelogFailure: undefined,
  changelogProblem: undefined,
  changelogLoading: false,
  async load() {
    try {
      const status = await api.campusStatus();
      set({ status, problem: undefined });
      // The app is asking the campus right now (at start, or the daily timer): show its answer as soon as it lands.
      if (status.refreshing) setTimeout(() => void useCampusStore.getState().load(), REFRESHING_POLL_MS);
    } catch (error) {
      set({ problem: problemOf(error) });
    }
  },
  async refresh() {
    set({ refreshing: true });
    try {
      set({ status: await api.campusRefresh(), problem: undefined });
    } catch (error) {
      set({ problem: problemOf(error) });
    } finally {
      set({ refreshing: false });
    }
  },
  async loadChangelog() {
    set({ changelogLoading: true });
    try {
      const answer = await api.campusChangelog();
      if (answer.ok) set({ changelog: answer.value, changelogFailure: undefined, changelogProblem: undefined });
      else set({ changelogFailure: answer.failure, changelogProblem: undefined });
    } catch (error) {
      set({ changelogProblem: problemOf(error) });
    } finally {
      set({ changelogLoading: false });
    }
  },
}));
