import { Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SecretName, SettingsView } from '../../../shared/contract/settings';
import { OriginSettings } from '../components/origins/OriginSettings';
import { OnlineOrdersSection } from '../components/online-orders/OnlineOrdersSection';
import { AdvancedSettings } from '../components/settings/AdvancedSettings';
import { GeneralFieldset, SecurityFieldset, ServiceKeys } from '../components/settings/CafeSettings';
import { isFixed } from '../components/settings/field-parts';
import { OptionalServicesCard } from '../components/settings/OptionalServicesCard';
import { changesOf, draftChanged, draftOf, errorOutOfSight, errorsOf, formIdentityOf, type Draft, type FixedName, type SettingsFormParts } from '../components/settings/settings-draft';
import { SettingsSectionFocus } from '../components/settings/SettingsSectionFocus';
import { UnsavedChangesQuestion } from '../components/UnsavedChangesQuestion';
import { useUnloadGuard } from '../components/use-unload-guard';
import { useText, type TextKey } from '../i18n';
import { useSettingsPageStore } from '../stores/settings-page-store';
import { useSettingsStore } from '../stores/settings-store';
import { ProblemBar, TechnicalDetail } from './page-parts';

/** Settings in force; secrets are shown masked and only ever sent, never received, in full. */
export function SettingsPage() {
  const t = useText();
  const { settings, problem } = useSettingsStore();
  useEffect(() => {
    void useSettingsStore.getState().load();
  }, []);
  // Reloading or closing with unsaved changes asks first, as the designer does.
  useUnloadGuard(() => useSettingsPageStore.getState().dirty);
  if (settings) return <SettingsForm key={formIdentityOf(settings)} settings={settings} />;
  return problem ? <ProblemBar problem={problem} /> : <Spinner label={t('loading')} />;
}

function SettingsForm({ settings }: { settings: SettingsView }) {
  const t = useText();
  const { save, problem, saved } = useSettingsStore();
  const pendingLeave = useSettingsPageStore((state) => state.pendingLeave);
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [risks, setRisks] = useState<TextKey[] | undefined>(undefined);
  /** Where the owner was going when Save was pressed in "Save changes?": gone to once saved. */
  const afterSave = useRef<(() => void) | undefined>(undefined);
  const fixed = (name: FixedName): boolean => isFixed(settings, name);
  /** Save was pressed with nothing changed; cleared by the next change. */
  const [unchanged, setUnchanged] = useState(false);
  const edit = (next: (current: Draft) => Draft) => {
    setUnchanged(false);
    setDraft(next);
  };
  const form: SettingsFormParts = {
    settings,
    draft,
    errors: errorsOf(draft, t),
    change: (key, value) => edit((current) => ({ ...current, [key]: value })),
    changeSecret: (name: SecretName, value: string | null | undefined) => edit((current) => ({ ...current, secrets: { ...current.secrets, [name]: value } })),
  };
  const valid = Object.values(form.errors).every((error) => error === undefined);
  const changed = draftChanged(draft, settings);

  // Leaving the page (the menu, Back, a reload) asks while something typed is not saved.
  useEffect(() => useSettingsPageStore.getState().setDirty(changed), [changed]);
  // Gone from the page (or filled again after a save): nothing of this form is left to ask about.
  useEffect(() => () => useSettingsPageStore.setState({ dirty: false, pendingLeave: undefined }), []);

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

  const doSave = async () => {
    setRisks(undefined);
    const { settings: patch, secrets } = changesOf(draft, fixed);
    await save(patch, secrets);
    const then = afterSave.current;
    afterSave.current = undefined;
    const { saved: done, settings: now } = useSettingsStore.getState();
    if (!done || !now) return;
    // What was typed is what is saved now (the form is usually filled again from it anyway).
    setDraft(draftOf(now));
    then?.();
  };

  /** Checks, confirms what would lower the protection, saves; `then` runs once saved (nothing runs when it cannot be). */
  const trySave = (then?: () => void) => {
    afterSave.current = undefined;
    if (!valid) {
      // A field to fix under a closed "Avanzado" is shown, not left to find.
      if (errorOutOfSight(form.errors)) useSettingsPageStore.getState().setAdvancedOpen(true);
      return;
    }
    // Nothing differs from what is stored: say so rather than a "Saved" that would claim a change.
    if (!changed) {
      useSettingsStore.setState({ saved: false });
      setUnchanged(true);
      then?.();
      return;
    }
    afterSave.current = then;
    const found = risksOfSave();
    if (found.length > 0) setRisks(found);
    else void doSave();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    trySave();
  };

  const answerLeave = (answer: 'save' | 'discard' | 'keep') => {
    const leave = useSettingsPageStore.getState().takeLeave();
    if (answer === 'save') return trySave(leave);
    if (answer === 'keep' || !leave) return;
    useSettingsPageStore.getState().setDirty(false);
    setDraft(draftOf(settings));
    leave();
  };

  return (
    <form className="page settings-page" onSubmit={submit} noValidate aria-labelledby="settings-title">
      <div className="page-head">
        <h2 id="settings-title">{t('settings')}</h2>
      </div>
      <Text as="p">
        {t('runningValues')} {t('restartNote')}
      </Text>

      {/* The café's own settings first; what only a technician touches is under "Avanzado", below. */}
      <div className="settings-grid">
        <GeneralFieldset form={form} />
        <SecurityFieldset form={form} openWithoutToken={openWithoutToken} />
        {/* Answers apply at once through their own calls, never through Save (see OriginSettings). */}
        <OriginSettings />
        <OnlineOrdersSection />
        <OptionalServicesCard settings={settings} />
        <ServiceKeys form={form} />
      </div>
      <AdvancedSettings form={form} />

      <div className="form-actions">
        <Button appearance="primary" type="submit">
          {t('save')}
        </Button>
        {changed && (
          <Badge appearance="tint" color="warning" data-testid="settings-unsaved">
            {t('tplUnsaved')}
          </Badge>
        )}
        {!valid && (
          <Text role="alert" className="error-text">
            {t('fixFields')}
          </Text>
        )}
      </div>
      <SaveOutcome settings={settings} unchanged={unchanged} saved={saved && !changed} />
      {problem && <ProblemBar problem={problem} testId="settings-error" />}
      <SettingsSectionFocus />

      {pendingLeave && (
        <UnsavedChangesQuestion
          text={t('settingsUnsavedText')}
          onSave={() => answerLeave('save')}
          onDiscard={() => answerLeave('discard')}
          onKeepEditing={() => answerLeave('keep')}
        />
      )}
      <Dialog
        open={risks !== undefined}
        onOpenChange={(_event, data) => {
          if (data.open) return;
          setRisks(undefined);
          afterSave.current = undefined;
        }}
        modalType="alert"
      >
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
              <Button appearance="primary" onClick={() => void doSave()}>
                {t('confirmSave')}
              </Button>
              <Button
                onClick={() => {
                  setRisks(undefined);
                  afterSave.current = undefined;
                }}
              >
                {t('cancel')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </form>
  );
}

/** What became of the last Save: nothing to save, saved (only while nothing else is typed), being applied, or failed. */
function SaveOutcome({ settings, unchanged, saved }: { settings: SettingsView; unchanged: boolean; saved: boolean }) {
  const t = useText();
  return (
    <>
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
    </>
  );
}
