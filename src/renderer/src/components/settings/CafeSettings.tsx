import { Field, Input, MessageBar, MessageBarBody, Select, Switch } from '@fluentui/react-components';
import { useState } from 'react';
import type { Language, SettingsView } from '../../../../shared/contract/settings';
import { useText } from '../../i18n';
import { useSettingsStore } from '../../stores/settings-store';
import { invalid, isFixed, useFixedHint } from './field-parts';
import { SecretField } from './SecretField';
import { servicesShown, type SettingsFormParts } from './settings-draft';
import { settingsSectionId } from './optional-services';
import { WindowReachNote } from './WindowReachNote';

/** The window's language and where tickets go when the POS names no printer. */
export function GeneralFieldset({ form: { settings, draft, errors, change } }: { form: SettingsFormParts }) {
  const t = useText();
  const hint = useFixedHint(settings);
  return (
    <fieldset className="card">
      <legend>{t('sectionGeneral')}</legend>
      <LanguageField settings={settings} />
      <Field label={t('defaultPrinter')} hint={hint('defaultPrinter', t('defaultPrinterHint'))} {...invalid(errors.defaultPrinter)}>
        <Input value={draft.defaultPrinter} disabled={isFixed(settings, 'defaultPrinter')} onChange={(_event, data) => change('defaultPrinter', data.value)} />
      </Field>
    </fieldset>
  );
}

/**
 * The language applies as it is picked, and is saved then, so a reload keeps it: the window never shows a language
 * other than the one in force. While it is being saved the choice shows; refused, it goes back (the page says why).
 */
function LanguageField({ settings }: { settings: SettingsView }) {
  const t = useText();
  const hint = useFixedHint(settings);
  const [picked, setPicked] = useState<Language | undefined>(undefined);
  const pick = async (language: Language) => {
    setPicked(language);
    await useSettingsStore.getState().saveAtOnce({ language });
    setPicked(undefined);
  };
  return (
    <Field label={t('language')} hint={hint('language', t('languageHint'))}>
      <Select value={picked ?? settings.language} disabled={isFixed(settings, 'language')} onChange={(_event, data) => void pick(data.value === 'en' ? 'en' : 'es')}>
        <option value="es" lang="es">
          Español
        </option>
        <option value="en" lang="en">
          English
        </option>
      </Select>
    </Field>
  );
}

/** Safe mode, the access token, and what follows from them (who can reach the window, a network left open). */
export function SecurityFieldset({ form, openWithoutToken }: { form: SettingsFormParts; openWithoutToken: boolean }) {
  const t = useText();
  const { settings, draft, change, changeSecret } = form;
  const hint = useFixedHint(settings);
  return (
    <fieldset className="card">
      <legend>{t('security')}</legend>
      <Field hint={hint('safeMode', t('safeModeHelp'))}>
        <Switch label={t('safeMode')} checked={draft.safeMode} disabled={isFixed(settings, 'safeMode')} onChange={(_event, data) => change('safeMode', data.checked)} />
      </Field>
      {!draft.safeMode && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{t('safeModeOff')}</MessageBarBody>
        </MessageBar>
      )}
      <SecretField name="token" label="token" hint="tokenHint" settings={settings} value={draft.secrets.token} onChange={(value) => changeSecret('token', value)} />
      {/* Said by the token, in sight: the network part that opens the service sits under "Avanzado". */}
      {openWithoutToken && (
        <MessageBar intent="warning" layout="multiline" data-testid="warn-no-token">
          <MessageBarBody>{t('warnNoToken')}</MessageBarBody>
        </MessageBar>
      )}
      <WindowReachNote tokenInForce={settings.secrets.token.set || isFixed(settings, 'token')} />
      {settings.secretStorage === 'memory-only' && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{t('secretsMemoryOnly')}</MessageBarBody>
        </MessageBar>
      )}
    </fieldset>
  );
}

/** Each outside service's key (its address is under "Avanzado"); another page can open Settings right here. */
export function ServiceKeys({ form: { settings, draft, changeSecret } }: { form: SettingsFormParts }) {
  const t = useText();
  return servicesShown(settings).map((service) => (
    <fieldset className="card" key={service.key} id={settingsSectionId(service.key)}>
      <legend>{t(service.title)}</legend>
      <SecretField
        name={service.key}
        label={service.label}
        hint={service.hint}
        settings={settings}
        value={draft.secrets[service.key]}
        onChange={(value) => changeSecret(service.key, value)}
      />
    </fieldset>
  ));
}
