import { create } from 'zustand';
import type { OnlineOrderInput } from '../../../shared/contract/online-orders';
import type { OnlineOrdersView, OnlineOrderTestResult } from '../../../shared/contract/online-order-state';
import { api } from '../api/api';
import { problemOf, type Problem } from './store-problem';

interface OnlineOrdersState {
  view: OnlineOrdersView | undefined;
  problem: Problem | undefined;
  /** The server an action (save, remove, Probar) is running for ('new' while adding). */
  busy: string | undefined;
  /** What the last "Probar" found, by server id. */
  tested: Record<string, OnlineOrderTestResult>;
  load(): Promise<void>;
  save(input: OnlineOrderInput): Promise<boolean>;
  remove(id: string): Promise<void>;
  test(id: string): Promise<void>;
}

export const useOnlineOrdersStore = create<OnlineOrdersState>()((set, get) => {
  const run = async (busy: string, call: () => Promise<void>): Promise<boolean> => {
    set({ busy });
    try {
      await call();
      set({ problem: undefined });
      return true;
    } catch (error) {
      set({ problem: problemOf(error) });
      return false;
    } finally {
      set({ busy: undefined });
    }
  };
  return {
    view: undefined,
    problem: undefined,
    busy: undefined,
    tested: {},
    async load() {
      try {
        set({ view: await api.onlineOrders(), problem: undefined });
      } catch (error) {
        set({ problem: problemOf(error) });
      }
    },
    save: (input) => run(input.id ?? 'new', async () => set({ view: await api.saveOnlineOrder(input) })),
    async remove(id) {
      await run(id, async () => set({ view: await api.removeOnlineOrder({ id }) }));
    },
    async test(id) {
      await run(id, async () => {
        const result = await api.testOnlineOrder({ id });
        if (result) set({ tested: { ...get().tested, [id]: result } });
        set({ view: await api.onlineOrders() });
      });
    },
  };
});
