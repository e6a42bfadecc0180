import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Card,
  CardHeader,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  mergeClasses,
} from '@fluentui/react-components';
import type { ServiceStatus } from '../../../../shared/contract/types';
import { useFormats, useText } from '../../i18n';
import { useHomeStore } from '../../stores/home-store';
import { useConnectionStore, useServiceUnreachable } from '../../stores/connection-store';
import { useStatusStore } from '../../stores/status-store';
import { CopyButton } from './CopyButton';
import { SecureAddresses } from './SecureAddresses';
import { useHomeStyles } from './home-styles';
import { StaleNote, useStaleClass } from './StaleNote';

/** A few lines the POS developer can paste: connect, send one ticket, read the ack and the result. */
export function posSnippet(wsUrl: string, tokenRequired: boolean, text: string): string {
  const token = tokenRequired ? "\n    auth_token: 'TOKEN',": '';
  return [
    `const ws = new WebSocket('${wsUrl}');`,
    'ws.onopen = () => ws.send(JSON.stringify({',
    `    tipo: 'ticket', id: 'venta-1',${token}`,
    `    datos: { version: '1.0', commands: [`,
    `      { type: 'text', data: { text: '${text}' } },`,
    `      { type: 'cut' },`,
    '    ] },',
    '}));',
    '// {"tipo":"ack",…}  →  {"tipo":"result","status":"success",…}',
    'ws.onmessage = (event) => console.log(JSON.parse(event.data));',
  ].join('\n');
}

function ServiceBadge({ status, unreachable }: { status: ServiceStatus | undefined; unreachable: boolean }) {
  const t = useText();
  // Signed out, the service runs: it only wants the token again (the banner's "Sign in again"), not "no connection".
  const signedOut = useConnectionStore((store) => store.state === 'signed-out');
  if (signedOut) return <Badge color="warning" appearance="filled">{t('signedOutTitle')}</Badge>;
  if (unreachable || !status) return <Badge color="danger" appearance="filled">{t('homeServiceUnreachable')}</Badge>;
  if (status.queue.paused) return <Badge color="warning" appearance="filled">{t('homeServicePaused')}</Badge>;
  if (!status.queue.running) return <Badge color="danger" appearance="filled">{t('homeServiceStopped')}</Badge>;
  return <Badge color="success" appearance="filled">{t('homeServiceRunning')}</Badge>;
}

/** Is the service running, and the address (and the lines of code) the POS needs to reach it. */
export function ServiceCard() {
  const t = useText();
  const formats = useFormats();
  const styles = useHomeStyles();
  const staleClass = useStaleClass();
  const { status, error, readAt } = useStatusStore();
  const unreachable = useServiceUnreachable();
  const markCopied = useHomeStore((state) => state.markCopied);
  const overview = status?.overview;
  return (
    <Card className={mergeClasses(styles.card, staleClass)} data-stale={staleClass !== undefined} data-testid="home-service">
      <CardHeader
        header={
          <h2 className={styles.cardTitle} id="home-service-title">
            {t('homeServiceTitle')}
          </h2>
        }
        action={<ServiceBadge status={status} unreachable={error !== undefined || unreachable} />}
      />
      <StaleNote />
      {status ? (
        <div className={styles.stack}>
          <Text className={styles.muted} size={200}>
            {/* From the moment of the reading, not now: a status kept while the service is away must not move. */}
            {t('homeRunningSince', { since: formats.dateTime((readAt ?? Date.now()) - status.uptimeSeconds * 1000) })}
          </Text>
          <Field label={t('homeAddressLabel')} hint={t('homeAddressHint')}>
            <div className={styles.row}>
              <Input id="home-ws-url" className={`${styles.grow} ${styles.mono}`} readOnly value={status.wsUrl} data-testid="home-ws-url" />
              <CopyButton text={status.wsUrl} label={t('homeCopyAddress')} selectId="home-ws-url" onCopied={markCopied} appearance="primary" testId="home-copy-address" />
            </div>
          </Field>
          {overview && overview.networkWsUrls.length > 0 && (
            <div className={styles.stack}>
              <Text weight="semibold">{t('homeOtherTills')}</Text>
              {overview.networkWsUrls.map((url) => (
                <div className={styles.row} key={url}>
                  <Text className={`${styles.grow} ${styles.mono}`}>{url}</Text>
                  <CopyButton text={url} label={t('homeCopyAddressOf', { url })} onCopied={markCopied} />
                </div>
              ))}
            </div>
          )}
          {status.tls && <SecureAddresses tls={status.tls} />}
          {overview && !overview.listensOnNetwork && <Text size={200}>{t('homeOnlyThisComputer')}</Text>}
          {status.tokenLost ? (
            <MessageBar intent="error" data-testid="token-lost">
              <MessageBarBody>
                <MessageBarTitle>{t('homeTokenLostTitle')}</MessageBarTitle>
                {t('homeTokenLostBody')}
              </MessageBarBody>
            </MessageBar>
          ) : (
            <Text size={200}>{status.tokenRequired ? t('homeTokenNeeded') : t('homeNoToken')}</Text>
          )}
          <Accordion collapsible>
            <AccordionItem value="snippet">
              <AccordionHeader size="small">{t('homeForDeveloper')}</AccordionHeader>
              <AccordionPanel>
                <div className={styles.stack}>
                  <Text size={200}>{t('homeSnippetIntro')}</Text>
                  <pre className={styles.code} data-testid="home-snippet" tabIndex={0} role="region" aria-label={t('homeSnippetLabel')}>
                    {posSnippet(status.wsUrl, status.tokenRequired, t('homeSnippetText'))}
                  </pre>
                  <div className={styles.row}>
                    <CopyButton text={posSnippet(status.wsUrl, status.tokenRequired, t('homeSnippetText'))} label={t('homeCopySnippet')} />
                  </div>
                </div>
              </AccordionPanel>
            </AccordionItem>
          </Accordion>
        </div>
      ) : (
        <Text>{error !== undefined ? t('homeUnreachableText') : t('homeLoading')}</Text>
      )}
    </Card>
  );
}
