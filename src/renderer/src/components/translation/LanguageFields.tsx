import { Field, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_FORMALITIES, type TranslationFormality, type TranslationLanguages } from '../../../../shared/contract/translation-types';
import { useText } from '../../i18n';
import { languageName, namedLanguages } from './language-names';

export interface LanguageChoice {
  targetLang: string;
  /** '' = detect. */
  sourceLang: string;
  formality: TranslationFormality;
}

/** Whether the chosen target takes a formality (and so whether one is sent). */
export function supportsFormality(languages: TranslationLanguages, targetLang: string): boolean {
  return languages.target.some((language) => language.code === targetLang && language.supportsFormality === true);
}

/** The choice as the service takes it: no source when detecting, no formality where the language has none. */
export function requestOf(languages: TranslationLanguages, choice: LanguageChoice): { targetLang: string; sourceLang?: string; formality?: TranslationFormality } {
  return {
    targetLang: choice.targetLang,
    ...(choice.sourceLang ? { sourceLang: choice.sourceLang } : {}),
    ...(choice.formality !== 'default' && supportsFormality(languages, choice.targetLang) ? { formality: choice.formality } : {}),
  };
}

/** Target, source (or detect) and formality, from the service's own lists, named in the window's language. */
export function LanguageFields(props: { languages: TranslationLanguages; choice: LanguageChoice; onChange(choice: LanguageChoice): void }) {
  const { languages, choice, onChange } = props;
  const t = useText();
  const { i18n } = useTranslation();
  const targets = namedLanguages(languages.target, i18n.language);
  const sources = namedLanguages(languages.source, i18n.language);
  const formal = supportsFormality(languages, choice.targetLang);
  return (
    <div className="translation-language-fields">
      <Field label={t('trLanguageTarget')} required>
        <Select value={choice.targetLang} onChange={(_event, data) => onChange({ ...choice, targetLang: data.value })}>
          <option value="" disabled>
            …
          </option>
          {targets.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('trLanguageSource')}>
        <Select value={choice.sourceLang} onChange={(_event, data) => onChange({ ...choice, sourceLang: data.value })}>
          <option value="">{t('trDetect')}</option>
          {sources.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('trFormality')} hint={choice.targetLang && !formal ? t('trFormalityNone', { lang: languageName(choice.targetLang, i18n.language) }) : undefined}>
        <Select
          value={formal ? choice.formality : 'default'}
          disabled={!formal}
          onChange={(_event, data) => onChange({ ...choice, formality: data.value as TranslationFormality })}
        >
          {TRANSLATION_FORMALITIES.map((formality) => (
            <option key={formality} value={formality}>
              {t(`trFormality_${formality}`)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
