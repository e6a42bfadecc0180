import { create } from 'zustand';
import type { ServiceStatus } from '../../../shared/contract/types';
import { api } from '../api/api';
import { messageOf } from './message-of';

interface StatusState {
  status: ServiceStatus | undefined;
  /** When `status` was read from the service: what Home shows, greyed, while the service cannot be reached. */
  readAt: number | undefined;
  error: string | undefined;
  load(): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  receive(status: ServiceStatus): void;
}

export const useStatusStore = create<StatusState>()((set) => ({
  status: undefined,
  readAt: undefined,
  error: undefined,
  async load() {
    try {
      set({ status: await api.getStatus(), readAt: Date.now(), error: undefined });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async setPaused(paused) {
    try {
      set({ status: await api.setPaused({ paused }), readAt: Date.now(), error: undefined });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  receive: (status) => set({ status, readAt: Date.now() }),
}));
