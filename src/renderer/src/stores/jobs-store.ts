import { create } from 'zustand';
import type { InputOf } from '../../../shared/contract/methods';
import type { CancelResult, JobState, JobSummary, ReprintResult } from '../../../shared/contract/types';
import { api } from '../api/api';
import { problemOf, type Problem } from './store-problem';
import { actionThenReload } from './store-actions';

export const PAGE_SIZE = 20;

/** What the owner chose to see; kept while the list refreshes itself on every job event. */
export interface JobsFilter {
  query: string;
  /** A journal state, or `held`: tickets the printer stopped, waiting for "Print now" or "Discard". */
  state: JobState | 'held' | 'all';
  /** A printer as the journal names it; '' for every printer. */
  printer: string;
  /** Days as `<input type="date">` gives them (`2025-05-20`, local); '' for no limit. */
  fromDay: string;
  toDay: string;
}

export const NO_FILTER: JobsFilter = { query: '', state: 'all', printer: '', fromDay: '', toDay: '' };

interface JobsState {
  filter: JobsFilter;
  page: number;
  jobs: JobSummary[];
  /** How many jobs match the filter in all (the list shows one page of them). */
  total: number;
  printers: string[];
  loaded: boolean;
  problem: Problem | undefined;
  /** Grows with every read, so an open job's detail knows to read itself again. */
  version: number;
  load(): Promise<void>;
  setFilter(change: Partial<JobsFilter>): void;
  setPage(page: number): void;
  reprint(id: string): Promise<ReprintResult['reason'] | undefined>;
  cancel(id: string): Promise<CancelResult | undefined>;
  /** Drops a held ticket for good; false when it was no longer held. */
  discard(id: string): Promise<boolean | undefined>;
}

/** Local midnight of a `yyyy-mm-dd` day, `days` later; undefined for an empty or unreadable day. */
export function midnightOf(day: string, days = 0): number | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return undefined;
  return new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]) + days).getTime();
}

/** "To day" before "from day" finds nothing: the window says so on the field instead of asking. */
export const isBackwards = (filter: JobsFilter): boolean => filter.fromDay !== '' && filter.toDay !== '' && filter.toDay < filter.fromDay;

function queryOf(filter: JobsFilter, page: number): NonNullable<InputOf<'listJobs'>> {
  const query = filter.query.trim();
  const from = midnightOf(filter.fromDay);
  // The whole last day counts: up to the midnight after it.
  const to = midnightOf(filter.toDay, 1);
  return {
    ...(query !== '' ? { query } : {}),
    ...(filter.state === 'held' ? { outcome: 'held' as const } : filter.state !== 'all' ? { state: filter.state } : {}),
    ...(filter.printer !== '' ? { printer: filter.printer } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    offset: page * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
}

/** The job history, searched, filtered and paged by the service (the journal may hold thousands of jobs). */
export const useJobsStore = create<JobsState>()((set, get) => {
  /** Answers can arrive out of order (typing fast): only the latest request's answer is shown. */
  let latest = 0;
  const act = actionThenReload(() => get().load(), (problem) => set({ problem }));
  return {
    filter: NO_FILTER,
    page: 0,
    jobs: [],
    total: 0,
    printers: [],
    loaded: false,
    problem: undefined,
    version: 0,
    async load() {
      const request = ++latest;
      const { filter, page } = get();
      if (isBackwards(filter)) {
        set({ jobs: [], total: 0, loaded: true, problem: undefined, version: get().version + 1 });
        return;
      }
      try {
        const [{ jobs, total }, printers] = await Promise.all([api.listJobs(queryOf(filter, page)), api.jobPrinters()]);
        if (request !== latest) return;
        // Jobs that were on this page may have gone (a filter, a reprint moving one to the top): show the last page.
        const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
        if (page > lastPage) {
          set({ page: lastPage });
          return get().load();
        }
        set({ jobs, total, printers, loaded: true, problem: undefined, version: get().version + 1 });
      } catch (error) {
        if (request === latest) set({ problem: problemOf(error), loaded: true });
      }
    },
    setFilter(change) {
      set({ filter: { ...get().filter, ...change }, page: 0 });
      void get().load();
    },
    setPage(page) {
      set({ page });
      void get().load();
    },
    reprint: (id) => act(async () => (await api.reprintJob({ id })).reason),
    discard: (id) => act(async () => (await api.discardHeldJob({ id })).discarded),
    cancel: (id) => act(() => api.cancelJob({ id })),
  };
});
