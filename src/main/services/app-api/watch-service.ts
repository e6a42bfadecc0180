import type { ServiceStatus } from '../../../shared/contract/types';
import type { PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { PrinterAlert } from '../../../shared/printer-status/printer-alerts';
import type { RunningService } from '../../service-host';
import type { JobFinished } from '../queue/print-queue';
import type { NewJob } from '../journal/job-journal';
import type { AppEventHub } from './event-hub';
import type { PrinterWatch } from './printer-watch';

export interface WatchOptions {
  status: () => ServiceStatus;
  printers: PrinterWatch;
  /** How often printers are listed again to notice one being plugged in or going offline. */
  printerPollMs?: number;
}

/** Turns the queue's events into contract events on the hub; returns the function that stops watching. */
export function watchService(running: RunningService, hub: AppEventHub, options: WatchOptions): () => void {
  const { queue } = running.service;
  let statusQueued = false;
  const publishStatus = (): void => {
    // A burst of jobs changes the queue many times per tick; one status event per turn is enough for the window.
    if (statusQueued) return;
    statusQueued = true;
    setImmediate(() => {
      statusQueued = false;
      hub.publish({ type: 'service.status', status: options.status() });
    });
  };
  const refreshPrinters = (): void => {
    running.service.printers().then(
      (list) => options.printers.saw(list),
      () => undefined,
    );
  };
  const onAccepted = (job: NewJob, current: number): void => hub.publish({ type: 'job.accepted', id: job.id, current, capacity: queue.capacity });
  // The catalog re-reads the printers after jobs itself (throttled: a busy till must not spawn lpstat per receipt).
  const onFinished = (result: JobFinished): void => {
    const { id, mensaje, printerUri, source } = result;
    if (result.status === 'success') hub.publish({ type: 'job.printed', id, mensaje, printerUri, source });
    else hub.publish({ type: 'job.failed', id, mensaje, printerUri, held: result.outcome === 'held', source });
  };
  const onPrinterStatus = (status: PrinterLiveStatus, alerts: PrinterAlert[]): void => {
    hub.publish({ type: 'printer.status', status, alerts });
    // get_printers' and the window's list carry the new state too.
    refreshPrinters();
  };
  running.service.monitors.on('status', onPrinterStatus);
  const stopListening = running.service.catalog.onListing?.((list) => options.printers.saw(list));
  queue.on('accepted', onAccepted);
  queue.on('finished', onFinished);
  queue.on('changed', publishStatus);
  const poll = setInterval(refreshPrinters, options.printerPollMs ?? 15_000);
  poll.unref();
  refreshPrinters();
  publishStatus();
  return () => {
    clearInterval(poll);
    stopListening?.();
    queue.off('accepted', onAccepted);
    queue.off('finished', onFinished);
    queue.off('changed', publishStatus);
    running.service.monitors.off('status', onPrinterStatus);
  };
}
