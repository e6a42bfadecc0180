import { Badge, Card, CardHeader, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { FleetStatus } from '../../../../shared/contract/fleet-types';
import { api } from '../../api/api';
import { useFormats, useText } from '../../i18n';
import { useHomeStyles } from '../home/home-styles';

/** The connection is asked about this often: reconnections take seconds, and the call is a few fields in memory. */
const POLL_MS = 3_000;

/** Remote printing: the broker, this shop's site, connected or reconnecting and why, the last ticket. Hidden when off. */
export function FleetCard() {
  const t = useText();
  const formats = useFormats();
  const styles = useHomeStyles();
  const [fleet, setFleet] = useState<FleetStatus | undefined>();
  useEffect(() => {
    let live = true;
    const read = (): void => {
      api.fleetStatus().then(
        (status) => live && setFleet(status),
        () => undefined,
      );
    };
    read();
    const timer = setInterval(read, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  if (!fleet || fleet.state === 'off') return null;
  const badge =
    fleet.state === 'connected' ? (
      <Badge color="success" appearance="filled">{t('fleetConnected')}</Badge>
    ) : (
      <Badge color="warning" appearance="filled">{t(fleet.state === 'connecting' ? 'fleetConnecting' : 'fleetReconnecting')}</Badge>
    );
  const refused = fleet.refused.expired + fleet.refused.oversized + fleet.refused.noReplyTopic;
  return (
    <Card className={styles.card} data-testid="home-fleet" aria-labelledby="home-fleet-title">
      <CardHeader
        header={
          <h2 className={styles.cardTitle} id="home-fleet-title">
            {t('fleetTitle')}
          </h2>
        }
        action={badge}
      />
      <div className={styles.stack}>
        <Text>{t('fleetSite', { site: fleet.site })}</Text>
        <Text className={styles.muted} size={200}>
          {t('fleetBroker', { broker: fleet.broker })}
        </Text>
        {fleet.state === 'connected' && fleet.connectedAt ? <Text size={200}>{t('fleetSince', { time: formats.dateTime(Date.parse(fleet.connectedAt)) })}</Text> : null}
        {fleet.state !== 'connected' && fleet.problem ? <Text role="status">{t('fleetWhy', { problem: fleet.problem })}</Text> : null}
        {fleet.state !== 'connected' ? <Text size={200}>{t('fleetReconnectingHint')}</Text> : null}
        <Text size={200}>{fleet.lastTicketAt ? t('fleetLastTicket', { time: formats.dateTime(Date.parse(fleet.lastTicketAt)) }) : t('fleetNoTicketYet')}</Text>
        {refused > 0 ? (
          <Text size={200} className={styles.muted}>
            {t('fleetRefused', { expired: fleet.refused.expired, oversized: fleet.refused.oversized, noReply: fleet.refused.noReplyTopic })}
          </Text>
        ) : null}
        {fleet.refused.retained > 0 ? (
          // Apart from the other refusals: it is the chain's setup to fix (publishing with retain), not one bad ticket.
          <Text size={200} className={styles.muted} data-testid="home-fleet-retained">
            {t('fleetRetained', { count: fleet.refused.retained })}
          </Text>
        ) : null}
      </div>
    </Card>
  );
}
