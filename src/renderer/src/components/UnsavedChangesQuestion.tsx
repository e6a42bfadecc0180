import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { useText } from '../i18n';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '0.75rem' },
});

interface Props {
  /** What is unsaved, in a sentence (the receipt by name, the settings). */
  text: string;
  /** Anything the save needs first (the designer asks a new receipt's name). */
  children?: ReactNode;
  onSave(): void;
  onDiscard(): void;
  onKeepEditing(): void;
}

/**
 * "Save changes?" before unsaved work is left or replaced, the same question wherever it is asked (the designer, the
 * settings): Save / Discard changes / Keep editing. Escape or a click outside keeps editing: nothing is lost by it.
 */
export function UnsavedChangesQuestion({ text, children, onSave, onDiscard, onKeepEditing }: Props) {
  const t = useText();
  const styles = useStyles();
  const save = (event: FormEvent) => {
    event.preventDefault();
    // React passes events up through the portal: a form the page wraps around this one must not submit as well.
    event.stopPropagation();
    onSave();
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => !data.open && onKeepEditing()}>
      <DialogSurface>
        <form onSubmit={save}>
          <DialogBody>
            <DialogTitle>{t('unsavedTitle')}</DialogTitle>
            <DialogContent className={styles.content}>
              <Text as="p">{text}</Text>
              {children}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" type="submit">
                {t('unsavedSave')}
              </Button>
              <Button onClick={onDiscard}>{t('unsavedDiscardChanges')}</Button>
              <Button onClick={onKeepEditing}>{t('unsavedKeepEditing')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
