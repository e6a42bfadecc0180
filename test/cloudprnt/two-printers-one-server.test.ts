import { afterEach, describe, expect, it } from 'vitest';
import { CloudPrntClient } from '../../src/main/services/cloudprnt/cloudprnt-client';
import { ServiceOnlineOrderIntake } from '../../src/main/services/intake/online-order-intake';
import { startCloudPrntServer, type CloudPrntTestServer } from '../support/cloudprnt-server';
import { withDoorServices } from '../support/door-services';
import type { TestService } from '../support/service-harness';
import { copiesOf } from '../online-orders/orders-service';

/**
 * A shop with a kitchen printer and a counter printer, both bound to one CloudPRNT server URL: the server tells them
 * apart by their MAC and numbers each job by the order, so both get the same jobToken with a ticket of their own.
 * Before, the job's id was (server, token): the second printer's job was answered from the first's and never printed.
 */
const doors = withDoorServices();
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of closing.splice(0).reverse()) await step();
});

async function boundClient(server: CloudPrntTestServer, running: TestService, printerUri: string, door: string): Promise<CloudPrntClient> {
  const intake = new ServiceOnlineOrderIntake(running.service, door);
  await intake.prepare(printerUri);
  const client = new CloudPrntClient({ serverUrl: server.url, printer: printerUri }, intake);
  closing.push(() => client.close());
  return client;
}

describe('two printers bound to one CloudPRNT server', () => {
  it('each prints its own ticket of the same order token once, each confirmed 200 OK, and a re-offer prints nothing again', { timeout: 30_000 }, async () => {
    const { printer: kitchenPrinter, running } = await doors.withPrinter();
    const counterPrinter = await doors.printer();
    const server = await startCloudPrntServer();
    closing.push(() => server.close());
    const kitchen = await boundClient(server, running, kitchenPrinter.uri, 'online:kitchen');
    const counter = await boundClient(server, running, counterPrinter.uri, 'online:counter');
    expect(kitchen.printerMac).not.toBe(counter.printerMac);

    const offer = (): void => {
      server.queue({ token: '1042', mac: kitchen.printerMac, bodies: { 'text/plain': 'COCINA PEDIDO 1042\n2 x Hamburguesa\n' } });
      server.queue({ token: '1042', mac: counter.printerMac, bodies: { 'text/plain': 'MOSTRADOR PEDIDO 1042\nTotal 18.50\n' } });
    };
    offer();
    await kitchen.pollOnce();
    await counter.pollOnce();
    expect(server.confirmations.map(({ mac, token, code }) => [mac, token, code])).toEqual([
      [kitchen.printerMac, '1042', '200 OK'],
      [counter.printerMac, '1042', '200 OK'],
    ]);
    await kitchenPrinter.waitForPrinted('COCINA PEDIDO 1042');
    await counterPrinter.waitForPrinted('MOSTRADOR PEDIDO 1042');

    // The server lost both confirmations on its side and offers the order again: each answered from its own job.
    offer();
    await kitchen.pollOnce();
    await counter.pollOnce();
    expect(server.confirmations.slice(2).map(({ mac, code }) => [mac, code])).toEqual([
      [kitchen.printerMac, '200 OK'],
      [counter.printerMac, '200 OK'],
    ]);
    expect(copiesOf(kitchenPrinter.printedText(), 'COCINA PEDIDO 1042')).toBe(1);
    expect(copiesOf(counterPrinter.printedText(), 'MOSTRADOR PEDIDO 1042')).toBe(1);
    expect(kitchenPrinter.printedText()).not.toContain('MOSTRADOR');
    expect(counterPrinter.printedText()).not.toContain('COCINA');
    expect(kitchen.snapshot().jobsPrinted).toBe(1);
    expect(counter.snapshot().jobsPrinted).toBe(1);
  });
});
