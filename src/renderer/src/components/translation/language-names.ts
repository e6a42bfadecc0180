import type { TranslationLanguage } from '../../../../shared/contract/translation-types';

/**
 * A language code of the service (`ZH`, `EN-GB`, `ZH-HANS`, `PT-BR`) named in the window's language through Intl,
 * so the window never shows the service's English names to a Spanish reader. The service's name is the fallback for
 * a code Intl does not know.
 */
export function languageName(code: string, locale: string, fallback?: string): string {
  try {
    const tag = new Intl.Locale(code).toString();
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(tag);
    if (name && name.toLowerCase() !== tag.toLowerCase()) return name;
  } catch {
    // A code Intl cannot parse: the service's own name below.
  }
  return fallback ?? code;
}

/** The list sorted as the reader's language sorts its names. */
export function namedLanguages(list: readonly TranslationLanguage[], locale: string): { code: string; name: string; supportsFormality: boolean }[] {
  return list
    .map((language) => ({ code: language.code, name: languageName(language.code, locale, language.name), supportsFormality: language.supportsFormality === true }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
