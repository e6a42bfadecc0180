import { useEffect, useState, type FormEvent } from 'react';
import { SECRET_NAMES, type SecretName, type SecretsPatch, type SettingsPatch, type SettingsView } from '../../../shared/contract/settings';
import { useText } from '../i18n';
import { useSettingsStore } from '../stores/settings-store';

const SECRET_LABELS: Record<SecretName, string> = {
  token: 'Token',
  translationApiKey: 'Translation API key',
  adminApiKey: 'Admin API key',
  campusApiKey: 'Campus API key',
};

/** Settings; secrets are shown masked and only ever sent, never received, in full. */
export function SettingsPage() {
  const { settings, load } = useSettingsStore();
  useEffect(() => {
    void load();
  }, [load]);
  return settings ? <SettingsForm key={JSON.stringify(settings)} settings={settings} /> : <p className="muted">…</p>;
}

/** Says why a field cannot be changed here (the command line set it), next to the field. */
function FixedNote({ settings, name }: { settings: SettingsView; name: keyof SettingsView['fixed'] }) {
  const t = useText();
  const flag = settings.fixed[name];
  return flag ? <span className="note muted" data-testid={`fixed-${name}`}>{t('fixedBy', { flag })}</span> : null;
}

function SettingsForm({ settings }: { settings: SettingsView }) {
  const t = useText();
  const { save, error, saved } = useSettingsStore();
  const fixed = (name: keyof SettingsView['fixed']): boolean => settings.fixed[name] !== undefined;
  const [draft, setDraft] = useState(settings);
  const [origins, setOrigins] = useState(settings.allowedOrigins.join('\n'));
  const [secrets, setSecrets] = useState<SecretsPatch>({});
  const field = <K extends keyof SettingsView>(key: K, value: SettingsView[K]) => setDraft({ ...draft, [key]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: SettingsPatch = {
      port: draft.port,
      env: draft.env,
      allowedOrigins: origins.split('\n').map((line) => line.trim()).filter((line) => line !== ''),
      queueCapacity: draft.queueCapacity,
      rateLimit: draft.rateLimit,
      defaultPrinter: draft.defaultPrinter,
      safeMode: draft.safeMode,
      language: draft.language,
      translationBaseUrl: draft.translationBaseUrl,
      adminBaseUrl: draft.adminBaseUrl,
      campusBaseUrl: draft.campusBaseUrl,
    };
    void save(patch, secrets);
  };

  return (
    <form className="settings" onSubmit={submit}>
      <h2>{t('settings')}</h2>
      <p className="muted">{t('restartNote')}</p>
      <label>
        {t('language')}
        <select value={draft.language} onChange={(e) => field('language', e.target.value === 'en' ? 'en' : 'es')}>
          <option value="es">Español</option>
          <option value="en">English</option>
        </select>
      </label>
      <label>
        {t('port')}
        <input type="number" min={1} max={65535} value={draft.port} disabled={fixed('port')} onChange={(e) => field('port', Number(e.target.value))} />
        <FixedNote settings={settings} name="port" />
      </label>
      <label>
        {t('environment')}
        <select value={draft.env} disabled={fixed('env')} onChange={(e) => field('env', e.target.value === 'production' ? 'production' : 'development')}>
          <option value="development">development (localhost)</option>
          <option value="production">production (0.0.0.0)</option>
        </select>
        <FixedNote settings={settings} name="env" />
      </label>
      <label>
        {t('allowedOrigins')}
        <textarea rows={3} value={origins} disabled={fixed('allowedOrigins')} onChange={(e) => setOrigins(e.target.value)} />
        <FixedNote settings={settings} name="allowedOrigins" />
      </label>
      <label>
        {t('queueCapacity')}
        <input type="number" min={1} value={draft.queueCapacity} disabled={fixed('queueCapacity')} onChange={(e) => field('queueCapacity', Number(e.target.value))} />
        <FixedNote settings={settings} name="queueCapacity" />
      </label>
      <label>
        {t('rateLimit')}
        <input type="number" min={0} value={draft.rateLimit} disabled={fixed('rateLimit')} onChange={(e) => field('rateLimit', Number(e.target.value))} />
        <FixedNote settings={settings} name="rateLimit" />
      </label>
      <label>
        {t('defaultPrinter')}
        <input
          value={draft.defaultPrinter ?? ''}
          disabled={fixed('defaultPrinter')}
          onChange={(e) => field('defaultPrinter', e.target.value.trim() === '' ? null : e.target.value)}
        />
        <FixedNote settings={settings} name="defaultPrinter" />
      </label>
      <label className="check">
        <input type="checkbox" checked={draft.safeMode} disabled={fixed('safeMode')} onChange={(e) => field('safeMode', e.target.checked)} /> {t('safeMode')}
        <FixedNote settings={settings} name="safeMode" />
      </label>
      {(['translationBaseUrl', 'adminBaseUrl', 'campusBaseUrl'] as const).map((key) => (
        <label key={key}>
          {key}
          <input type="url" value={draft[key]} onChange={(e) => field(key, e.target.value)} />
        </label>
      ))}
      <fieldset>
        <legend>Secrets</legend>
        {settings.secretStorage === 'memory-only' && <p className="warning">{t('secretsMemoryOnly')}</p>}
        {SECRET_NAMES.map((name) => (
          <label key={name}>
            {name === 'token' ? t('token') : SECRET_LABELS[name]}{' '}
            <span className="mono" data-testid={`secret-${name}`}>
              {settings.secrets[name].set ? settings.secrets[name].masked : `(${t('notSet')})`}
            </span>
            <input
              type="password"
              autoComplete="off"
              disabled={name === 'token' && fixed('token')}
              placeholder={t('newValue')}
              onChange={(e) => setSecrets({ ...secrets, [name]: e.target.value === '' ? undefined : e.target.value })}
            />
            {name === 'token' && <FixedNote settings={settings} name="token" />}
            {settings.secrets[name].set && !(name === 'token' && fixed('token')) && (
              <button type="button" onClick={() => setSecrets({ ...secrets, [name]: null })}>
                {t('clear')}
              </button>
            )}
          </label>
        ))}
      </fieldset>
      <div className="row">
        <button className="primary" type="submit">
          {t('save')}
        </button>
        {saved && !settings.applying && !settings.applyError && <span data-testid="settings-saved">{t('saved')}</span>}
        {settings.applying && <span data-testid="settings-applying">{t('applying')}</span>}
        {settings.applyError && (
          <span className="error" role="alert" data-testid="settings-apply-error">
            {t('applyFailed')}: {settings.applyError}
          </span>
        )}
        {error && <span className="error">{error}</span>}
      </div>
    </form>
  );
}
