import { create } from 'zustand';
import type { TextTranslation, TranslationFailure } from '../../../shared/contract/translation-types';
import { api } from '../api/api';
import type { LanguageChoice } from '../components/translation/LanguageFields';
import { receiptTexts, withTranslations, type ReceiptText } from '../designer/translate/receipt-texts';
import { messageOf } from './message-of';

interface TranslationDialogState {
  open: boolean;
  /** The receipt as it was when the dialog opened: what is translated and what the variant is made from. */
  document: unknown;
  templateName: string;
  texts: ReceiptText[];
  choice: LanguageChoice;
  /** Brand names, one per line, as the owner typed them. */
  terms: string;
  /** The service's answer for the language it was asked for. */
  results: TextTranslation[] | undefined;
  resultLanguage: string;
  /** The translations as the owner edited them, one per text. */
  edited: string[];
  billedCharacters: number;
  cacheHits: number;
  /** Billed for this template in all (the cache's per-template totals). */
  templateBilled: number | undefined;
  busy: boolean;
  failure: TranslationFailure | undefined;
  error: string | undefined;
  /** The language version just saved. */
  savedLanguage: string | undefined;
  show(document: unknown, templateName: string, protectedTerms: readonly string[]): void;
  hide(): void;
  setChoice(choice: LanguageChoice): void;
  setTerms(terms: string): void;
  edit(index: number, text: string): void;
  translate(request: { targetLang: string; sourceLang?: string; formality?: LanguageChoice['formality'] }): Promise<void>;
  /** Saves the edited translation as the template's version in that language; true when saved. */
  saveVariant(): Promise<boolean>;
}

export const termsOf = (text: string): string[] => [...new Set(text.split('\n').map((line) => line.trim()).filter((line) => line !== ''))];

export const useTranslationDialog = create<TranslationDialogState>()((set, get) => {
  const loadTemplateBilled = async (): Promise<void> => {
    try {
      const usage = await api.translationUsage();
      set({ templateBilled: usage.cache.templates.find((entry) => entry.template === get().templateName)?.billedCharacters ?? 0 });
    } catch {
      // Only a total shown beside the translation: the dialog works without it.
    }
  };
  return {
    open: false,
    document: undefined,
    templateName: '',
    texts: [],
    choice: { targetLang: '', sourceLang: '', formality: 'default' },
    terms: '',
    results: undefined,
    resultLanguage: '',
    edited: [],
    billedCharacters: 0,
    cacheHits: 0,
    templateBilled: undefined,
    busy: false,
    failure: undefined,
    error: undefined,
    savedLanguage: undefined,
    show(document, templateName, protectedTerms) {
      set({
        open: true,
        document,
        templateName,
        texts: receiptTexts(document),
        terms: protectedTerms.join('\n'),
        results: undefined,
        edited: [],
        failure: undefined,
        error: undefined,
        savedLanguage: undefined,
        templateBilled: undefined,
      });
      void loadTemplateBilled();
    },
    hide: () => set({ open: false }),
    setChoice: (choice) => set({ choice }),
    setTerms: (terms) => set({ terms }),
    edit: (index, text) => set((state) => ({ edited: state.edited.map((current, at) => (at === index ? text : current)) })),
    async translate(request) {
      const { texts, terms, templateName } = get();
      set({ busy: true, failure: undefined, error: undefined, savedLanguage: undefined });
      try {
        const answer = await api.translateTexts({ texts: texts.map((entry) => entry.text), ...request, protectedTerms: termsOf(terms), template: templateName });
        if (!answer.ok) return set({ failure: answer.failure });
        const translations = answer.value.translations;
        set({
          results: translations,
          resultLanguage: request.targetLang,
          edited: translations.map((translation) => translation.text),
          billedCharacters: answer.value.billedCharacters,
          cacheHits: answer.value.cacheHits,
        });
        await loadTemplateBilled();
      } catch (error) {
        set({ error: messageOf(error) });
      } finally {
        set({ busy: false });
      }
    },
    async saveVariant() {
      const { document, texts, edited, templateName, resultLanguage, billedCharacters, terms } = get();
      set({ busy: true, failure: undefined, error: undefined });
      try {
        const result = await api.saveTemplateVariant({
          name: templateName,
          language: resultLanguage,
          document: withTranslations(document, texts, edited),
          billedCharacters,
          protectedTerms: termsOf(terms),
        });
        if (result.saved) set({ savedLanguage: resultLanguage });
        return result.saved;
      } catch (error) {
        set({ error: messageOf(error) });
        return false;
      } finally {
        set({ busy: false });
      }
    },
  };
});
