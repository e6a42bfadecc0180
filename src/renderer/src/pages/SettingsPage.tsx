import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Switch,
  Text,
} from '@fluentui/react-components';
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { isSecretName, type SecretName, type SecretsPatch, type SettingsPatch, type SettingsView } from '../../../shared/contract/settings';
import { OriginSettings } from '../components/origins/OriginSettings';
import { OnlineOrdersSection } from '../components/online-orders/OnlineOrdersSection';
import { WindowReachNote } from '../components/settings/WindowReachNote';
import { SecretField } from '../components/settings/SecretField';
import { TlsFieldset, tlsDraftOf, tlsErrorsOf, tlsPatchOf, type TlsDraft } from '../components/settings/TlsFieldset';
import { FleetFieldset, fleetDraftOf, fleetErrorsOf, fleetPatchOf, type FleetDraft } from '../components/settings/FleetFieldset';
import { useText, type TextKey } from '../i18n';
import { useSettingsStore } from '../stores/settings-store';
import { ProblemBar, TechnicalDetail } from './page-parts';
import { OptionalServicesCard } from '../components/settings/OptionalServicesCard';
import { SettingsSectionFocus } from '../components/settings/SettingsSectionFocus';
import { isShown, settingsSectionId } from '../components/settings/optional-services';

/** The contract's limits (shared/contract/settings.ts), checked here first so each field can say what is wrong. */
const LIMITS = { port: [1, 65_535], queueCapacity: [1, 100_000], rateLimit: [0, 1_000_000], heldJobExpiryMinutes: [1, 7 * 24 * 60] } as const;
const MAX_PRINTER_CHARS = 500;

type FixedName = keyof SettingsView['fixed'];
type NumberField = keyof typeof LIMITS;

interface Draft {
  language: SettingsView['language'];
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

const draftOf = (settings: SettingsView): Draft => ({
  language: settings.language,
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

/** The outside services whose key and address are set here. */
const SERVICES = [
  { key: 'translationApiKey', url: 'translationBaseUrl', label: 'translationKey', hint: 'translationKeyHint', title: 'sectionTranslation' },
  { key: 'adminApiKey', url: 'adminBaseUrl', label: 'adminKey', hint: 'adminKeyHint', title: 'sectionAdmin' },
  { key: 'campusApiKey', url: 'campusBaseUrl', label: 'campusKey', hint: 'campusKeyHint', title: 'sectionCampus' },
] as const satisfies readonly { key: SecretName; url: keyof SettingsPatch; label: TextKey; hint: TextKey; title: TextKey }[];
const SERVICE_URL = /^https?:\/\/\S+$/;
const MAX_URL_CHARS = 2_000;

/** Settings in force; secrets are shown masked and only ever sent, never received, in full. */
export function SettingsPage() {
  const t = useText();
  const { settings, problem } = useSettingsStore();
  useEffect(() => {
    void useSettingsStore.getState().load();
  }, []);
  if (settings) return <SettingsForm key={JSON.stringify(settings)} settings={settings} />;
  return problem ? <ProblemBar problem={problem} /> : <Spinner label={t('loading')} />;
}

/** Says why a field cannot be changed here (the command line set it), under the field. */
function fixedHint(settings: SettingsView, name: FixedName, text: (flag: string) => string, otherwise?: ReactElement | string): ReactElement | string | undefined {
  const flag = settings.fixed[name];
  return flag ? <span data-testid={`fixed-${name}`}>{text(flag)}</span> : otherwise;
}

function SettingsForm({ settings }: { settings: SettingsView }) {
  const t = useText();
  const { save, problem, saved } = useSettingsStore();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [risks, setRisks] = useState<TextKey[] | undefined>(undefined);
  const fixed = (name: FixedName): boolean => settings.fixed[name] !== undefined;
  /** Save was pressed with nothing changed; cleared by the next change. */
  const [unchanged, setUnchanged] = useState(false);
  const edit = (next: (current: Draft) => Draft) => {
    setUnchanged(false);
    setDraft(next);
  };
  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => edit((current) => ({ ...current, [key]: value }));
  const changeSecret = (name: SecretName, value: string | null | undefined) =>
    edit((current) => ({ ...current, secrets: { ...current.secrets, [name]: value } }));
  const fixedText = (flag: string) => t('fixedBy', { flag });

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
  const errors = {
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
  const valid = Object.values(errors).every((error) => error === undefined);

  const tokenNow = settings.secrets.token.set || fixed('token');
  const draftToken = draft.secrets.token;
  const tokenAfter = fixed('token') || (draftToken === undefined ? settings.secrets.token.set : draftToken !== null);
  const openWithoutToken = draft.env === 'production' && !tokenAfter;

  /** The protections this save would take away, to confirm first. */
  const risksOfSave = (): TextKey[] => {
    const found: TextKey[] = [];
    if (openWithoutToken && !(settings.env === 'production' && !tokenNow)) found.push('warnNoToken');
    return found;
  };

  const doSave = () => {
    setRisks(undefined);
    const patch: SettingsPatch = { language: draft.language };
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
    void save(patch, secrets);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    // Nothing differs from what is stored: say so rather than a "Saved" that would claim a change.
    if (JSON.stringify(draft) === JSON.stringify(draftOf(settings))) {
      useSettingsStore.setState({ saved: false });
      setUnchanged(true);
      return;
    }
    const found = risksOfSave();
    if (found.length > 0) setRisks(found);
    else doSave();
  };

  const invalid = (error: string | undefined) => (error ? { validationState: 'error' as const, validationMessage: error } : {});

  return (
    <form className="page settings-page" onSubmit={submit} noValidate aria-labelledby="settings-title">
      <div className="page-head">
        <h2 id="settings-title">{t('settings')}</h2>
      </div>
      <Text as="p">
        {t('runningValues')} {t('restartNote')}
      </Text>

      <div className="settings-grid">
        <fieldset className="card">
          <legend>{t('sectionGeneral')}</legend>
          <Field label={t('language')}>
            <Select value={draft.language} onChange={(_event, data) => change('language', data.value === 'en' ? 'en' : 'es')}>
              <option value="es" lang="es">
                Español
              </option>
              <option value="en" lang="en">
                English
              </option>
            </Select>
          </Field>
          <Field
            label={t('defaultPrinter')}
            hint={fixedHint(settings, 'defaultPrinter', fixedText, t('defaultPrinterHint'))}
            {...invalid(errors.defaultPrinter)}
          >
            <Input value={draft.defaultPrinter} disabled={fixed('defaultPrinter')} onChange={(_event, data) => change('defaultPrinter', data.value)} />
          </Field>
        </fieldset>

        <fieldset className="card">
          <legend>{t('sectionNetwork')}</legend>
          <Field label={t('environment')} hint={fixedHint(settings, 'env', fixedText)}>
            <Select
              value={draft.env}
              disabled={fixed('env')}
              onChange={(_event, data) => change('env', data.value === 'production' ? 'production' : 'development')}
            >
              <option value="development">{t('envDevelopment')}</option>
              <option value="production">{t('envProduction')}</option>
            </Select>
          </Field>
          {openWithoutToken && (
            <MessageBar intent="warning" layout="multiline" data-testid="warn-no-token">
              <MessageBarBody>{t('warnNoToken')}</MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('port')} hint={fixedHint(settings, 'port', fixedText)} {...invalid(errors.port)}>
            <Input type="number" min={1} max={65535} value={draft.port} disabled={fixed('port')} onChange={(_event, data) => change('port', data.value)} />
          </Field>
        </fieldset>

        {/* Answers apply at once through their own calls, never through Save (see OriginSettings). */}
        <OriginSettings />
        <OnlineOrdersSection />

        <TlsFieldset
          settings={settings}
          draft={draft.tls}
          errors={errors}
          onChange={(field, value) => change('tls', { ...draft.tls, [field]: value })}
        />

        <FleetFieldset
          settings={settings}
          draft={draft.fleet}
          errors={errors}
          onChange={(field, value) => change('fleet', { ...draft.fleet, [field]: value })}
          password={draft.secrets.fleetPassword}
          onPassword={(value) => changeSecret('fleetPassword', value)}
        />

        <fieldset className="card">
          <legend>{t('sectionQueue')}</legend>
          <Field label={t('queueCapacity')} hint={fixedHint(settings, 'queueCapacity', fixedText)} {...invalid(errors.queueCapacity)}>
            <Input
              type="number"
              min={1}
              value={draft.queueCapacity}
              disabled={fixed('queueCapacity')}
              onChange={(_event, data) => change('queueCapacity', data.value)}
            />
          </Field>
          <Field label={t('rateLimit')} hint={fixedHint(settings, 'rateLimit', fixedText, t('rateLimitHint'))} {...invalid(errors.rateLimit)}>
            <Input type="number" min={0} value={draft.rateLimit} disabled={fixed('rateLimit')} onChange={(_event, data) => change('rateLimit', data.value)} />
          </Field>
          <Field
            label={t('heldExpiryLabel')}
            hint={fixedHint(settings, 'heldJobExpiryMinutes', fixedText, t('heldExpiryHint'))}
            {...invalid(errors.heldJobExpiryMinutes)}
          >
            <Input
              type="number"
              min={LIMITS.heldJobExpiryMinutes[0]}
              max={LIMITS.heldJobExpiryMinutes[1]}
              value={draft.heldJobExpiryMinutes}
              disabled={fixed('heldJobExpiryMinutes')}
              onChange={(_event, data) => change('heldJobExpiryMinutes', data.value)}
            />
          </Field>
        </fieldset>

        <fieldset className="card">
          <legend>{t('security')}</legend>
          <Field hint={fixedHint(settings, 'safeMode', fixedText, t('safeModeHelp'))}>
            <Switch
              label={t('safeMode')}
              checked={draft.safeMode}
              disabled={fixed('safeMode')}
              onChange={(_event, data) => change('safeMode', data.checked)}
            />
          </Field>
          {!draft.safeMode && (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{t('safeModeOff')}</MessageBarBody>
            </MessageBar>
          )}
          <SecretField
            name="token"
            label="token"
            hint="tokenHint"
            settings={settings}
            value={draftToken}
            onChange={(value) => changeSecret('token', value)}
          />
          <WindowReachNote tokenInForce={tokenNow} />
          {settings.secretStorage === 'memory-only' && (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{t('secretsMemoryOnly')}</MessageBarBody>
            </MessageBar>
          )}
        </fieldset>
        <OptionalServicesCard settings={settings} />
        {/* An optional service's key shows once the service is switched on (Servicios opcionales). */}
        {SERVICES.filter((service) => (service.key === 'campusApiKey' ? isShown(settings, 'campus') : service.key === 'adminApiKey' ? isShown(settings, 'admin') : true)).map((service) => (
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
            <Field
              label={t('serviceUrl')}
              hint={fixedHint(settings, service.url, fixedText, t('serviceUrlHint'))}
              {...invalid(errors[service.url])}
            >
              <Input
                type="url"
                value={draft[service.url]}
                disabled={fixed(service.url)}
                placeholder="https://…"
                onChange={(_event, data) => change(service.url, data.value)}
              />
            </Field>
          </fieldset>
        ))}
      </div>

      <div className="form-actions">
        <Button appearance="primary" type="submit">
          {t('save')}
        </Button>
        {!valid && (
          <Text role="alert" className="error-text">
            {t('fixFields')}
          </Text>
        )}
      </div>
      {unchanged && (
        <MessageBar intent="info" data-testid="settings-unchanged">
          <MessageBarBody>{t('settingsUnchanged')}</MessageBarBody>
        </MessageBar>
      )}
      {saved && !settings.applying && !settings.applyError && (
        <MessageBar intent="success" data-testid="settings-saved">
          <MessageBarBody>{t('saved')}</MessageBarBody>
        </MessageBar>
      )}
      {settings.applying && (
        <MessageBar intent="info" data-testid="settings-applying" icon={<Spinner size="extra-tiny" />}>
          <MessageBarBody>{t('applying')}</MessageBarBody>
        </MessageBar>
      )}
      {settings.applyError && (
        <MessageBar intent="error" role="alert" data-testid="settings-apply-error" layout="multiline">
          <MessageBarBody>
            {t('applyFailed')}.
            <TechnicalDetail detail={settings.applyError} />
          </MessageBarBody>
        </MessageBar>
      )}
      {problem && <ProblemBar problem={problem} testId="settings-error" />}
      <SettingsSectionFocus />

      <Dialog open={risks !== undefined} onOpenChange={(_event, data) => !data.open && setRisks(undefined)} modalType="alert">
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('confirmTitle')}</DialogTitle>
            <DialogContent>
              <Text as="p">{t('confirmIntro')}</Text>
              <ul>
                {(risks ?? []).map((risk) => (
                  <li key={risk}>{t(risk)}</li>
                ))}
              </ul>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={doSave}>
                {t('confirmSave')}
              </Button>
              <Button onClick={() => setRisks(undefined)}>{t('cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </form>
  );
}
