import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useText } from '../i18n';
import { useKeptDraftNote } from './kept-draft';

/** "Your changes are still here": the unsaved receipt came back with the owner from the sign-in page. */
export function KeptDraftNote() {
  const t = useText();
  const { shown, dismiss } = useKeptDraftNote();
  if (!shown) return null;
  return (
    <MessageBar intent="info" layout="multiline" data-testid="designer-kept-draft">
      <MessageBarBody>
        <MessageBarTitle>{t('draftKeptTitle')}</MessageBarTitle>
        {t('draftKept')}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={dismiss}>
          {t('draftKeptDismiss')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
