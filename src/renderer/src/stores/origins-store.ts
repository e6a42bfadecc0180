import { create } from 'zustand';
import { isUnderDomain } from '../../../shared/contract/origin-domains';
import { MAX_PENDING_ORIGINS, type OriginRequest, type OriginsView } from '../../../shared/contract/origin-types';
import { api } from '../api/api';
import { problemOf, type Problem } from './store-problem';

interface OriginsState {
  view: OriginsView | undefined;
  problem: Problem | undefined;
  /**
   * The site the prompt asks about. It stays the same until the owner answers or puts it off, however many other
   * sites ask meanwhile: the Allow button must never end up answering a site the owner did not read.
   */
  asking: OriginRequest | undefined;
  /** Sites the owner put off ("later"): the prompt comes back only for a site that asks after that. */
  putOff: string[];
  /** The origin (or domain) whose answer is being saved (its buttons wait). */
  busy: string | undefined;
  /** The domain just refused with all its subdomains: the window offers to undo it. */
  refusedDomain: string | undefined;
  load(): Promise<void>;
  /** Sites asked for the first time (pushed by the service, coalesced: `request` is the newest of them). */
  receive(request: OriginRequest): void;
  answer(origin: string, allow: boolean): Promise<boolean>;
  /** Refuses the site's parent domain (`request.domain`) and every name under it. */
  refuseDomain(request: OriginRequest): Promise<void>;
  forget(origin: string): Promise<void>;
  forgetDomain(domain: string): Promise<void>;
  closeUndo(): void;
  later(): void;
}

/** The newest question not put off: what the owner most likely just did (opened the POS page). */
function nextQuestion(view: OriginsView | undefined, putOff: readonly string[], current: OriginRequest | undefined): OriginRequest | undefined {
  if (current) return current;
  const open = (view?.pending ?? []).filter((request) => !putOff.includes(request.origin));
  return open.reduce<OriginRequest | undefined>((newest, request) => (newest && newest.lastSeen >= request.lastSeen ? newest : request), undefined);
}

export const useOriginsStore = create<OriginsState>()((set, get) => {
  const settle = (view: OriginsView) => {
    const current = get().asking;
    // Answered here, in another window or in Settings: the question is over.
    const decided =
      current &&
      (view.fixedBy !== null || view.allowed.includes(current.origin) || view.denied.includes(current.origin) || isUnderDomain(current.origin, view.deniedDomains));
    set({ view, problem: undefined, asking: nextQuestion(view, get().putOff, decided ? undefined : current) });
  };
  return {
    view: undefined,
    problem: undefined,
    asking: undefined,
    putOff: [],
    busy: undefined,
    refusedDomain: undefined,
    async load() {
      try {
        settle(await api.originRequests());
      } catch (error) {
        set({ problem: problemOf(error) });
      }
    },
    receive(request) {
      const view = get().view;
      if (view && !view.pending.some((known) => known.origin === request.origin) && view.pending.length < MAX_PENDING_ORIGINS) {
        settle({ ...view, pending: [...view.pending, request] });
      }
      // One event may stand for several new sites: the service's list has them all (at most once per interval).
      void get().load();
    },
    async answer(origin, allow) {
      set({ busy: origin });
      try {
        settle(await api.answerOrigin({ origin, allow }));
        return true;
      } catch (error) {
        set({ problem: problemOf(error) });
        return false;
      } finally {
        set({ busy: undefined });
      }
    },
    async refuseDomain(request) {
      const domain = request.domain;
      if (domain === null) return;
      set({ busy: request.origin });
      try {
        settle(await api.answerOrigin({ origin: request.origin, allow: false, subdomains: true }));
        set({ refusedDomain: domain });
      } catch (error) {
        set({ problem: problemOf(error) });
      } finally {
        set({ busy: undefined });
      }
    },
    async forgetDomain(domain) {
      set({ busy: domain });
      try {
        settle(await api.forgetDomain({ domain }));
        if (get().refusedDomain === domain) set({ refusedDomain: undefined });
      } catch (error) {
        set({ problem: problemOf(error) });
      } finally {
        set({ busy: undefined });
      }
    },
    closeUndo() {
      set({ refusedDomain: undefined });
    },
    async forget(origin) {
      // Forgotten means "ask me again": the prompt may show it again.
      set({ busy: origin, putOff: get().putOff.filter((known) => known !== origin) });
      try {
        settle(await api.forgetOrigin({ origin }));
      } catch (error) {
        set({ problem: problemOf(error) });
      } finally {
        set({ busy: undefined });
      }
    },
    later() {
      // Every site waiting now, not just the one shown: a page making up sites must not keep the prompt up.
      const waiting = [get().asking, ...(get().view?.pending ?? [])].flatMap((request) => (request ? [request.origin] : []));
      const putOff = [...new Set([...get().putOff, ...waiting])].slice(-MAX_PENDING_ORIGINS * 2);
      set({ putOff, asking: undefined });
    },
  };
});
