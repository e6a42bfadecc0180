import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { useJobsStyles } from './jobs-styles';

/** Cancelling cannot be undone (the POS is told at once): it asks first. */
export function CancelJobButton({ onConfirm }: { onConfirm(): void }) {
  const t = useText();
  const styles = useJobsStyles();
  return (
    <Dialog modalType="alert">
      <DialogTrigger disableButtonEnhancement>
        <Button>{t('cancelJob')}</Button>
      </DialogTrigger>
      <DialogSurface aria-describedby="cancel-job-text">
        <DialogBody>
          <DialogTitle>{t('cancelConfirmTitle')}</DialogTitle>
          <DialogContent id="cancel-job-text">{t('cancelConfirmText')}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary" className={styles.answer} onClick={onConfirm}>
                {t('cancelConfirm')}
              </Button>
            </DialogTrigger>
            <DialogTrigger disableButtonEnhancement>
              <Button className={styles.answer}>{t('cancelKeep')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
