import { Badge, Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { JournalHealth } from '../../../shared/protocol';
import { useText, type TextKey } from '../i18n';
import { useConnectionStore, useServiceUnreachable } from '../stores/connection-store';
import { useStatusStore } from '../stores/status-store';
import { stateBadgeOf } from './printer-status/live-state';
import { useRouteState } from './printer-status/use-printer-state';

const LOST_TEXT: Record<NonNullable<JournalHealth['damaged_at_start']>['lost'], TextKey> = {
  acknowledged: 'lostAcknowledged',
  'maybe-acknowledged': 'lostMaybeAcknowledged',
  unacknowledged: 'lostUnacknowledged',
  history: 'lostHistory',
};

/** The printers' summary in words, never a bare coloured dot. */
const SUMMARY_TEXT: Record<'ok' | 'warning' | 'error', TextKey> = {
  ok: 'printerSummaryOk',
  warning: 'printerSummaryWarning',
  error: 'printerSummaryError',
};
const SUMMARY_COLOR = { ok: 'success', warning: 'warning', error: 'danger' } as const;

/** What is wrong with the job journal, said where every page shows it. */
export function JournalAlert() {
  const t = useText();
  const journal = useStatusStore((state) => state.status?.journal);
  if (!journal) return null;
  const damage = journal.damaged_at_start;
  return (
    <>
      {journal.status !== 'ok' && (
        <MessageBar intent="error" role="alert" data-testid="journal-problem">
          <MessageBarBody>{t(journal.status === 'disk-full' ? 'journalDiskFull' : 'journalUnwritable')}</MessageBarBody>
        </MessageBar>
      )}
      {damage && (
        <MessageBar intent="warning" role="alert" data-testid="journal-damage">
          <MessageBarBody>
            {t('journalDamaged', { file: damage.file, keptAt: damage.kept_at })} {t(LOST_TEXT[damage.lost])}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

/**
 * The receipt printer's state (where tickets go now), in the same words and colour as Home and the Printers page;
 * the printers' summary only until the service has listed them.
 */
function PrinterBadge() {
  const t = useText();
  const summary = useStatusStore((state) => state.status?.printers.status);
  const routeState = useRouteState();
  // A state read before the service went away is no longer known: grey, so an old "Ready" does not reassure.
  const stale = useServiceUnreachable();
  // Signed out, every request is refused: the printer's state is not known at all, whatever was read before.
  const signedOut = useConnectionStore((state) => state.state === 'signed-out');
  if (signedOut && (routeState || summary)) {
    return (
      <Badge appearance="tint" color="subtle" data-testid="printer-summary-badge" data-state="unknown" data-stale>
        {t('printerStateSignedOut')}
      </Badge>
    );
  }
  if (routeState) {
    const badge = stateBadgeOf(routeState);
    const text = t('printerStateOfRoute', { state: t(badge.text) });
    return (
      <Badge appearance="tint" color={stale ? 'subtle' : badge.color} data-testid="printer-summary-badge" data-state={routeState} data-stale={stale}>
        {text}
      </Badge>
    );
  }
  if (!summary) return null;
  return (
    <Badge appearance="tint" color={stale ? 'subtle' : SUMMARY_COLOR[summary]} data-testid="printer-summary-badge" data-stale={stale}>
      {t(SUMMARY_TEXT[summary])}
    </Badge>
  );
}

/** Queue and printer health at a glance, with the pause switch the tray also offers. */
export function StatusBar() {
  const t = useText();
  const { status, error, setPaused } = useStatusStore();
  // Without the service the switch cannot work, and what it shows may be old: say so rather than pretend.
  const unreachable = useServiceUnreachable();
  if (!status) return <span className="status">{error ?? '…'}</span>;
  return (
    <span className="status" data-testid="status-bar">
      <PrinterBadge />
      <span data-testid="queue-text">{t('queueCount', { current: status.queue.current, capacity: status.queue.capacity })}</span>
      {status.queue.paused && (
        <Badge appearance="tint" color="warning">
          {t('paused')}
        </Badge>
      )}
      <Button
        size="small"
        disabled={unreachable}
        title={unreachable ? t('actionNeedsService') : undefined}
        data-testid="pause-button"
        onClick={() => void setPaused(!status.queue.paused)}
      >
        {status.queue.paused ? t('resume') : t('pause')}
      </Button>
    </span>
  );
}
