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
    try {
      set({ settings: await api.updateSettings({ settings, secrets }), error: undefined, saved: true });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
}));
