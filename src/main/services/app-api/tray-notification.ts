import type { Language } from '../../../shared/contract/settings';
import type { PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { PrinterAlert } from '../../../shared/printer-status/printer-alerts';
import { Coalescer } from './coalescer';
import { DESKTOP_TEXT, type DesktopText } from './desktop-texts';

export interface TrayNotification {
  title: string;
  body: string;
}

type NotifiedAlert = Exclude<PrinterAlert, 'drawer-opened' | 'drawer-closed'>;

const ALERT_TEXT: Record<NotifiedAlert, { title: keyof DesktopText; body: keyof DesktopText }> = {
  'paper-near-end': { title: 'alertPaperNearEndTitle', body: 'alertPaperNearEndBody' },
  'paper-out': { title: 'alertPaperOutTitle', body: 'alertPaperOutBody' },
  'paper-back': { title: 'alertPaperBackTitle', body: 'alertPaperBackBody' },
  'cover-open': { title: 'alertCoverOpenTitle', body: 'alertCoverOpenBody' },
  'cover-closed': { title: 'alertCoverClosedTitle', body: 'alertBackBody' },
  offline: { title: 'alertOfflineTitle', body: 'alertOfflineBody' },
  'back-online': { title: 'alertBackOnlineTitle', body: 'alertBackBody' },
  fault: { title: 'alertFaultTitle', body: 'alertFaultBody' },
};

const isNotified = (alert: PrinterAlert): alert is NotifiedAlert => alert in ALERT_TEXT;

/** A printer as the shop names it outside the window: its address without the `tcp://` scheme, a USB one as it is. */
export const printerLabel = (uri: string): string => uri.replace(/^tcp:\/\//, '');

/**
 * The desktop notification for web sites asking to print: the question waits in the window, which may be hidden in
 * the tray while the POS page is being set up. `asked` sites since the last notification (see
 * OriginNotificationDigest): several make one notification that counts them, never one each.
 */
export function originNotificationOf(origin: string, language: Language, asked = 1): TrayNotification {
  const text = DESKTOP_TEXT[language];
  if (asked <= 1) return { title: text.originRequestTitle, body: text.originRequestBody.replace('{origin}', origin) };
  return { title: text.originRequestsTitle, body: text.originRequestsBody.replace('{count}', String(asked)).replace('{origin}', origin) };
}

/** At most one desktop notification about web sites asking to print per this many ms. */
export const ORIGIN_NOTIFICATION_INTERVAL_MS = 60_000;

/**
 * Desktop notifications for web sites asking to print, at most one per interval: the first at once, the sites that ask
 * during the interval in one notification when it ends ("3 web sites ask to print…"), never one each. A notification
 * is for the owner to look at the window; a page making up sites must not turn them into a stream of pop-ups.
 */
export class OriginNotificationDigest {
  private readonly coalescer: Coalescer<{ origin: string; asked: number }>;

  constructor(show: (notification: TrayNotification) => void, language: () => Language, intervalMs = ORIGIN_NOTIFICATION_INTERVAL_MS) {
    this.coalescer = new Coalescer(
      (held) => show(originNotificationOf(held.origin, language(), held.asked)),
      (held, next) => ({ origin: next.origin, asked: (held?.asked ?? 0) + next.asked }),
      intervalMs,
    );
  }

  /** One `origin.requested` event: `asked` new sites, `origin` the newest. */
  add(origin: string, asked: number): void {
    this.coalescer.add({ origin, asked });
  }

  close(): void {
    this.coalescer.close();
  }
}

/**
 * The desktop notification for a printer's alert, in the window's language; null for the cash drawer, which opens
 * at every cash sale (the window's toast and the history's drawer count cover it; a notification each time would
 * bury the ones that matter).
 */
export function trayNotificationOf(alert: PrinterAlert, status: PrinterLiveStatus, language: Language): TrayNotification | null {
  if (!isNotified(alert)) return null;
  const text = DESKTOP_TEXT[language];
  const keys = ALERT_TEXT[alert];
  return { title: text[keys.title], body: text[keys.body].replace('{printer}', printerLabel(status.uri)) };
}
