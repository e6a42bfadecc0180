import { create } from 'zustand';
import type { JobCounts, JobState, JobSummary, ServiceStatus } from '../../../shared/contract/types';
import type { PrintDocument } from '../../../shared/document/types';
import { api } from '../api/api';
import { messageOf } from './message-of';
import { usePrintersStore } from './printers-store';
import { useStatusStore } from './status-store';
import { debouncedLoad } from './store-actions';
import { isTestJob, submitTestPage, testPageUnanswered } from './test-jobs';

/** The newest jobs the Home page reads: its feed shows a few, and the test page is looked for among them. */
const FEED_READ = 20;
/** Jobs a pushed event waits for before the list is read again (a burst of tickets reads it once). */
const RELOAD_DELAY_MS = 150;
/** While the service has not listed its printers yet, the status is read again this often, this many times. */
const ROUTE_RETRY_MS = 500;
const ROUTE_RETRIES = 30;
/** The test page is followed by reading the list until it finishes: the event stream may be reconnecting then. */
const TEST_CHECK_MS = 400;
const TEST_CHECKS = 40;
/** Events missed while the event stream reconnected (a settings restart) are caught up this often. */
const SAFETY_REFRESH_MS = 15_000;
const GUIDE_KEY = 'ticketera.home.guide';

export interface GuideProgress {
  /** A test page (from Home or the Printers page) was confirmed printed. */
  tested: boolean;
  copied: boolean;
  /** A ticket that is not one of this window's test pages was printed: the POS really has the address. */
  received: boolean;
  hidden: boolean;
}

interface HomeState {
  jobs: JobSummary[];
  /** Tickets printed (and failed) since this computer's midnight, by print time, counted by the service (exact on a busy day too). */
  today: JobCounts | undefined;
  loaded: boolean;
  error: string | undefined;
  testJobId: string | undefined;
  testError: string | undefined;
  guide: GuideProgress;
  load(): Promise<void>;
  printTestPage(document: PrintDocument): Promise<void>;
  markCopied(): void;
  hideGuide(): void;
  showGuide(): void;
  /** Follows the service's pushed events while the Home page is open; returns the function that stops. */
  follow(): () => void;
}

const readGuide = (): GuideProgress => {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(GUIDE_KEY) ?? '{}');
    const flag = (name: keyof GuideProgress): boolean => typeof saved === 'object' && saved !== null && (saved as Record<string, unknown>)[name] === true;
    return { tested: flag('tested'), copied: flag('copied'), received: flag('received'), hidden: flag('hidden') };
  } catch {
    return { tested: false, copied: false, received: false, hidden: false };
  }
};

const saveGuide = (guide: GuideProgress): GuideProgress => {
  try {
    localStorage.setItem(GUIDE_KEY, JSON.stringify(guide));
  } catch {
    // Private windows may refuse storage: the guide then only remembers this visit.
  }
  return guide;
};

export const startOfToday = (now = new Date()): number => new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();

export const useHomeStore = create<HomeState>()((set, get) => {
  const reload = debouncedLoad(() => get().load(), RELOAD_DELAY_MS);
  return {
    jobs: [],
    today: undefined,
    loaded: false,
    error: undefined,
    testJobId: undefined,
    testError: undefined,
    guide: readGuide(),
    async load() {
      try {
        const [{ jobs }, today] = await Promise.all([api.listJobs({ limit: FEED_READ }), api.jobCounts({ since: startOfToday() })]);
        const { guide } = get();
        const printed = jobs.filter((job) => job.state === 'success');
        const tested = guide.tested || printed.some((job) => isTestJob(job.id));
        // Not while a test page's submit is unanswered: its job, already printed, is not known as a test page yet.
        const received = guide.received || (!testPageUnanswered() && printed.some((job) => !isTestJob(job.id)));
        const changed = tested !== guide.tested || received !== guide.received;
        set({ jobs, today, loaded: true, error: undefined, ...(changed ? { guide: saveGuide({ ...guide, tested, received }) } : {}) });
      } catch (error) {
        set({ error: messageOf(error), loaded: true });
      }
    },
    async printTestPage(document) {
      set({ testError: undefined });
      try {
        const id = await submitTestPage(() => api.submitJob({ document }));
        set({ testJobId: id });
        for (let check = 0; check < TEST_CHECKS && get().testJobId === id; check += 1) {
          await get().load();
          const state = testJobState(get().jobs, id);
          if (state === 'success' || state === 'error') break;
          await new Promise((resolve) => setTimeout(resolve, TEST_CHECK_MS));
        }
      } catch (error) {
        set({ testError: messageOf(error) });
      }
    },
    markCopied() {
      const { guide } = get();
      if (!guide.copied) set({ guide: saveGuide({ ...guide, copied: true }) });
    },
    hideGuide: () => set({ guide: saveGuide({ ...get().guide, hidden: true }) }),
    showGuide: () => set({ guide: saveGuide({ ...get().guide, hidden: false }) }),
    follow() {
      void get().load();
      if (!usePrintersStore.getState().list) void usePrintersStore.getState().load();
      // A (re)started service has not listed its printers yet (route null): ask again shortly, a few times.
      let retries = 0;
      let routeTimer: ReturnType<typeof setTimeout> | undefined;
      const checkRoute = (status: ServiceStatus | undefined): void => {
        if (status?.overview?.route !== null) {
          retries = 0;
          return;
        }
        if (routeTimer || retries >= ROUTE_RETRIES) return;
        retries += 1;
        routeTimer = setTimeout(() => {
          routeTimer = undefined;
          void useStatusStore.getState().load();
        }, ROUTE_RETRY_MS);
      };
      checkRoute(useStatusStore.getState().status);
      const unwatchStatus = useStatusStore.subscribe((state) => checkRoute(state.status));
      const safety = setInterval(() => {
        void get().load();
        void useStatusStore.getState().load();
      }, SAFETY_REFRESH_MS);
      const unsubscribe = api.subscribe((event) => {
        if (event.type === 'job.accepted' || event.type === 'job.printed' || event.type === 'job.failed') reload.schedule();
        // Which printer jobs go to follows the printers: read the status again when they change.
        if (event.type === 'printers.changed') void useStatusStore.getState().load();
      });
      return () => {
        clearTimeout(routeTimer);
        clearInterval(safety);
        unwatchStatus();
        reload.cancel();
        unsubscribe();
      };
    },
  };
});

export const testJobState = (jobs: readonly JobSummary[], id: string | undefined): JobState | undefined =>
  id === undefined ? undefined : (jobs.find((job) => job.id === id)?.state ?? 'queued');
