import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { SecureStatus } from '../../../../shared/contract/types';
import { useText } from '../../i18n';
import { useHomeStore } from '../../stores/home-store';
import { useLongDate } from '../settings/SecureStatusNote';
import { CopyButton } from './CopyButton';
import { useHomeStyles } from './home-styles';

/** The `wss://` addresses for POS pages served over HTTPS, when a certificate is configured; or that it does not work. */
export function SecureAddresses({ tls }: { tls: SecureStatus }) {
  const t = useText();
  const styles = useHomeStyles();
  const longDate = useLongDate();
  const markCopied = useHomeStore((state) => state.markCopied);
  const { health } = tls;
  if (health.status === 'error') {
    return (
      <MessageBar intent="warning" layout="multiline" data-testid="home-tls-problem">
        <MessageBarBody>{t('homeSecureProblem')}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <div className={styles.stack} data-testid="home-tls">
      {tls.wssUrls.length > 0 && <Text weight="semibold">{t('tlsAddresses')}</Text>}
      {tls.wssUrls.map((url) => (
        <div className={styles.row} key={url}>
          <Text className={`${styles.grow} ${styles.mono}`} data-testid="home-wss-url">
            {url}
          </Text>
          <CopyButton text={url} label={t('tlsCopyAddressOf', { url })} onCopied={markCopied} />
        </div>
      ))}
      {health.expires_soon && (
        <MessageBar intent={health.days_left < 0 ? 'error' : 'warning'} layout="multiline">
          <MessageBarBody>{t(health.days_left < 0 ? 'tlsExpired' : 'homeSecureExpiresSoon', { date: longDate(health.valid_to) })}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
