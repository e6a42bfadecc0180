import { Field, Input, Text } from '@fluentui/react-components';
import type { SettingsPatch, SettingsView } from '../../../../shared/contract/settings';
import { useText, type TextKey } from '../../i18n';
import { SecretField } from './SecretField';

/** The group's fields as typed (the expiry as text, checked before saving). */
export interface FleetDraft {
  fleetUrl: string;
  fleetSite: string;
  fleetUsername: string;
  fleetCaFile: string;
  fleetCertFile: string;
  fleetKeyFile: string;
  fleetTicketExpiryMinutes: string;
}

type FleetField = keyof FleetDraft;
export type FleetErrors = Partial<Record<FleetField, string>>;
type Translate = ReturnType<typeof useText>;

/** The contract's rules (shared/contract/settings.ts), said on the field before saving. */
const BROKER_URL = /^(mqtts?|wss?):\/\/[^\s@/]+/;
const SITE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const MAX_EXPIRY_MINUTES = 7 * 24 * 60;
const TEXT_FIELDS = ['fleetUrl', 'fleetSite', 'fleetUsername', 'fleetCaFile', 'fleetCertFile', 'fleetKeyFile'] as const;

export const fleetDraftOf = (settings: SettingsView): FleetDraft => ({
  fleetUrl: settings.fleetUrl,
  fleetSite: settings.fleetSite,
  fleetUsername: settings.fleetUsername,
  fleetCaFile: settings.fleetCaFile,
  fleetCertFile: settings.fleetCertFile,
  fleetKeyFile: settings.fleetKeyFile,
  fleetTicketExpiryMinutes: String(settings.fleetTicketExpiryMinutes),
});

export function fleetErrorsOf(draft: FleetDraft, t: Translate): FleetErrors {
  const url = draft.fleetUrl.trim();
  const site = draft.fleetSite.trim();
  const errors: FleetErrors = {};
  if (url !== '' && (!BROKER_URL.test(url) || url.length > 2_000)) errors.fleetUrl = t('fleetBadUrl');
  else if (url === '' && site !== '') errors.fleetUrl = t('fleetBothNeeded');
  if (site !== '' && !SITE.test(site)) errors.fleetSite = t('fleetBadSite');
  else if (site === '' && url !== '') errors.fleetSite = t('fleetBothNeeded');
  if ((draft.fleetCertFile.trim() === '') !== (draft.fleetKeyFile.trim() === '')) errors.fleetKeyFile = t('fleetCertAndKey');
  const expiry = draft.fleetTicketExpiryMinutes.trim();
  if (!/^\d+$/.test(expiry) || Number(expiry) > MAX_EXPIRY_MINUTES) errors.fleetTicketExpiryMinutes = t('invalidRange', { min: 0, max: MAX_EXPIRY_MINUTES });
  return errors;
}

/** What to save: every field the command line did not fix. */
export function fleetPatchOf(draft: FleetDraft, fixed: (name: FleetField) => boolean): SettingsPatch {
  const patch: SettingsPatch = {};
  for (const field of TEXT_FIELDS) if (!fixed(field)) patch[field] = draft[field].trim();
  if (!fixed('fleetTicketExpiryMinutes')) patch.fleetTicketExpiryMinutes = Number(draft.fleetTicketExpiryMinutes);
  return patch;
}

interface FleetFieldsetProps {
  settings: SettingsView;
  draft: FleetDraft;
  errors: FleetErrors;
  onChange(field: FleetField, value: string): void;
  /** The broker password: undefined unchanged, null removed, text the new one (see SecretField). */
  password: string | null | undefined;
  onPassword(value: string | null | undefined): void;
}

const FIELDS: Array<{ field: FleetField; label: TextKey; hint: TextKey; type?: 'number' }> = [
  { field: 'fleetUrl', label: 'fleetUrl', hint: 'fleetUrlHint' },
  { field: 'fleetSite', label: 'fleetSiteLabel', hint: 'fleetSiteHint' },
  { field: 'fleetUsername', label: 'fleetUsername', hint: 'fleetSiteHint' },
  { field: 'fleetCaFile', label: 'fleetCaFile', hint: 'fleetFileHint' },
  { field: 'fleetCertFile', label: 'fleetCertFile', hint: 'fleetFileHint' },
  { field: 'fleetKeyFile', label: 'fleetKeyFile', hint: 'fleetFileHint' },
  { field: 'fleetTicketExpiryMinutes', label: 'fleetExpiry', hint: 'fleetExpiryHint', type: 'number' },
];

/** "Remote printing (chain)": the broker, this shop's name, its credentials and the tickets' expiry. */
export function FleetFieldset({ settings, draft, errors, onChange, password, onPassword }: FleetFieldsetProps) {
  const t = useText();
  const hint = (name: FleetField, otherwise: TextKey) => {
    const flag = settings.fixed[name];
    return flag ? <span data-testid={`fixed-${name}`}>{t('fixedBy', { flag })}</span> : t(otherwise);
  };
  return (
    <fieldset className="card" data-testid="fleet-settings">
      <legend>{t('fleetSection')}</legend>
      <Text as="p" size={200}>
        {t('fleetIntro')}
      </Text>
      {FIELDS.map(({ field, label, hint: hintKey, type }) => (
        <Field
          key={field}
          label={t(label)}
          hint={hint(field, hintKey)}
          {...(errors[field] ? { validationState: 'error' as const, validationMessage: errors[field] } : {})}
        >
          <Input
            value={draft[field]}
            {...(type ? { type, min: 0 } : {})}
            disabled={settings.fixed[field] !== undefined}
            spellCheck={false}
            onChange={(_event, data) => onChange(field, data.value)}
          />
        </Field>
      ))}
      <SecretField name="fleetPassword" label="fleetPassword" hint="fleetPasswordHint" settings={settings} value={password} onChange={onPassword} />
    </fieldset>
  );
}
