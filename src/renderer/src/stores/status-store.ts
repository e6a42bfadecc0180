import { create } from 'zustand';
import type { ServiceStatus } from '../../../shared/contract/types';
import { api } from '../api/api';
import { messageOf } from './message-of';

interface StatusState {
  status: ServiceStatus | undefined;
  error: string | undefined;
  load(): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  receive(status: ServiceStatus): void;
}

export const useStatusStore = create<StatusState>()((set) => ({
  status: undefined,
  error: undefined,
  async load() {
    try {
      set({ status: await api.getStatus(), error: undefined });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async setPaused(paused) {
    try {
      set({ status: await api.setPaused({ paused }), error: undefined });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  receive: (status) => set({ status }),
}));
