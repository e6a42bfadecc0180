import { afterEach, describe, expect, it } from 'vitest';
import { interpretEposPrint } from '../../src/main/services/epos/epos-print-xml';
import { ServiceOnlineOrderIntake } from '../../src/main/services/intake/online-order-intake';
import { SdpClient } from '../../src/main/services/sdp/sdp-client';
import { withDoorServices } from '../support/door-services';
import { startSdpServer, type SdpTestServer } from '../support/sdp-server';
import type { TestService } from '../support/service-harness';
import { copiesOf } from '../online-orders/orders-service';

/**
 * A kitchen and a counter printer bound to one Server Direct Print URL, known to the server by their `ID`: it offers
 * both the order's printjobid, each with a ticket of its own. Before, the job's id was (server, printjobid): the second
 * printer's job was refused (another document under a known id) and never printed.
 */
const doors = withDoorServices();
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of closing.splice(0).reverse()) await step();
});

const ticket = (lines: string[]): string =>
  `<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">${lines.map((line) => `<text>${line}&#10;</text>`).join('')}<cut type="feed"/></epos-print>`;

async function boundClient(server: SdpTestServer, running: TestService, printerUri: string, deviceId: string): Promise<SdpClient> {
  const intake = new ServiceOnlineOrderIntake(running.service, `online:${deviceId}`);
  await intake.prepare(printerUri);
  const client = new SdpClient({ serverUrl: server.url, printer: printerUri, deviceId, name: deviceId }, intake, interpretEposPrint, { minJobWaitMs: 1_000 });
  closing.push(() => client.close());
  return client;
}

describe('two printers bound to one SDP server', () => {
  it('each prints its own ticket of the same printjobid once and reports success; offered again, nothing prints twice', { timeout: 30_000 }, async () => {
    const { printer: kitchenPrinter, running } = await doors.withPrinter();
    const counterPrinter = await doors.printer();
    const server = await startSdpServer();
    closing.push(() => server.close());
    const kitchen = await boundClient(server, running, kitchenPrinter.uri, 'cocina');
    const counter = await boundClient(server, running, counterPrinter.uri, 'mostrador');

    const offer = (): void => {
      server.offerTo('cocina', 'order-1042', ticket(['COCINA PEDIDO 1042', '2 x Hamburguesa']));
      server.offerTo('mostrador', 'order-1042', ticket(['MOSTRADOR PEDIDO 1042', 'Total 18.50']));
    };
    offer();
    await kitchen.pollOnce();
    await counter.pollOnce();
    expect(server.setResponses.map(({ printjobid, success, code }) => [printjobid, success, code])).toEqual([
      ['order-1042', 'true', ''],
      ['order-1042', 'true', ''],
    ]);
    await kitchenPrinter.waitForPrinted('COCINA PEDIDO 1042');
    await counterPrinter.waitForPrinted('MOSTRADOR PEDIDO 1042');

    // The server lost both results on its side and offers the order again: each answered from its own job.
    offer();
    await kitchen.pollOnce();
    await counter.pollOnce();
    expect(server.setResponses.slice(2).map(({ success }) => success)).toEqual(['true', 'true']);
    expect(copiesOf(kitchenPrinter.printedText(), 'COCINA PEDIDO 1042')).toBe(1);
    expect(copiesOf(counterPrinter.printedText(), 'MOSTRADOR PEDIDO 1042')).toBe(1);
    expect(kitchenPrinter.printedText()).not.toContain('MOSTRADOR');
    expect(counterPrinter.printedText()).not.toContain('COCINA');
  });
});
