import type { ReactElement } from 'react';
import type { SettingsView } from '../../../../shared/contract/settings';
import { useText } from '../../i18n';
import type { FixedName } from './settings-draft';

/** A field's error as Fluent's Field shows it (nothing when there is none). */
export const invalid = (error: string | undefined) => (error ? { validationState: 'error' as const, validationMessage: error } : {});

/** Under a field: why it cannot be changed here (the command line set it), or else `otherwise`. */
export function useFixedHint(settings: SettingsView): (name: FixedName, otherwise?: string) => ReactElement | string | undefined {
  const t = useText();
  return (name, otherwise) => {
    const flag = settings.fixed[name];
    return flag ? <span data-testid={`fixed-${name}`}>{t('fixedBy', { flag })}</span> : otherwise;
  };
}

/** Whether the command line fixed this setting for the run (the field is then shown, not editable). */
export const isFixed = (settings: SettingsView, name: FixedName): boolean => settings.fixed[name] !== undefined;
