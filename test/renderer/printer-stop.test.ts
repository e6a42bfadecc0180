import { describe, expect, it } from 'vitest';
import { printerStopIn } from '../../src/renderer/src/pages/printer-stop';
import { heldText } from '../../src/main/services/queue/printer-lane';
import { refusedText } from '../../src/main/services/printer-status/check-before-job';
import { BLOCKER_TEXTS } from '../../src/shared/printer-status/live-status';
import { MAY_STILL_PRINT } from '../../src/shared/printer-status/held-partly-sent';

// The window reads the service's own texts: built here by the service's functions, so a change there fails here.
const detailOf = (text: string): string => text.replace(/^PRINTER: /, '');

describe('a ticket the printer stopped, as the window reads it (issue 32)', () => {
  it('refused before any byte, with its printer and reason', () => {
    expect(printerStopIn(refusedText('paper-out', 'tcp://127.0.0.1:34189'))).toEqual({ how: 'refused', uri: 'tcp://127.0.0.1:34189', blocker: 'paper-out' });
  });

  it('held with the printer, also when part of it may still print', () => {
    const reason = `${BLOCKER_TEXTS['paper-out']} (${MAY_STILL_PRINT})`;
    expect(printerStopIn(detailOf(heldText(reason, 'tcp://10.0.0.9:9100', 'held')))).toEqual({ how: 'held', uri: 'tcp://10.0.0.9:9100', blocker: 'paper-out' });
  });

  it('held behind one that stopped, never sent; a queue name with spaces kept whole', () => {
    expect(printerStopIn(detailOf(heldText(BLOCKER_TEXTS['cover-open'], 'Caja Barra', 'not-sent')))).toEqual({ how: 'not-sent', uri: 'Caja Barra', blocker: 'cover-open' });
  });

  it('other printer texts are not stops', () => {
    expect(printerStopIn('the printer at tcp://10.0.0.9:9100 closed the connection, so this ticket was not sent')).toBeUndefined();
  });
});
