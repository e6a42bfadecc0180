import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { connection } from '../api/api';
import { useText } from '../i18n';
import { signInAgain } from '../sign-in-again';
import { useConnectionStore } from '../stores/connection-store';

/**
 * Says at once when the print service cannot be reached, and goes away by itself when it is back. `reconnecting` is
 * the first moments (a settings restart is over in well under a second); `offline` means it has stayed down.
 */
export function ConnectionBanner() {
  const t = useText();
  const state = useConnectionStore((store) => store.state);
  if (state === 'connected') return null;
  // The service answers but wants the token again: no "no connection", and a way back in (issue 32).
  if (state === 'signed-out') {
    return (
      <MessageBar intent="warning" layout="multiline" role="alert" data-testid="connection-banner" data-state={state}>
        <MessageBarBody>
          <MessageBarTitle>{t('signedOutTitle')}</MessageBarTitle>
          {t('signedOutHint')}
        </MessageBarBody>
        <MessageBarActions>
          {/* The service's sign-in page, which brings the owner back to this page (and the Designer's unsaved receipt). */}
          <Button size="small" appearance="primary" onClick={signInAgain}>
            {t('signInAgain')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  const offline = state === 'offline';
  return (
    <MessageBar intent={offline ? 'error' : 'warning'} layout="multiline" role="alert" data-testid="connection-banner" data-state={state}>
      <MessageBarBody>
        <MessageBarTitle>{t(offline ? 'connectionOffline' : 'connectionReconnecting')}</MessageBarTitle>
        {t('connectionOfflineHint')}
      </MessageBarBody>
      {offline && (
        <MessageBarActions>
          <Button size="small" onClick={() => connection.retryNow()}>
            {t('connectionRetryNow')}
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
