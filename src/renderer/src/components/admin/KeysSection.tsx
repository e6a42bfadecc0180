import { Button, Field, Input, Spinner, Text, Toast, ToastTitle } from '@fluentui/react-components';
import { useAppToast } from '../app-toasts';
import { useEffect, useState } from 'react';
import type { AdminKey } from '../../../../shared/contract/admin-types';
import { useText, type TextKey } from '../../i18n';
import type { AdminOutcome, AdminTrouble } from '../../stores/admin-call';
import { useAdminKeysStore } from '../../stores/admin-keys-store';
import { AdminTroubleBar } from './AdminTroubleBar';
import { DeactivateDialog } from './DeactivateDialog';
import { DeactivatedKeys } from './DeactivatedKeys';
import { KeysTable } from './KeysTable';
import { LimitsDialog } from './LimitsDialog';
import { useAdminStyles } from './admin-styles';

/** The organization's developer keys: create one, rename, set limits, deactivate; deactivated keys listed apart. */
export function KeysSection() {
  const t = useText();
  const styles = useAdminStyles();
  const { keys, loaded, loading, trouble, load, create, rename, setLimits, deactivate } = useAdminKeysStore();
  const [label, setLabel] = useState('');
  const [creating, setCreating] = useState(false);
  const [actionTrouble, setActionTrouble] = useState<AdminTrouble | undefined>(undefined);
  const [limitsOf, setLimitsOf] = useState<AdminKey | undefined>(undefined);
  const [deactivating, setDeactivating] = useState<AdminKey | undefined>(undefined);
  // In the window's one place, as the answer to what the owner just did.
  const toast = useAppToast();
  useEffect(() => {
    void useAdminKeysStore.getState().load();
  }, []);

  const notify = (text: TextKey, keyLabel: string): void =>
    toast(
      'notice',
      <Toast data-testid="admin-notice">
        <ToastTitle>{t(text, { label: keyLabel })}</ToastTitle>
      </Toast>,
      { intent: 'success', timeout: 5000 },
    );
  /** The outcome of an action started from the page itself (not a dialog): success is a toast, trouble a bar. */
  const reported = (outcome: AdminOutcome<AdminKey>, text: TextKey): boolean => {
    setActionTrouble(outcome.ok ? undefined : outcome.trouble);
    if (outcome.ok) notify(text, outcome.value.label);
    return outcome.ok;
  };
  const submitCreate = async (): Promise<void> => {
    setCreating(true);
    const outcome = await create(label);
    setCreating(false);
    if (reported(outcome, 'keyCreated')) setLabel('');
  };

  const active = keys.filter((key) => !key.deactivated);
  const deactivated = keys.filter((key) => key.deactivated);
  return (
    <section className={styles.section} aria-labelledby="keys-title">
      <div className="page-head">
        <h3 id="keys-title" className={styles.sectionTitle}>
          {t('keysTitle')}
        </h3>
        <Button size="small" appearance="subtle" onClick={() => void load()} disabled={loading}>
          {t('adminReload')}
        </Button>
      </div>
      {trouble && <AdminTroubleBar trouble={trouble} />}
      {!loaded && !trouble && <Spinner label={t('loading')} />}
      {loaded && !trouble && (
        <>
          <form
            className={styles.formWithHint}
            onSubmit={(event) => {
              event.preventDefault();
              void submitCreate();
            }}
          >
            <Field label={t('newKeyLabel')} hint={t('newKeyHint')} className={styles.grow}>
              <Input value={label} maxLength={256} onChange={(_event, data) => setLabel(data.value)} />
            </Field>
            <Button appearance="primary" type="submit" disabled={creating} className={styles.besideInput}>
              {t('createKey')}
            </Button>
          </form>
          {actionTrouble && <AdminTroubleBar trouble={actionTrouble} testId="admin-action-trouble" />}
          {active.length === 0 ? (
            <Text>{t('noActiveKeys')}</Text>
          ) : (
            <KeysTable
              keys={active}
              onRename={async (key, next) => reported(await rename(key.keyId, next), 'keyRenamed')}
              onLimits={setLimitsOf}
              onDeactivate={setDeactivating}
            />
          )}
          {deactivated.length > 0 && <DeactivatedKeys keys={deactivated} />}
        </>
      )}
      <LimitsDialog
        adminKey={limitsOf}
        onClose={() => setLimitsOf(undefined)}
        onSave={async (key, limits) => {
          const outcome = await setLimits(key.keyId, limits);
          if (outcome.ok) notify('limitsSaved', outcome.value.label);
          return outcome;
        }}
      />
      <DeactivateDialog
        adminKey={deactivating}
        onClose={() => setDeactivating(undefined)}
        onConfirm={async (key) => {
          const outcome = await deactivate(key.keyId);
          if (outcome.ok) notify('keyDeactivatedNotice', outcome.value.label);
          return outcome;
        }}
      />
    </section>
  );
}
