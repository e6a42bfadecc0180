import { create } from 'zustand';
import { connection, type ConnectionState } from '../api/api';

interface ConnectionStoreState {
  state: ConnectionState;
  /** When the window last (re)connected and re-read everything, for "updated at" hints and tests. */
  syncedAt: number | undefined;
  receive(state: ConnectionState): void;
  synced(): void;
}

/** The connection to the service as the window shows it (banner, disabled actions). Fed by `connectEvents`. */
export const useConnectionStore = create<ConnectionStoreState>()((set) => ({
  state: connection.current(),
  syncedAt: undefined,
  receive: (state) => set({ state }),
  synced: () => set({ syncedAt: Date.now() }),
}));

/** True when actions that need the service cannot work now. */
export const useServiceUnreachable = (): boolean => useConnectionStore((store) => store.state !== 'connected');
