import { isSecretName, type SecretName, type SecretsPatch, type SettingsPatch, type SettingsView } from '../../../../shared/contract/settings';
import type { TextKey, useText } from '../../i18n';
import { isShown } from './optional-services';
import { fleetDraftOf, fleetErrorsOf, fleetPatchOf, type FleetDraft } from './FleetFieldset';
import { tlsDraftOf, tlsErrorsOf, tlsPatchOf, type TlsDraft } from './TlsFieldset';

/** The contract's limits (shared/contract/settings.ts), checked here first so each field can say what is wrong. */
export const LIMITS = { port: [1, 65_535], queueCapacity: [1, 100_000], rateLimit: [0, 1_000_000], heldJobExpiryMinutes: [1, 7 * 24 * 60] } as const;
const MAX_PRINTER_CHARS = 500;
const SERVICE_URL = /^https?:\/\/\S+$/;
const MAX_URL_CHARS = 2_000;

type Translate = ReturnType<typeof useText>;
export type FixedName = keyof SettingsView['fixed'];
type NumberField = keyof typeof LIMITS;

/**
 * The Settings form as typed, saved with its Save button. The language is not here: it applies (and is saved) as it
 * is picked, like the optional services' switches.
 */
export interface Draft {
  env: SettingsView['env'];
  port: string;
  queueCapacity: string;
  rateLimit: string;
  heldJobExpiryMinutes: string;
  defaultPrinter: string;
  safeMode: boolean;
  /** Per secret — undefined: unchanged; null: remove; text: the new value. */
  secrets: Partial<Record<SecretName, string | null>>;
  /** The outside services' addresses; empty: the vendor's own. */
  translationBaseUrl: string;
  adminBaseUrl: string;
  campusBaseUrl: string;
  tls: TlsDraft;
  fleet: FleetDraft;
}

export const draftOf = (settings: SettingsView): Draft => ({
  env: settings.env,
  port: String(settings.port),
  queueCapacity: String(settings.queueCapacity),
  rateLimit: String(settings.rateLimit),
  heldJobExpiryMinutes: String(settings.heldJobExpiryMinutes),
  defaultPrinter: settings.defaultPrinter ?? '',
  safeMode: settings.safeMode,
  secrets: {},
  translationBaseUrl: settings.translationBaseUrl,
  adminBaseUrl: settings.adminBaseUrl,
  campusBaseUrl: settings.campusBaseUrl,
  tls: tlsDraftOf(settings),
  fleet: fleetDraftOf(settings),
});

/** Whether the form holds something Save would change (what "unsaved changes" are measured against). */
export const draftChanged = (draft: Draft, settings: SettingsView): boolean => JSON.stringify(draft) !== JSON.stringify(draftOf(settings));

/**
 * What identifies the saved values the form was filled from. Settings that apply as they are picked (the language,
 * the optional services) and the progress of applying are left out: they change while the owner may be typing
 * elsewhere in the form, and must not wipe what was typed.
 */
export function formIdentityOf(settings: SettingsView): string {
  const { language: _language, campusEnabled: _campus, adminEnabled: _admin, applying: _applying, applyError: _applyError, ...values } = settings;
  return JSON.stringify(values);
}

/** The outside services whose key and address are set here. */
export const SERVICES = [
  { key: 'translationApiKey', url: 'translationBaseUrl', label: 'translationKey', hint: 'translationKeyHint', title: 'sectionTranslation' },
  { key: 'adminApiKey', url: 'adminBaseUrl', label: 'adminKey', hint: 'adminKeyHint', title: 'sectionAdmin' },
  { key: 'campusApiKey', url: 'campusBaseUrl', label: 'campusKey', hint: 'campusKeyHint', title: 'sectionCampus' },
] as const satisfies readonly { key: SecretName; url: keyof SettingsPatch & keyof Draft; label: TextKey; hint: TextKey; title: TextKey }[];

/** The services shown: translation always, an optional one once switched on (Servicios opcionales). */
export const servicesShown = (settings: SettingsView) =>
  SERVICES.filter((service) => (service.key === 'campusApiKey' ? isShown(settings, 'campus') : service.key === 'adminApiKey' ? isShown(settings, 'admin') : true));

export function errorsOf(draft: Draft, t: Translate) {
  const urlError = (text: string): string | undefined => {
    const url = text.trim();
    if (url === '') return undefined;
    return SERVICE_URL.test(url) && url.length <= MAX_URL_CHARS ? undefined : t('invalidServiceUrl');
  };
  const numberError = (name: NumberField): string | undefined => {
    const [min, max] = LIMITS[name];
    const text = draft[name].trim();
    const value = Number(text);
    return /^\d+$/.test(text) && value >= min && value <= max ? undefined : t('invalidRange', { min, max });
  };
  return {
    port: numberError('port'),
    queueCapacity: numberError('queueCapacity'),
    rateLimit: numberError('rateLimit'),
    heldJobExpiryMinutes: numberError('heldJobExpiryMinutes'),
    defaultPrinter: draft.defaultPrinter.trim().length > MAX_PRINTER_CHARS ? t('tooLong', { max: MAX_PRINTER_CHARS }) : undefined,
    translationBaseUrl: urlError(draft.translationBaseUrl),
    adminBaseUrl: urlError(draft.adminBaseUrl),
    campusBaseUrl: urlError(draft.campusBaseUrl),
    ...tlsErrorsOf(draft.tls, draft.port, t),
    ...fleetErrorsOf(draft.fleet, t),
  };
}
export type DraftErrors = ReturnType<typeof errorsOf>;

/** The fields in sight with "Avanzado" closed; an error anywhere else opens it, so the owner sees what to fix. */
const ALWAYS_SHOWN: ReadonlySet<string> = new Set<keyof DraftErrors>(['defaultPrinter']);
export const errorOutOfSight = (errors: DraftErrors): boolean => Object.entries(errors).some(([name, error]) => error !== undefined && !ALWAYS_SHOWN.has(name));

/** What Save sends: every field the command line did not fix, and the secrets changed. */
export function changesOf(draft: Draft, fixed: (name: FixedName) => boolean): { settings: SettingsPatch; secrets: SecretsPatch } {
  const patch: SettingsPatch = {};
  if (!fixed('port')) patch.port = Number(draft.port);
  if (!fixed('env')) patch.env = draft.env;
  if (!fixed('queueCapacity')) patch.queueCapacity = Number(draft.queueCapacity);
  if (!fixed('rateLimit')) patch.rateLimit = Number(draft.rateLimit);
  if (!fixed('heldJobExpiryMinutes')) patch.heldJobExpiryMinutes = Number(draft.heldJobExpiryMinutes);
  if (!fixed('defaultPrinter')) patch.defaultPrinter = draft.defaultPrinter.trim() === '' ? null : draft.defaultPrinter.trim();
  if (!fixed('safeMode')) patch.safeMode = draft.safeMode;
  for (const service of SERVICES) if (!fixed(service.url)) patch[service.url] = draft[service.url].trim();
  Object.assign(patch, tlsPatchOf(draft.tls, fixed));
  Object.assign(patch, fleetPatchOf(draft.fleet, fixed));
  const secrets: SecretsPatch = {};
  for (const [name, value] of Object.entries(draft.secrets)) {
    if (isSecretName(name) && value !== undefined && !fixed(name)) secrets[name] = value;
  }
  return { settings: patch, secrets };
}

/** What each group of fields gets from the form: the values in force, what is typed, and how to change it. */
export interface SettingsFormParts {
  settings: SettingsView;
  draft: Draft;
  errors: DraftErrors;
  change<K extends keyof Draft>(key: K, value: Draft[K]): void;
  changeSecret(name: SecretName, value: string | null | undefined): void;
}
