import i18next from 'i18next';
import { useEffect } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/contract/settings';
import { useSettingsStore } from '../stores/settings-store';
import { LOCALES } from './locales';

export type TextKey = keyof (typeof LOCALES)['es'];

/**
 * The language the window starts in, before the settings are read (or when they cannot be: signed out): the one the
 * service wrote into the page's `<html lang>`, so an English shop's window never opens in Spanish first.
 */
const STARTING_LANGUAGE: Language = Object.hasOwn(LOCALES, document.documentElement.lang) ? (document.documentElement.lang as Language) : 'es';

void i18next.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(LOCALES).map(([language, messages]) => [language, { translation: messages }])),
  lng: STARTING_LANGUAGE,
  fallbackLng: false,
  // React escapes what it renders; escaping here too would show `&amp;` to the user.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** `t('fixedBy', { flag: '--port' })`: the text in the window's language, `{{name}}` filled in, plurals by `count`. */
export function useText(): (key: TextKey, values?: Record<string, string | number>) => string {
  const { t } = useTranslation();
  return (key, values) => t(key, values ?? {});
}

/** Dates, numbers and money in the window's language, through Intl. */
export function useFormats(): { dateTime(ms: number): string; number(value: number): string; money(value: number, currency: string): string } {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    dateTime: (ms) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(ms),
    number: (value) => new Intl.NumberFormat(locale).format(value),
    money: (value, currency) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value),
  };
}

/** Follows the language saved in the settings (and tells the page's `lang`, for screen readers). */
export function useLanguageFromSettings(): void {
  const language = useSettingsStore((state) => state.settings?.language ?? STARTING_LANGUAGE);
  useEffect(() => {
    void i18next.changeLanguage(language);
    document.documentElement.lang = language;
  }, [language]);
}
