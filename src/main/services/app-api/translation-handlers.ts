import type { TranslationUsage } from '../../../shared/contract/translation-types';
import type { Handlers } from './handlers';
import type { TemplateStore } from './template-store';
import { translationAnswer } from './translation-failure';
import type { TranslationHost } from './translation-host';

type TranslationMethod =
  | 'translationLanguages'
  | 'translateTexts'
  | 'translationUsage'
  | 'uploadTranslationDocument'
  | 'listTranslationDocuments'
  | 'translationDocumentStatus'
  | 'resumeTranslationDocument'
  | 'downloadTranslationDocument'
  | 'forgetTranslationDocument'
  | 'saveTemplateVariant'
  | 'deleteTemplateVariant';

/** The translation methods of the contract (issue 10): the designer's texts and variants, documents, usage. */
export function createTranslationHandlers(translation: TranslationHost, templates: TemplateStore): Pick<Handlers, TranslationMethod> {
  const service = () => translation.current().service;
  const documents = () => translation.current().documents;
  return {
    translationLanguages: () =>
      translationAnswer(async () => {
        const { source, target, stale } = await service().languages.lists();
        return { source, target, stale };
      }),
    translateTexts: ({ texts, targetLang, sourceLang, formality, glossaryId, context, protectedTerms, template }) =>
      translationAnswer(async () => {
        const outcome = await service().text.translate({
          texts,
          options: { targetLang, ...(sourceLang ? { sourceLang } : {}), ...(formality ? { formality } : {}), ...(glossaryId ? { glossaryId } : {}), ...(context ? { context } : {}) },
          protection: { placeholders: true, terms: protectedTerms ?? [] },
          ...(template !== undefined ? { template } : {}),
        });
        return {
          // A text from the cache was paid for once, earlier: this translation cost nothing for it.
          translations: outcome.translations.map(({ text, detectedSourceLanguage, billedCharacters, cached }) => ({
            text,
            detectedSourceLanguage,
            billedCharacters: cached ? 0 : billedCharacters,
            cached,
          })),
          billedCharacters: outcome.billedCharacters,
          cacheHits: outcome.cacheHits,
        };
      }),
    translationUsage: async (): Promise<TranslationUsage> => {
      const { service: current, keySet } = translation.current();
      return { keySet, cache: current.usage(), account: keySet ? await translationAnswer(() => current.accountUsage()) : null };
    },
    uploadTranslationDocument: (upload) => documents().upload(upload),
    listTranslationDocuments: async () => documents().list(),
    translationDocumentStatus: async ({ id }) => documents().viewOf(id) ?? null,
    resumeTranslationDocument: ({ id }) => documents().resume(id),
    downloadTranslationDocument: async ({ id }) => documents().download(id),
    forgetTranslationDocument: async ({ id }) => ({ forgotten: documents().forget(id) }),
    saveTemplateVariant: async ({ name, language, document, billedCharacters, protectedTerms }) =>
      templates.saveVariant(name, language.toUpperCase(), { document, billedCharacters }, protectedTerms),
    deleteTemplateVariant: async ({ name, language }) => ({ deleted: await templates.deleteVariant(name, language.toUpperCase()) }),
  };
}
