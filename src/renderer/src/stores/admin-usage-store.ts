import { create } from 'zustand';
import { localDay, presetRange, rangeProblem, type RangePreset } from '../../../shared/contract/admin-range';
import type { CustomTagReport, TagAggregation, UsageReport } from '../../../shared/contract/admin-types';
import { api } from '../api/api';
import { callAdmin, type AdminTrouble } from './admin-call';

/** How the detail table (and its CSV) groups the rows; the charts always use the per key and day report. */
export type TableGrouping = 'key_and_day' | 'key';

interface AdminUsageState {
  from: string;
  to: string;
  /** The preset the range came from, or undefined once the dates were chosen by hand. */
  preset: RangePreset | undefined;
  grouping: TableGrouping;
  aggregateBy: TagAggregation;
  report: UsageReport | undefined;
  tags: CustomTagReport | undefined;
  loadingUsage: boolean;
  loadingTags: boolean;
  usageTrouble: AdminTrouble | undefined;
  tagsTrouble: AdminTrouble | undefined;
  load(): Promise<void>;
  loadTags(): Promise<void>;
  setRange(range: { from: string; to: string }, preset?: RangePreset): void;
  setGrouping(grouping: TableGrouping): void;
  setAggregateBy(aggregateBy: TagAggregation): void;
}

const DEFAULT_PRESET: RangePreset = 'this-month';

/**
 * The usage of a range of days and its custom tags. Usage is always asked per key and day (one request gives the
 * per-day charts, the per-key chart and both tables); custom tags come with every page joined by the service side.
 */
export const useAdminUsageStore = create<AdminUsageState>()((set, get) => {
  /** Answers can arrive out of order (a quick change of range): only the latest request's answer is kept. */
  let latestUsage = 0;
  let latestTags = 0;
  return {
    ...presetRange(DEFAULT_PRESET, localDay(new Date())),
    preset: DEFAULT_PRESET,
    grouping: 'key_and_day',
    aggregateBy: 'period',
    report: undefined,
    tags: undefined,
    loadingUsage: false,
    loadingTags: false,
    usageTrouble: undefined,
    tagsTrouble: undefined,
    async load() {
      const { from, to } = get();
      if (rangeProblem(from, to)) return;
      const request = ++latestUsage;
      set({ loadingUsage: true });
      const tags = get().loadTags();
      const outcome = await callAdmin(() => api.adminUsage({ from, to, groupBy: 'key_and_day' }));
      if (request === latestUsage) {
        if (outcome.ok) set({ report: outcome.value, usageTrouble: undefined, loadingUsage: false });
        else set({ report: undefined, usageTrouble: outcome.trouble, loadingUsage: false });
      }
      await tags;
    },
    async loadTags() {
      const { from, to, aggregateBy } = get();
      if (rangeProblem(from, to)) return;
      const request = ++latestTags;
      set({ loadingTags: true });
      const outcome = await callAdmin(() => api.adminCustomTags({ from, to, aggregateBy }));
      if (request !== latestTags) return;
      if (outcome.ok) set({ tags: outcome.value, tagsTrouble: undefined, loadingTags: false });
      else set({ tags: undefined, tagsTrouble: outcome.trouble, loadingTags: false });
    },
    setRange(range, preset) {
      set({ ...range, preset });
      void get().load();
    },
    setGrouping: (grouping) => set({ grouping }),
    setAggregateBy(aggregateBy) {
      set({ aggregateBy });
      void get().loadTags();
    },
  };
});
