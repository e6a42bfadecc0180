import { create } from 'zustand';
import type { TemplateVariant, TextTranslation, TranslationFailure } from '../../../shared/contract/translation-types';
import { api } from '../api/api';
import type { LanguageChoice } from '../components/translation/LanguageFields';
import { receiptTexts, translationsIn, withTranslations, type ReceiptText } from '../designer/translate/receipt-texts';
import { messageOf } from './message-of';

interface TranslationDialogState {
  open: boolean;
  /** The receipt as it was when the dialog opened: what is translated and what the variant is made from. */
  document: unknown;
  templateName: string;
  /** The template's language versions when the dialog opened: what "by hand" starts from. */
  variants: Record<string, TemplateVariant>;
  texts: ReceiptText[];
  choice: LanguageChoice;
  /** Brand names, one per line, as the owner typed them. */
  terms: string;
  /** The service's answer for the language it was asked for. */
  results: TextTranslation[] | undefined;
  /** The owner types the English texts himself (no key, or no wish to pay): no service answer behind them. */
  byHand: boolean;
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
  show(document: unknown, template: { name: string; protectedTerms?: readonly string[] | undefined; variants?: Record<string, TemplateVariant> | undefined }): void;
  hide(): void;
  setChoice(choice: LanguageChoice): void;
  setTerms(terms: string): void;
  edit(index: number, text: string): void;
  /** One field per text for the English version, filled with what the saved English version already says. */
  writeByHand(): void;
  translate(request: { targetLang: string; sourceLang?: string; formality?: LanguageChoice['formality'] }): Promise<void>;
  /** Saves the edited translation as the template's version in that language; true when saved. */
  saveVariant(): Promise<boolean>;
}

/** The language a version typed by hand is saved as, when the template has no English version yet. */
export const BY_HAND_LANGUAGE = 'EN';

/** The template's English version (`EN`, `EN-GB`, `EN-US`: the newest if several), the one typing by hand changes. */
export function englishVersionOf(variants: Record<string, TemplateVariant>): string | undefined {
  return Object.entries(variants)
    .filter(([code]) => /^EN(-|$)/i.test(code))
    .sort(([, a], [, b]) => b.updatedAt - a.updatedAt)[0]?.[0];
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
    variants: {},
    texts: [],
    choice: { targetLang: '', sourceLang: '', formality: 'default' },
    terms: '',
    results: undefined,
    byHand: false,
    resultLanguage: '',
    edited: [],
    billedCharacters: 0,
    cacheHits: 0,
    templateBilled: undefined,
    busy: false,
    failure: undefined,
    error: undefined,
    savedLanguage: undefined,
    show(document, template) {
      set({
        open: true,
        document,
        templateName: template.name,
        variants: template.variants ?? {},
        texts: receiptTexts(document),
        terms: (template.protectedTerms ?? []).join('\n'),
        results: undefined,
        byHand: false,
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
    writeByHand() {
      const { variants, texts } = get();
      const language = englishVersionOf(variants) ?? BY_HAND_LANGUAGE;
      const saved = variants[language];
      set({
        byHand: true,
        results: undefined,
        resultLanguage: language,
        edited: saved ? translationsIn(saved.document, texts) : texts.map(() => ''),
        // What the English version cost when the service made it stays its cost: typing is free.
        billedCharacters: saved?.billedCharacters ?? 0,
        cacheHits: 0,
        failure: undefined,
        error: undefined,
        savedLanguage: undefined,
      });
    },
    async translate(request) {
      const { texts, terms, templateName } = get();
      set({ busy: true, failure: undefined, error: undefined, savedLanguage: undefined });
      try {
        const answer = await api.translateTexts({ texts: texts.map((entry) => entry.text), ...request, protectedTerms: termsOf(terms), template: templateName });
        if (!answer.ok) return set({ failure: answer.failure });
        const translations = answer.value.translations;
        set({
          results: translations,
          byHand: false,
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
