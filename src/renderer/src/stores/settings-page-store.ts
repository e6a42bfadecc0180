import { create } from 'zustand';

interface SettingsPageState {
  /** "Avanzado" is open: kept while the window is open (leaving Settings, a save), forgotten on reload. */
  advancedOpen: boolean;
  /** The form holds changes not saved yet (published by the form, read when the owner leaves the page). */
  dirty: boolean;
  /** Where the owner asked to go, waiting for the answer to "Save changes?". */
  pendingLeave: (() => void) | undefined;
  setAdvancedOpen(open: boolean): void;
  setDirty(dirty: boolean): void;
  /** Runs `leave` at once when nothing is unsaved; otherwise keeps it and the form asks first (as the designer does). */
  requestLeave(leave: () => void): void;
  /** The step asked for, cleared: the form runs it once the answer allows. */
  takeLeave(): (() => void) | undefined;
}

export const useSettingsPageStore = create<SettingsPageState>()((set, get) => ({
  advancedOpen: false,
  dirty: false,
  pendingLeave: undefined,
  setAdvancedOpen: (advancedOpen) => set({ advancedOpen }),
  setDirty: (dirty) => set({ dirty }),
  requestLeave(leave) {
    if (get().dirty) set({ pendingLeave: leave });
    else leave();
  },
  takeLeave() {
    const leave = get().pendingLeave;
    set({ pendingLeave: undefined });
    return leave;
  },
}));
