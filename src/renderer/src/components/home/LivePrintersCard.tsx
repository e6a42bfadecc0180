import { Card, CardHeader, Text, mergeClasses } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { usePrinterStatusStore } from '../../stores/printer-status-store';
import { LiveStateBadge } from '../printer-status/LiveStateBadge';
import { PrinterLabelView } from '../printers/PrinterLabelView';
import { drawerText, PAPER_TEXT } from '../printer-status/live-state';
import { useHomeStyles } from './home-styles';
import { StaleNote, useStaleClass } from './StaleNote';

/**
 * Each printer that reads back (network port 9100, direct USB), as it said itself a moment ago: paper, cover, drawer,
 * and whether it confirms each ticket on paper. Printers behind the system's spooler cannot say, so they are not here.
 */
export function LivePrintersCard() {
  const t = useText();
  const styles = useHomeStyles();
  const staleClass = useStaleClass();
  const statuses = Object.values(usePrinterStatusStore((state) => state.statuses));
  if (statuses.length === 0) return null;
  return (
    <Card className={mergeClasses(styles.card, staleClass)} data-stale={staleClass !== undefined} data-testid="home-live-printers">
      <CardHeader header={<h2 className={styles.cardTitle}>{t('livePrintersTitle')}</h2>} />
      <StaleNote />
      <ul className={styles.feed} aria-label={t('livePrintersTitle')}>
        {statuses.map((status) => (
          <li key={status.uri} className={styles.liveItem} data-testid="live-printer" data-uri={status.uri}>
            <div className={styles.row}>
              {/* "Impresora de red 10.0.0.9" with its address under it, as the Printers page names it. */}
              <Text weight="semibold" className={styles.grow}>
                <PrinterLabelView printer={status.uri} />
              </Text>
              <LiveStateBadge status={status} />
            </div>
            {status.link === 'answering' && (
              <dl className={styles.facts}>
                <dt>{t('livePaper')}</dt>
                <dd>{t(PAPER_TEXT[status.paper])}</dd>
                <dt>{t('liveCover')}</dt>
                <dd>{t(status.coverOpen ? 'liveCover_open' : 'liveCover_closed')}</dd>
                <dt>{t('liveDrawer')}</dt>
                <dd>{t(drawerText(status.drawerOpen))}</dd>
                <dt>{t('liveConfirms')}</dt>
                <dd>{t(status.confirmsOnPaper ? 'liveConfirms_yes' : 'liveConfirms_no')}</dd>
              </dl>
            )}
            {status.link === 'silent' && (
              <Text size={200} className={styles.muted}>
                {t('liveSilentHint')}
              </Text>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
