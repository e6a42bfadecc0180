import { api } from '../api/api';
import { useJobsStore } from './jobs-store';
import { usePrintersStore } from './printers-store';
import { useStatusStore } from './status-store';

/** Routes the service's pushed events into the stores; returns the unsubscribe function. */
export function connectEvents(): () => void {
  return api.subscribe((event) => {
    switch (event.type) {
      case 'service.status':
        useStatusStore.getState().receive(event.status);
        break;
      case 'printers.changed':
        usePrintersStore.getState().receive(event.printers, event.summary);
        break;
      case 'job.accepted':
      case 'job.printed':
      case 'job.failed':
        void useJobsStore.getState().load();
        break;
    }
  });
}
