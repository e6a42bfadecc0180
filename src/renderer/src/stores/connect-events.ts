import { api, connection } from '../api/api';
import { useConnectionStore } from './connection-store';
import { useHeldStore } from './held-store';
import { useHomeStore } from './home-store';
import { useJobsStore } from './jobs-store';
import { useOriginsStore } from './origins-store';
import { usePrinterStatusStore } from './printer-status-store';
import { usePrintersStore } from './printers-store';
import { useSettingsStore } from './settings-store';
import { useStatusStore } from './status-store';

/** A burst of tickets finishes many jobs per second: the job list is read again at most this often. */
const JOBS_RELOAD_MS = 250;

/**
 * Reads again everything the window shows: after a reconnection, events sent while the stream was down are lost.
 * Lists the user has not opened yet are left for their page to load.
 */
export async function resyncStores(): Promise<void> {
  const reads: Promise<void>[] = [
    useStatusStore.getState().load(),
    useSettingsStore.getState().load(),
    usePrinterStatusStore.getState().load(),
    useOriginsStore.getState().load(),
  ];
  if (useJobsStore.getState().loaded) reads.push(useJobsStore.getState().load());
  if (useHomeStore.getState().loaded) reads.push(useHomeStore.getState().load());
  if (usePrintersStore.getState().list) reads.push(usePrintersStore.getState().load());
  if (useHeldStore.getState().loaded) reads.push(useHeldStore.getState().load());
  await Promise.all(reads);
  useConnectionStore.getState().synced();
}

/** Routes the service's pushed events and the connection's state into the stores; returns the unsubscribe function. */
export function connectEvents(): () => void {
  let jobsTimer: ReturnType<typeof setTimeout> | undefined;
  const reloadJobs = (): void => {
    if (jobsTimer) return;
    jobsTimer = setTimeout(() => {
      jobsTimer = undefined;
      void useJobsStore.getState().load();
    }, JOBS_RELOAD_MS);
  };

  const unwatch = connection.watch((state, previous) => {
    useConnectionStore.getState().receive(state);
    if (state === 'connected' && previous !== 'connected') void resyncStores();
  });
  // It may have changed before this subscription (a reload of the page while the service is down).
  useConnectionStore.getState().receive(connection.current());

  const unsubscribe = api.subscribe((event) => {
    switch (event.type) {
      case 'service.status':
        useStatusStore.getState().receive(event.status);
        break;
      case 'printer.status':
        usePrinterStatusStore.getState().receive(event.status);
        break;
      case 'printers.changed':
        usePrintersStore.getState().receive(event.printers, event.summary);
        break;
      case 'job.accepted': {
        // The queue counter follows at once; the full status arrives just after.
        const { status } = useStatusStore.getState();
        if (status) useStatusStore.getState().receive({ ...status, queue: { ...status.queue, current: event.current, capacity: event.capacity } });
        reloadJobs();
        break;
      }
      case 'job.printed':
      case 'job.failed':
        reloadJobs();
        break;
      case 'origin.requested':
        useOriginsStore.getState().receive(event.request);
        break;
    }
  });
  return () => {
    clearTimeout(jobsTimer);
    unwatch();
    unsubscribe();
  };
}
