import { MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SecureStatus } from '../../../../shared/contract/types';
import { useText } from '../../i18n';
import { TLS_PROBLEM_TEXT, TLS_REASON_TEXT } from '../../i18n/locales/tls';
import { CopyButton } from '../home/CopyButton';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  url: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace },
});

/** "2 de diciembre de 2026": an expiry is a day, not a moment. */
export function useLongDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso));
}

/** The secure listener as it runs now: serving (with its addresses to copy and the certificate's expiry) or why not. */
export function SecureStatusNote({ tls }: { tls: SecureStatus }) {
  const t = useText();
  const longDate = useLongDate();
  const styles = useStyles();
  const { health } = tls;
  if (health.status === 'error') {
    return (
      <MessageBar intent="error" layout="multiline" data-testid="tls-problem">
        <MessageBarBody>
          <MessageBarTitle>{t('tlsProblemTitle')}</MessageBarTitle>{' '}
          {t(TLS_PROBLEM_TEXT[health.problem], { at: health.at, date: health.valid_from ? longDate(health.valid_from) : '' })}
          {health.reason && ` ${t(TLS_REASON_TEXT[health.reason])}`}
        </MessageBarBody>
      </MessageBar>
    );
  }
  const date = longDate(health.valid_to);
  const names = health.names.join(', ') || health.subject;
  // Expired or expiring soon replaces the "on" line: the date that matters is said once, where it warns.
  const [intent, text] =
    health.days_left < 0
      ? (['error', t('tlsExpired', { date })] as const)
      : health.expires_soon
        ? (['warning', t('tlsExpiresSoon', { date, names })] as const)
        : (['success', t('tlsOn', { names, date })] as const);
  return (
    <div className={styles.stack}>
      <MessageBar intent={intent} layout="multiline" data-testid={intent === 'success' ? 'tls-on' : 'tls-expiry'}>
        <MessageBarBody>{text}</MessageBarBody>
      </MessageBar>
      {tls.wssUrls.length === 0 ? (
        <Text>{t('tlsNoAddresses')}</Text>
      ) : (
        <div className={styles.stack}>
          <Text weight="semibold">{t('tlsAddresses')}</Text>
          {tls.wssUrls.map((url) => (
            <div className={styles.row} key={url}>
              <Text className={styles.url} data-testid="tls-wss-url">
                {url}
              </Text>
              <CopyButton text={url} label={t('tlsCopyAddressOf', { url })} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
