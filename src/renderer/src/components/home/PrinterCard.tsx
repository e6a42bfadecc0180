import { Card, CardHeader, Text, mergeClasses } from '@fluentui/react-components';
import { useText } from '../../i18n';
import { useSettingsStore } from '../../stores/settings-store';
import { useStatusStore } from '../../stores/status-store';
import { CopyButton } from './CopyButton';
import { useHomeStyles } from './home-styles';
import { StaleNote, useStaleClass } from './StaleNote';
import { LastReceipts } from './LastReceipts';
import { isVirtualTarget, ROUTE_REASON } from './route-text';
import { PrinterStateBadge } from '../printer-status/PrinterStateBadge';
import { useRouteState } from '../printer-status/use-printer-state';
import { PrinterLabelView } from '../printers/PrinterLabelView';

/** Which printer the tickets go to now and whether it is ready; where the virtual printer leaves its receipts. */
export function PrinterCard() {
  const t = useText();
  const styles = useHomeStyles();
  const staleClass = useStaleClass();
  const overview = useStatusStore((state) => state.status?.overview);
  const fixedBy = useSettingsStore((state) => state.settings?.fixed.defaultPrinter);
  const route = overview?.route;
  const state = useRouteState();
  return (
    <Card className={mergeClasses(styles.card, staleClass)} data-stale={staleClass !== undefined} data-testid="home-printer">
      <CardHeader
        header={<h2 className={styles.cardTitle}>{t('homePrinterTitle')}</h2>}
        action={state && <PrinterStateBadge state={state} testId="home-printer-status" />}
      />
      <StaleNote />
      {route ? (
        <div className={styles.stack}>
          <Text size={200} className={styles.muted}>
            {t('homeTicketsGoTo')}
          </Text>
          {/* A network or USB printer in words with its address under it (printer-label), a queue by its name. */}
          <Text size={500} weight="semibold" data-testid="home-route-target">
            {isVirtualTarget(route) ? t('homeVirtualPrinter') : <PrinterLabelView printer={route.target} />}
          </Text>
          <Text size={200} data-testid="home-route-reason">
            {route.reason === 'configured' && fixedBy ? t('homeRouteFixedBy', { flag: fixedBy }) : t(ROUTE_REASON[route.reason])}
          </Text>
        </div>
      ) : (
        <Text>{t('homeLookingForPrinters')}</Text>
      )}
      {overview && (
        <div className={styles.stack}>
          <h3 className={styles.cardTitle}>{t('homeVirtualTitle')}</h3>
          <Text size={200}>{t('homeVirtualExplained')}</Text>
          <div className={styles.row}>
            <Text className={`${styles.grow} ${styles.mono}`} size={200} data-testid="home-virtual-dir">
              {overview.virtualPrinterDir}
            </Text>
            <CopyButton text={overview.virtualPrinterDir} label={t('homeCopyFolder')} />
          </div>
          <div className={styles.row}>
            <LastReceipts />
          </div>
        </div>
      )}
    </Card>
  );
}
