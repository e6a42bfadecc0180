import { afterEach, describe, expect, it } from 'vitest';
import { onlineOrderProblemOf } from '../../src/main/online-orders/online-order-problem';
import { interpretEposPrint } from '../../src/main/services/epos/epos-print-xml';
import { ServiceOnlineOrderIntake } from '../../src/main/services/intake/online-order-intake';
import { SdpClient } from '../../src/main/services/sdp/sdp-client';
import { withDoorServices } from '../support/door-services';
import { startSdpServer } from '../support/sdp-server';
import { copiesOf } from '../online-orders/orders-service';

/**
 * A server that offers a job until it hears its result, with a printjobid that cannot name a job here: a space
 * (`ORD 2`), a control character, one too long, half a UTF-16 surrogate pair (`&#xD800;`, text with no UTF-8 form).
 * Before, the id was dropped: the job printed under a made-up id and the SetResponse named no job, so every poll
 * printed another copy. Now it is refused with Epson's SchemaError, named in the SetResponse as the server sent it,
 * and shown as the server's last problem; never printed.
 */
const doors = withDoorServices();
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of closing.splice(0).reverse()) await step();
});

const ticket = (line: string): string => `<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print"><text>${line}&#10;</text><cut type="feed"/></epos-print>`;

/** Each offered id as written in the server's XML, and the text it reads back as. */
const UNNAMEABLE: Array<[written: string, text: string]> = [
  ['ORD 2', 'ORD 2'],
  ['ORD&#1;3', 'ORD\u00013'],
  ['L'.repeat(129), 'L'.repeat(129)],
  ['ORD&#xD800;5', 'ORD\ud8005'],
];

describe('an SDP job whose printjobid cannot name it', () => {
  it('is refused with SchemaError, reported under the printjobid as sent, and never printed however often it is offered', { timeout: 30_000 }, async () => {
    const { printer, running } = await doors.withPrinter();
    const server = await startSdpServer();
    closing.push(() => server.close());
    const intake = new ServiceOnlineOrderIntake(running.service, 'online:sdp');
    await intake.prepare(printer.uri);
    const client = new SdpClient({ serverUrl: server.url, printer: printer.uri, deviceId: 'barra', name: 'Barra' }, intake, interpretEposPrint, { minJobWaitMs: 1_000 });
    closing.push(() => client.close());

    server.offer('order-1', ticket('PEDIDO BUENO 1'));
    UNNAMEABLE.forEach(([written], index) => server.offer(written, ticket(`PEDIDO SIN NOMBRE ${index}`)));
    for (let poll = 0; poll < 4; poll += 1) await client.pollOnce();

    await printer.waitForPrinted('PEDIDO BUENO 1');
    expect(printer.printedText()).not.toContain('PEDIDO SIN NOMBRE');
    expect(copiesOf(printer.printedText(), 'PEDIDO BUENO 1')).toBe(1);
    // Each is answered once: its SetResponse names it, so the server stops offering it.
    for (const [, text] of UNNAMEABLE) {
      const answers = server.setResponses.filter((each) => each.printjobidText === text);
      expect(answers.map(({ success, code }) => [success, code]), JSON.stringify(text)).toEqual([['false', 'SchemaError']]);
    }
    expect(server.setResponses.find((each) => each.printjobidText === 'ORD\ud8005')?.printjobid).toBe('ORD&#55296;5');
    expect(server.setResponses.filter((each) => each.success === 'true').map(({ printjobid }) => printjobid)).toEqual(['order-1']);
    // The window's "last problem" for this server: an order refused as sent.
    const lastError = client.snapshot().lastError;
    expect(lastError?.kind).toBe('SchemaError');
    expect(lastError?.detail).toContain('printjobid');
    expect(onlineOrderProblemOf(lastError?.kind ?? '')).toBe('job-refused');
  });
});
