import { Field, Input, Text } from '@fluentui/react-components';
import type { SettingsPatch, SettingsView } from '../../../../shared/contract/settings';
import { useText } from '../../i18n';
import { useStatusStore } from '../../stores/status-store';
import { SecureStatusNote } from './SecureStatusNote';

/** The group's fields as typed (the port as text, checked before saving). */
export interface TlsDraft {
  tlsCertFile: string;
  tlsKeyFile: string;
  tlsPort: string;
}

type TlsField = keyof TlsDraft;
export type TlsErrors = Partial<Record<TlsField, string>>;
type Translate = ReturnType<typeof useText>;

/** The contract's limits (shared/contract/settings.ts). */
const MAX_PATH_CHARS = 1_000;
const PORT_RANGE = [1, 65_535] as const;

export const tlsDraftOf = (settings: SettingsView): TlsDraft => ({
  tlsCertFile: settings.tlsCertFile,
  tlsKeyFile: settings.tlsKeyFile,
  tlsPort: String(settings.tlsPort),
});

/** One file without the other can never serve: said on the empty one before saving rather than after. */
export function tlsErrorsOf(draft: TlsDraft, mainPort: string, t: Translate): TlsErrors {
  const cert = draft.tlsCertFile.trim();
  const key = draft.tlsKeyFile.trim();
  const port = draft.tlsPort.trim();
  const errors: TlsErrors = {};
  if (cert.length > MAX_PATH_CHARS) errors.tlsCertFile = t('tooLong', { max: MAX_PATH_CHARS });
  else if (cert === '' && key !== '') errors.tlsCertFile = t('tlsBothFiles');
  if (key.length > MAX_PATH_CHARS) errors.tlsKeyFile = t('tooLong', { max: MAX_PATH_CHARS });
  else if (key === '' && cert !== '') errors.tlsKeyFile = t('tlsBothFiles');
  const value = Number(port);
  if (!/^\d+$/.test(port) || value < PORT_RANGE[0] || value > PORT_RANGE[1]) errors.tlsPort = t('invalidRange', { min: PORT_RANGE[0], max: PORT_RANGE[1] });
  else if (port === mainPort.trim()) errors.tlsPort = t('tlsSamePort', { port: mainPort.trim() });
  return errors;
}

/** What to save: every field the command line did not fix. */
export function tlsPatchOf(draft: TlsDraft, fixed: (name: TlsField) => boolean): SettingsPatch {
  const patch: SettingsPatch = {};
  if (!fixed('tlsCertFile')) patch.tlsCertFile = draft.tlsCertFile.trim();
  if (!fixed('tlsKeyFile')) patch.tlsKeyFile = draft.tlsKeyFile.trim();
  if (!fixed('tlsPort')) patch.tlsPort = Number(draft.tlsPort);
  return patch;
}

interface TlsFieldsetProps {
  settings: SettingsView;
  draft: TlsDraft;
  errors: TlsErrors;
  onChange(field: TlsField, value: string): void;
}

/** "Secure connection (TLS)": the certificate and key files, the secure port, and what the service does with them now. */
export function TlsFieldset({ settings, draft, errors, onChange }: TlsFieldsetProps) {
  const t = useText();
  const tls = useStatusStore((state) => state.status?.tls);
  const hint = (name: TlsField, otherwise: string) => {
    const flag = settings.fixed[name];
    return flag ? <span data-testid={`fixed-${name}`}>{t('fixedBy', { flag })}</span> : otherwise;
  };
  const invalid = (name: TlsField) => (errors[name] ? { validationState: 'error' as const, validationMessage: errors[name] } : {});
  const changed = draft.tlsCertFile.trim() !== settings.tlsCertFile || draft.tlsKeyFile.trim() !== settings.tlsKeyFile || draft.tlsPort.trim() !== String(settings.tlsPort);
  return (
    <fieldset className="card" data-testid="tls-settings">
      <legend>{t('tlsSection')}</legend>
      <Text as="p" size={200}>
        {t('tlsIntro')}
      </Text>
      <Field label={t('tlsCertFile')} hint={hint('tlsCertFile', t('tlsCertHint'))} {...invalid('tlsCertFile')}>
        <Input
          value={draft.tlsCertFile}
          disabled={settings.fixed.tlsCertFile !== undefined}
          spellCheck={false}
          onChange={(_event, data) => onChange('tlsCertFile', data.value)}
        />
      </Field>
      <Field label={t('tlsKeyFile')} hint={hint('tlsKeyFile', t('tlsKeyHint'))} {...invalid('tlsKeyFile')}>
        <Input
          value={draft.tlsKeyFile}
          disabled={settings.fixed.tlsKeyFile !== undefined}
          spellCheck={false}
          onChange={(_event, data) => onChange('tlsKeyFile', data.value)}
        />
      </Field>
      <Field label={t('tlsPort')} hint={hint('tlsPort', t('tlsPortHint', { port: draft.tlsPort.trim() }))} {...invalid('tlsPort')}>
        <Input
          type="number"
          min={PORT_RANGE[0]}
          max={PORT_RANGE[1]}
          value={draft.tlsPort}
          disabled={settings.fixed.tlsPort !== undefined}
          onChange={(_event, data) => onChange('tlsPort', data.value)}
        />
      </Field>
      {changed ? <Text weight="semibold">{t('tlsNotApplied')}</Text> : tls ? <SecureStatusNote tls={tls} /> : <Text>{t('tlsOff')}</Text>}
    </fieldset>
  );
}
