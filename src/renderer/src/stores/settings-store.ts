import { create } from 'zustand';
import type { SecretsPatch, SettingsPatch, SettingsView } from '../../../shared/contract/settings';
import { api } from '../api/api';
import { problemOf, type Problem } from './store-problem';

interface SettingsState {
  settings: SettingsView | undefined;
  problem: Problem | undefined;
  saved: boolean;
  load(): Promise<void>;
  save(settings: SettingsPatch, secrets: SecretsPatch): Promise<void>;
  /**
   * A setting that takes effect as it is picked (the language): saved at once, without the "Saved" a press of Save
   * shows, since the rest of the form may still hold changes that are not.
   */
  saveAtOnce(settings: SettingsPatch): Promise<void>;
  /** Reads the settings again until a change being applied is applied (or said not to be). */
  followApply(view: SettingsView): Promise<void>;
}

const APPLY_CHECKS = 20;
const APPLY_CHECK_MS = 250;

export const useSettingsStore = create<SettingsState>()((set, get) => {
  /** Sends a change and follows it until applied; `done` is set with the answer (nothing when it is refused). */
  const send = async (settings: SettingsPatch, secrets: SecretsPatch, done: Partial<SettingsState>): Promise<void> => {
    let view: SettingsView;
    try {
      view = await api.updateSettings({ settings, secrets });
      set({ settings: view, problem: undefined, ...done });
    } catch (error) {
      set({ problem: problemOf(error) });
      return;
    }
    await get().followApply(view);
  };
  return {
    settings: undefined,
    problem: undefined,
    saved: false,
    async load() {
      try {
        set({ settings: await api.getSettings(), problem: undefined });
      } catch (error) {
        set({ problem: problemOf(error) });
      }
    },
    async save(settings, secrets) {
      set({ saved: false });
      await send(settings, secrets, { saved: true });
    },
    saveAtOnce: (settings) => send(settings, {}, {}),
    async followApply(first) {
      // The service restarts just after answering: read again until the change is applied (or said not to be).
      let view = first;
      for (let attempt = 0; view.applying && attempt < APPLY_CHECKS; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, APPLY_CHECK_MS));
        try {
          view = await api.getSettings();
          set({ settings: view });
        } catch {
          // Unreachable while it restarts; try again.
        }
      }
    },
  };
});
