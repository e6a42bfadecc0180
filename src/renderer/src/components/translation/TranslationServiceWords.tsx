import { TRANSLATION_VENDOR } from '../../../../shared/contract/translation-types';
import { useText } from '../../i18n';
import { useSettingsStore } from '../../stores/settings-store';

/**
 * Which service translates (the vendor, or the address the owner set in Settings) and what its key is, in words a
 * café owner knows: what it is for, where it is had, and that receipts can be typed by hand without it.
 */
export function TranslationServiceWords() {
  const t = useText();
  const ownAddress = useSettingsStore((state) => (state.settings?.translationBaseUrl ?? '') !== '');
  const vendor = TRANSLATION_VENDOR.name;
  return (
    <span className="translation-service-words" data-testid="translation-service">
      {t(ownAddress ? 'trwServiceAt' : 'trwService', { vendor })}{' '}
      {t('trwKeyExplained', { vendor, site: TRANSLATION_VENDOR.site, plan: TRANSLATION_VENDOR.freePlan, designer: t('designer'), translate: t('trTranslate') })}
    </span>
  );
}
