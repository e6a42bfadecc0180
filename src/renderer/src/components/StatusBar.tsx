import { useText } from '../i18n';
import { useStatusStore } from '../stores/status-store';

/** Queue and printer health at a glance, with the pause switch the tray also offers. */
export function StatusBar() {
  const t = useText();
  const { status, error, setPaused } = useStatusStore();
  if (!status) return <span className="status">{error ?? '…'}</span>;
  return (
    <span className="status" data-testid="status-bar">
      <span className={`dot ${status.printers.status}`} aria-hidden="true" />
      <span data-testid="queue-text">{status.queueText}</span>
      {status.queue.paused && <span className="badge warning">{t('paused')}</span>}
      <button onClick={() => void setPaused(!status.queue.paused)}>{status.queue.paused ? t('resume') : t('pause')}</button>
    </span>
  );
}
