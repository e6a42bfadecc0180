import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useText } from '../../i18n';

/**
 * Without a token the service answers the window's calls from this computer only (request-guard's windowApiRefusal):
 * said where the token is set, so the owner knows why the window does not work from the office PC, and what fixes it.
 */
export function WindowReachNote({ tokenInForce }: { tokenInForce: boolean }) {
  const t = useText();
  if (tokenInForce) return null;
  return (
    <MessageBar intent="info" layout="multiline" data-testid="window-local-only">
      <MessageBarBody>{t('windowLocalOnly')}</MessageBarBody>
    </MessageBar>
  );
}
