import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger } from '@fluentui/react-components';
import { useId } from 'react';
import { useText } from '../../i18n';
import { useJobsStyles } from '../jobs/jobs-styles';

interface Props {
  onPrintNow(): void;
  onDiscard(): void;
  /** The owner may be looking at several held tickets: the buttons say which one for screen readers. */
  ticketName?: string;
  size?: 'small' | 'medium';
}

/** "Print now" and "Discard" for a held ticket; discarding cannot be undone, so it asks first. */
export function HeldJobActions({ onPrintNow, onDiscard, ticketName, size = 'small' }: Props) {
  const t = useText();
  const styles = useJobsStyles();
  const textId = useId();
  return (
    <>
      <Button
        size={size}
        appearance="primary"
        onClick={onPrintNow}
        aria-label={ticketName ? t('heldPrintNowOf', { ticket: ticketName }) : undefined}
      >
        {t('heldPrintNow')}
      </Button>
      <Dialog modalType="alert">
        <DialogTrigger disableButtonEnhancement>
          <Button size={size} aria-label={ticketName ? t('heldDiscardOf', { ticket: ticketName }) : undefined}>
            {t('heldDiscard')}
          </Button>
        </DialogTrigger>
        <DialogSurface aria-describedby={textId}>
          <DialogBody>
            <DialogTitle>{t('heldDiscardTitle')}</DialogTitle>
            <DialogContent id={textId}>{t('heldDiscardText')}</DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button appearance="primary" className={styles.answer} onClick={onDiscard}>
                  {t('heldDiscardConfirm')}
                </Button>
              </DialogTrigger>
              <DialogTrigger disableButtonEnhancement>
                <Button className={styles.answer}>{t('heldDiscardKeep')}</Button>
              </DialogTrigger>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
