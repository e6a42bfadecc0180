import { Button, Toast, ToastBody, ToastTitle, ToastTrigger, type ToastIntent } from '@fluentui/react-components';
import { useEffect, useRef, type ReactNode } from 'react';
import type { PrinterAlert } from '../../../shared/printer-status/printer-alerts';
import { api } from '../api/api';
import { useAppToast } from './app-toasts';
import { useText, type TextKey } from '../i18n';
import { PrinterLabelView } from './printers/PrinterLabelView';

const TOAST_TIMEOUT_MS = 8000;

/** What each alert says, and how loud: what stops printing is an error, what comes back a success. */
const ALERT_TOAST: Record<PrinterAlert, { title: TextKey; body: TextKey; intent: ToastIntent }> = {
  'paper-near-end': { title: 'alertPaperLow', body: 'alertPaperLowBody', intent: 'warning' },
  'paper-out': { title: 'alertPaperOut', body: 'alertPaperOutBody', intent: 'error' },
  'paper-back': { title: 'alertPaperBack', body: 'alertPaperBackBody', intent: 'success' },
  'cover-open': { title: 'alertCoverOpen', body: 'alertCoverOpenBody', intent: 'error' },
  'cover-closed': { title: 'alertCoverClosed', body: 'alertBackBody', intent: 'success' },
  'drawer-opened': { title: 'alertDrawerOpened', body: 'alertDrawerBody', intent: 'info' },
  'drawer-closed': { title: 'alertDrawerClosed', body: 'alertDrawerBody', intent: 'info' },
  offline: { title: 'alertOffline', body: 'alertOfflineBody', intent: 'error' },
  'back-online': { title: 'alertBackOnline', body: 'alertBackBody', intent: 'success' },
  fault: { title: 'alertFault', body: 'alertFaultBody', intent: 'error' },
};

/**
 * The toast's words, read when it renders rather than when it was raised: an alert that arrives before the saved
 * language is known (the page just opened) is shown in the window's language all the same. `children` go last in the
 * toast (the toaster adds the time there).
 */
function AlertToastView({ alert, printer, children }: { alert: PrinterAlert; printer: string; children?: ReactNode }) {
  const t = useText();
  const { title, body } = ALERT_TOAST[alert];
  return (
    <Toast data-testid="alert-toast" data-alert={alert}>
      <ToastTitle
        action={
          <ToastTrigger>
            <Button appearance="transparent" size="small" aria-label={t('toastDismiss')}>
              ×
            </Button>
          </ToastTrigger>
        }
      >
        {t(title)}
      </ToastTitle>
      <ToastBody subtitle={<PrinterLabelView printer={printer} layout="inline" />}>{t(body)}</ToastBody>
      {children}
    </Toast>
  );
}

/**
 * A toast for every change a printer reports about itself (paper low or out, cover open, drawer, offline and back),
 * wherever the window is: the owner hears of it before the next ticket fails.
 */
export function AlertToasts() {
  const toast = useAppToast();
  // The latest toaster for the subscription made once.
  const show = useRef<(alert: PrinterAlert, printer: string) => void>(() => undefined);

  show.current = (alert, printer) => {
    const { intent } = ALERT_TOAST[alert];
    // One place per printer: "paper back" replaces "paper out" of the same printer instead of piling up under it.
    toast(`alert:${printer}`, <AlertToastView alert={alert} printer={printer} />, { intent, timeout: intent === 'error' ? TOAST_TIMEOUT_MS * 2 : TOAST_TIMEOUT_MS });
  };

  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type !== 'printer.status') return;
        for (const alert of event.alerts) show.current(alert, event.status.uri);
      }),
    [],
  );

  // Shown by the window's one toaster (AppToaster), with every other toast.
  return null;
}
