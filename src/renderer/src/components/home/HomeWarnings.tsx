import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarGroup, MessageBarTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useText, type TextKey } from '../../i18n';
import { useStatusStore } from '../../stores/status-store';
import { JournalAlert } from '../StatusBar';
import { useHomeStyles } from './home-styles';
import { useStaleClass } from './StaleNote';
import { isVirtualTarget } from './route-text';
import { PRINTER_STATE_LEVEL, type PrinterState } from '../../../../shared/printer-status/printer-state';
import { useRouteState } from '../printer-status/use-printer-state';
import { printerLabelOf } from '../printers/printer-label';

/** The printer's own problem and what to do about it, so the warning says "sin papel" rather than a checklist. */
const STATE_PROBLEM: Partial<Record<PrinterState, { problem: TextKey; fix: TextKey }>> = {
  'paper-out': { problem: 'homeProblem_paper_out', fix: 'stopFix_paper_out' },
  'cover-open': { problem: 'homeProblem_cover_open', fix: 'stopFix_cover_open' },
  error: { problem: 'homeProblem_fault', fix: 'stopFix_fault' },
  offline: { problem: 'homeProblem_silent', fix: 'stopFix_silent' },
};

interface Warning {
  id: string;
  intent: 'warning' | 'error';
  title: TextKey;
  body: string;
  action?: { text: TextKey; run: () => void };
}

/** The few things that stop tickets or let strangers print, said so a shop owner knows what to do. */
export function HomeWarnings({ onOpenSettings }: { onOpenSettings: () => void }) {
  const t = useText();
  const styles = useHomeStyles();
  const { status, setPaused } = useStatusStore();
  // The same state as the printer card and the header, so "all good" never shows beside "out of paper".
  const routeState = useRouteState();
  // Read before the service went away: greyed like the cards, so no green "all good" shows beside "no connection".
  const staleClass = useStaleClass();
  if (!status) return null;
  const overview = status.overview;
  const route = overview?.route;
  const warnings: Warning[] = [];
  const toSettings = { text: 'homeOpenSettings' as const, run: onOpenSettings };
  if (route && isVirtualTarget(route) && status.printers.thermal_count === 0) {
    warnings.push({ id: 'no-thermal', intent: 'warning', title: 'homeWarnNoThermalTitle', body: t('homeWarnNoThermal') });
  }
  // "Impresora de red 10.0.0.9", as the cards and the Printers page name it, never `tcp://…`.
  const name = route ? printerLabelOf(route.target, t).name : '';
  if (route && routeState === 'missing') {
    warnings.push({ id: 'printer-missing', intent: 'error', title: 'homeWarnMissingTitle', body: t('homeWarnMissing', { name }), action: toSettings });
  } else if (route && routeState && (PRINTER_STATE_LEVEL[routeState] === 'error' || routeState === 'paused' || routeState === 'not-ready')) {
    const known = STATE_PROBLEM[routeState];
    const body = known ? t('homeWarnProblem', { name, problem: t(known.problem), fix: t(known.fix) }) : t('homeWarnNotReady', { name });
    warnings.push({ id: 'printer-not-ready', intent: 'warning', title: 'homeWarnNotReadyTitle', body });
  }
  if (status.queue.paused) {
    warnings.push({
      id: 'paused',
      intent: 'warning',
      title: 'homeWarnPausedTitle',
      body: t('homeWarnPaused'),
      action: { text: 'homeResumeNow', run: () => void setPaused(false) },
    });
  }
  if (overview?.listensOnNetwork && !status.tokenRequired) {
    warnings.push({ id: 'open-network', intent: 'error', title: 'homeWarnOpenNetworkTitle', body: t('homeWarnOpenNetwork'), action: toSettings });
  }
  const journal = status.journal;
  const journalTrouble = journal.status !== 'ok' || journal.damaged_at_start !== undefined;
  let content: ReactNode;
  if (warnings.length === 0 && !journalTrouble) {
    content = (
      <MessageBar intent="success" data-testid="home-all-good">
        <MessageBarBody>{t('homeAllGood')}</MessageBarBody>
      </MessageBar>
    );
  } else {
    content = (
      <MessageBarGroup>
        {warnings.map((warning) => (
          <MessageBar key={warning.id} intent={warning.intent} layout="multiline" data-testid={`home-warning-${warning.id}`}>
            <MessageBarBody>
              <MessageBarTitle>{t(warning.title)}</MessageBarTitle> {warning.body}
            </MessageBarBody>
            {warning.action && (
              <MessageBarActions>
                <Button size="small" onClick={warning.action.run}>
                  {t(warning.action.text)}
                </Button>
              </MessageBarActions>
            )}
          </MessageBar>
        ))}
      </MessageBarGroup>
    );
  }
  return (
    <section aria-labelledby="home-warnings-title" data-testid="home-warnings" className={staleClass} data-stale={staleClass !== undefined}>
      <h2 id="home-warnings-title" className={styles.visuallyHidden}>
        {t('homeWarningsTitle')}
      </h2>
      {/* The journal's own alerts (disk full, recovered at start-up), shown by the shell on the other pages. */}
      <JournalAlert />
      {content}
    </section>
  );
}
