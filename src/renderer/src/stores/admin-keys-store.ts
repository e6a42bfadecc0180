import { create } from 'zustand';
import type { AdminKey, KeyLimits } from '../../../shared/contract/admin-types';
import { api } from '../api/api';
import { callAdmin, type AdminOutcome, type AdminTrouble } from './admin-call';

interface AdminKeysState {
  keys: AdminKey[];
  loaded: boolean;
  loading: boolean;
  /** Why the list could not be read (actions report their own trouble to the dialog that asked). */
  trouble: AdminTrouble | undefined;
  load(): Promise<void>;
  create(label: string): Promise<AdminOutcome<AdminKey>>;
  rename(keyId: string, label: string): Promise<AdminOutcome<AdminKey>>;
  setLimits(keyId: string, limits: KeyLimits): Promise<AdminOutcome<AdminKey>>;
  deactivate(keyId: string): Promise<AdminOutcome<AdminKey>>;
}

/** The organization's developer keys; every change answers the key as the service now has it, and the list follows. */
export const useAdminKeysStore = create<AdminKeysState>()((set, get) => {
  /** Puts the service's record of a key in the list (new keys at the end). */
  const keep = (outcome: AdminOutcome<AdminKey>): AdminOutcome<AdminKey> => {
    if (outcome.ok) {
      const key = outcome.value;
      const keys = get().keys;
      set({ keys: keys.some((other) => other.keyId === key.keyId) ? keys.map((other) => (other.keyId === key.keyId ? key : other)) : [...keys, key] });
    }
    return outcome;
  };
  return {
    keys: [],
    loaded: false,
    loading: false,
    trouble: undefined,
    async load() {
      set({ loading: true });
      const outcome = await callAdmin(() => api.adminListKeys());
      if (outcome.ok) set({ keys: outcome.value, loaded: true, loading: false, trouble: undefined });
      else set({ loaded: true, loading: false, trouble: outcome.trouble });
    },
    create: async (label) => keep(await callAdmin(() => api.adminCreateKey(label.trim() === '' ? {} : { label: label.trim() }))),
    rename: async (keyId, label) => keep(await callAdmin(() => api.adminRenameKey({ keyId, label }))),
    setLimits: async (keyId, limits) => keep(await callAdmin(() => api.adminSetKeyLimits({ keyId, ...limits }))),
    deactivate: async (keyId) => keep(await callAdmin(() => api.adminDeactivateKey({ keyId }))),
  };
});
