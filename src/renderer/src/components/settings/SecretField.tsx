import { Button, Field, Input } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { SecretName, SettingsView } from '../../../../shared/contract/settings';
import { useText, type TextKey } from '../../i18n';

interface SecretFieldProps {
  name: SecretName;
  label: TextKey;
  /** What the secret is for, under the field (when the command line or environment does not fix it). */
  hint: TextKey;
  settings: SettingsView;
  /** undefined: unchanged; null: remove; text: the new value. */
  value: string | null | undefined;
  onChange(value: string | null | undefined): void;
}

/**
 * A secret: typed in, never shown back — only masked (`••••••1a2b`), enough to recognise it. Removing it takes a
 * click and happens on save; a secret fixed by the command line or the environment says by which and cannot change.
 */
export function SecretField({ name, label, hint, settings, value, onChange }: SecretFieldProps): ReactElement {
  const t = useText();
  const fixedBy = settings.fixed[name];
  const current = settings.secrets[name];
  const help = fixedBy ? (
    <span data-testid={`fixed-${name}`}>{t('fixedBy', { flag: fixedBy })}</span>
  ) : (
    <>
      <span data-testid={`secret-${name}`}>{t('tokenCurrent', { value: current.set ? current.masked : t('notSet') })}</span>{' '}
      {value === null ? t('tokenWillClear') : t(hint)}
    </>
  );
  return (
    <>
      <Field label={t(label)} hint={help}>
        <Input
          type="password"
          autoComplete="off"
          disabled={fixedBy !== undefined}
          placeholder={t('newValue')}
          value={typeof value === 'string' ? value : ''}
          onChange={(_event, data) => onChange(data.value === '' ? undefined : data.value)}
        />
      </Field>
      {current.set && fixedBy === undefined && (
        <div>
          <Button onClick={() => onChange(null)} disabled={value === null}>
            {t('clear')}
          </Button>
        </div>
      )}
    </>
  );
}
