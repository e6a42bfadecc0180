import { create } from 'zustand';
import type { TranslationFailure, TranslationLanguages } from '../../../shared/contract/translation-types';
import { api } from '../api/api';
import { messageOf } from './message-of';

interface TranslationLanguagesState {
  languages: TranslationLanguages | undefined;
  failure: TranslationFailure | undefined;
  /** The call itself failed (the service is not reachable): its technical words. */
  error: string | undefined;
  loading: boolean;
  /** Asks the service once; `force` asks again (after a new key). */
  load(force?: boolean): Promise<void>;
}

/** The languages the translation service offers, shared by the designer's dialog and the Translation page. */
export const useTranslationLanguages = create<TranslationLanguagesState>()((set, get) => ({
  languages: undefined,
  failure: undefined,
  error: undefined,
  loading: false,
  async load(force = false) {
    if (get().loading || (get().languages && !force)) return;
    set({ loading: true });
    try {
      const answer = await api.translationLanguages();
      set(answer.ok ? { languages: answer.value, failure: undefined, error: undefined } : { languages: undefined, failure: answer.failure, error: undefined });
    } catch (error) {
      set({ error: messageOf(error) });
    } finally {
      set({ loading: false });
    }
  },
}));
