import type { PrinterList } from '../../../shared/contract/types';
import type { AppEventHub } from './event-hub';

/** Publishes `printers.changed` only when a fresh listing differs from the last one seen. */
export class PrinterWatch {
  private last = '';

  constructor(private readonly hub: AppEventHub) {}

  saw(list: Pick<PrinterList, 'printers' | 'summary'>): void {
    const key = JSON.stringify([list.printers, list.summary]);
    if (key === this.last) return;
    const first = this.last === '';
    this.last = key;
    if (!first) this.hub.publish({ type: 'printers.changed', printers: list.printers, summary: list.summary });
  }
}
