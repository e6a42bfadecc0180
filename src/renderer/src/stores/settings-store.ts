import { create } from 'zustand';
import type { SecretsPatch, SettingsPatch, SettingsView } from '../../../shared/contract/settings';
import { api } from '../api/api';
import { messageOf } from './message-of';

interface SettingsState {
  settings: SettingsView | undefined;
  error: string | undefined;
  saved: boolean;
  load(): Promise<void>;
  save(settings: SettingsPatch, secrets: SecretsPatch): Promise<void>;
}

const APPLY_CHECKS = 20;
const APPLY_CHECK_MS = 250;

export const useSettingsStore = create<SettingsState>()((set) => ({
  settings: undefined,
  error: undefined,
  saved: false,
  async load() {
    try {
      set({ settings: await api.getSettings(), error: undefined });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  async save(settings, secrets) {
    set({ saved: false });
    let view: SettingsView;
    try {
      view = await api.updateSettings({ settings, secrets });
      set({ settings: view, error: undefined, saved: true });
    } catch (error) {
      set({ error: messageOf(error) });
      return;
    }
    // The service restarts just after answering: read again until the change is applied (or said not to be).
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
}));
