import { Switch, Text } from '@fluentui/react-components';
import type { SettingsView } from '../../../../shared/contract/settings';
import { useText, type TextKey } from '../../i18n';
import { useSettingsStore } from '../../stores/settings-store';
import { OPTIONAL_SERVICES, keyInForce, settingsSectionId, type OptionalService } from './optional-services';

const LABELS: Record<OptionalService, TextKey> = { campus: 'optionalCampus', admin: 'optionalAdmin' };

/**
 * Settings → "Servicios opcionales": Campus and the translation account's administration, off for a new shop. A
 * switch saves at once (as the printer model does), so the menu entry and the key's section appear as it is turned on.
 */
export function OptionalServicesCard({ settings }: { settings: SettingsView }) {
  const t = useText();
  const save = useSettingsStore((state) => state.save);
  return (
    <fieldset className="card" id={settingsSectionId('optional')} data-testid="settings-optional">
      <legend>{t('sectionOptional')}</legend>
      <Text as="p" size={200}>
        {t('optionalIntro')}
      </Text>
      {(Object.keys(OPTIONAL_SERVICES) as OptionalService[]).map((service) => {
        const { flag } = OPTIONAL_SERVICES[service];
        const byKey = !settings[flag] && keyInForce(settings, service);
        return (
          <div key={service}>
            <Switch
              label={t(LABELS[service])}
              checked={settings[flag] || byKey}
              disabled={byKey || settings.applying}
              data-testid={`optional-${service}`}
              onChange={(_event, data) => void save({ [flag]: data.checked }, {})}
            />
            {byKey && (
              <Text as="p" size={200}>
                {t('optionalOnByKey')}
              </Text>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
