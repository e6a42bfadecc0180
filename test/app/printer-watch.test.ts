import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/shared/contract/events';
import type { PrinterDetail, PrinterSummary } from '../../src/shared/printers';
import { AppEventHub } from '../../src/main/services/app-api/event-hub';
import { PrinterWatch } from '../../src/main/services/app-api/printer-watch';

const printer = (status: PrinterDetail['status']): PrinterDetail => ({
  name: 'POS-80',
  port: 'USB001',
  driver: 'POS-80 Printer',
  status,
  is_default: true,
  is_virtual: false,
  printer_type: 'thermal',
});
const summary: PrinterSummary = { status: 'ok', detected_count: 1, thermal_count: 1, default_name: 'POS-80' };

describe('printer change events', () => {
  it('stays quiet on the first listing and on repeats, and publishes each real change', () => {
    const hub = new AppEventHub();
    const events: AppEvent[] = [];
    hub.subscribe((event) => events.push(event));
    const watch = new PrinterWatch(hub);
    watch.saw({ printers: [printer('ready')], summary });
    watch.saw({ printers: [printer('ready')], summary });
    expect(events).toEqual([]);
    watch.saw({ printers: [printer('offline')], summary });
    expect(events).toEqual([{ type: 'printers.changed', printers: [printer('offline')], summary }]);
  });

  it('keeps delivering to the other subscribers when one throws', () => {
    const hub = new AppEventHub();
    const received: string[] = [];
    hub.subscribe(() => {
      throw new Error('window destroyed');
    });
    const unsubscribe = hub.subscribe((event) => received.push(event.type));
    hub.publish({ type: 'job.accepted', id: '1', current: 1, capacity: 100 });
    unsubscribe();
    hub.publish({ type: 'job.accepted', id: '2', current: 1, capacity: 100 });
    expect(received).toEqual(['job.accepted']);
    expect(hub.subscriberCount).toBe(1);
  });
});
