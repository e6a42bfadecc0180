import { Button, Toast, ToastBody, ToastTitle, ToastTrigger, type ToastIntent } from '@fluentui/react-components';
import { useEffect, useRef, type ReactElement } from 'react';
import type { AppEvent } from '../../../shared/contract/events';
import { api } from '../api/api';
import { useAppToast } from './app-toasts';
import { FailedDetail, useFailedSentence, usePrinterName } from './failed-ticket';
import { useText } from '../i18n';
import { usePlural, useResultText } from '../pages/page-parts';
import { useToastOrigin } from './jobs/toast-origin';

type Finished = Extract<AppEvent, { type: 'job.printed' | 'job.failed' }>;

/** A POS sending many tickets gets one summary toast per this long, not one per ticket. */
export const TOAST_WINDOW_MS = 1000;
const TOAST_TIMEOUT_MS = 5000;

/**
 * A toast for every print result the service pushes: "Ticket impreso" with the printer, or the failure's reason in
 * the window's language with the service's words as technical detail. The first result shows at once; results that
 * follow within a second are summed up in one toast at the end of that second.
 */
export function PrintToasts() {
  const t = useText();
  const plural = usePlural();
  const resultText = useResultText();
  const printerName = usePrinterName();
  const failedSentence = useFailedSentence();
  const toast = useAppToast();
  const origin = useToastOrigin();
  // The latest texts for the subscription made once (the language may change while it runs).
  const show = useRef<(events: Finished[]) => void>(() => undefined);

  show.current = (events) => {
    const dismiss = (
      <ToastTrigger>
        <Button appearance="transparent" size="small" aria-label={t('toastDismiss')}>
          ×
        </Button>
      </ToastTrigger>
    );
    const only = events.length === 1 ? events[0] : undefined;
    let intent: ToastIntent;
    let content: ReactElement;
    if (only?.type === 'job.printed') {
      intent = 'success';
      content = (
        <Toast data-testid="print-toast" data-result="printed">
          <ToastTitle action={dismiss}>{t('toastPrinted')}</ToastTitle>
          <ToastBody subtitle={origin(only) && <span data-testid="print-toast-origin">{origin(only)}</span>}>
            {only.printerUri ? t('toastPrintedOn', { printer: printerName(only.printerUri) }) : t('toastPrintedAutomatic')}
          </ToastBody>
        </Toast>
      );
    } else if (only) {
      const { summary, detail, explanation } = resultText(only.mensaje);
      const from = origin(only);
      const technical = detail !== undefined && detail !== '' && explanation === undefined ? detail : undefined;
      intent = 'error';
      // What happened and what to do, in the window's language with the printer's name. A stopped printer has its
      // own explanation (the POS's text stays in the Jobs page's details); other failures fold the service's English
      // words away under "Detalle".
      content = (
        <Toast data-testid="print-toast" data-result="failed">
          <ToastTitle action={dismiss}>{t('toastFailed')}</ToastTitle>
          <ToastBody
            subtitle={
              from || technical ? (
                <>
                  {from && (
                    <span data-testid="print-toast-origin" style={{ display: 'block' }}>
                      {from}
                    </span>
                  )}
                  {technical && <FailedDetail detail={technical} />}
                </>
              ) : undefined
            }
          >
            <span data-testid="print-toast-explanation">{explanation ?? failedSentence(only.mensaje, summary, only.printerUri)}</span>
          </ToastBody>
        </Toast>
      );
    } else {
      const failed = events.filter((event) => event.type === 'job.failed').length;
      const printed = events.length - failed;
      intent = failed === 0 ? 'success' : printed === 0 ? 'error' : 'warning';
      content = (
        <Toast data-testid="print-toast" data-result="summary">
          <ToastTitle action={dismiss}>{printed > 0 ? plural('toastTicketsPrinted', printed) : plural('toastTicketsFailed', failed)}</ToastTitle>
          {failed > 0 && <ToastBody>{printed > 0 ? plural('toastSomeFailed', failed) : t('toastSeeJobs')}</ToastBody>}
        </Toast>
      );
    }
    // The latest results replace the ones still shown: the Jobs page keeps every one of them.
    toast('print', content, { intent, timeout: intent === 'success' ? TOAST_TIMEOUT_MS : TOAST_TIMEOUT_MS * 2 });
  };

  useEffect(() => {
    let pending: Finished[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = (): void => {
      timer = undefined;
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      show.current(batch);
      timer = setTimeout(flush, TOAST_WINDOW_MS);
    };
    const unsubscribe = api.subscribe((event) => {
      if (event.type !== 'job.printed' && event.type !== 'job.failed') return;
      pending.push(event);
      if (!timer) flush();
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  // Shown by the window's one toaster (AppToaster), with every other toast.
  return null;
}
