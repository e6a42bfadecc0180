import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { AdminKey } from '../../../../shared/contract/admin-types';
import { useText } from '../../i18n';
import type { AdminOutcome, AdminTrouble } from '../../stores/admin-call';
import { AdminTroubleBar } from './AdminTroubleBar';
import { useAdminStyles } from './admin-styles';

interface Props {
  adminKey: AdminKey | undefined;
  onClose(): void;
  onConfirm(key: AdminKey): Promise<AdminOutcome<AdminKey>>;
}

/** Asks before deactivating, saying it cannot be undone; the key's id is shown so the right one is chosen. */
export function DeactivateDialog({ adminKey, onClose, onConfirm }: Props) {
  const t = useText();
  const styles = useAdminStyles();
  const [trouble, setTrouble] = useState<AdminTrouble | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => setTrouble(undefined), [adminKey]);
  const confirm = async (): Promise<void> => {
    if (!adminKey) return;
    setBusy(true);
    const outcome = await onConfirm(adminKey);
    setBusy(false);
    if (outcome.ok) onClose();
    else setTrouble(outcome.trouble);
  };
  return (
    <Dialog open={adminKey !== undefined} modalType="alert" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby="deactivate-warning">
        <DialogBody>
          <DialogTitle>{t('deactivateTitle', { label: adminKey?.label ?? '' })}</DialogTitle>
          <DialogContent className={styles.dialogFields}>
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody id="deactivate-warning">{t('deactivateWarning')}</MessageBarBody>
            </MessageBar>
            <span className={styles.keyId} data-service>
              {adminKey?.keyId}
            </span>
            {trouble && <AdminTroubleBar trouble={trouble} testId="deactivate-trouble" />}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()}>
              {t('deactivateConfirm')}
            </Button>
            <Button onClick={onClose}>{t('cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
