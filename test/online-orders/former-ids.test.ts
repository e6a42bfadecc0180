import { afterEach, describe, expect, it } from 'vitest';
import { formerJobIdOf as cloudPrntFormerId } from '../../src/main/services/cloudprnt/binding-id';
import { CloudPrntClient } from '../../src/main/services/cloudprnt/cloudprnt-client';
import { interpretEposPrint } from '../../src/main/services/epos/epos-print-xml';
import { submitDocument } from '../../src/main/services/intake/document-intake';
import { ServiceOnlineOrderIntake } from '../../src/main/services/intake/online-order-intake';
import { SdpClient } from '../../src/main/services/sdp/sdp-client';
import { formerJobIdOf as sdpFormerId } from '../../src/main/services/sdp/sdp-binding';
import type { PrintDocument } from '../../src/shared/document/types';
import { startCloudPrntServer, type CloudPrntTestServer } from '../support/cloudprnt-server';
import { withDoorServices } from '../support/door-services';
import type { TcpPrinterSimulator } from '../support/printer-simulator';
import { startSdpServer, type SdpTestServer } from '../support/sdp-server';
import type { TestService } from '../support/service-harness';
import { copiesOf } from '../support/resend';

/**
 * Issue 38, item 2 across an upgrade: job ids now name the binding, so an order printed by the version before (under
 * `<kind>:<hash of the server URL>:<token>`) whose confirmation the server had not heard yet is offered again under an id
 * the journal does not know. It must be answered from that print, not printed a second time.
 */
const { withPrinter } = withDoorServices();

const closing: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((each) => each.close()));
});

const orderXml = (number: string): string =>
  `<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">` +
  `<text>PEDIDO WEB ${number}&#10;</text><text>1 x Bocadillo 4.00&#10;</text><text>FIN ${number}&#10;</text><cut type="feed"/></epos-print>`;

function documentOf(number: string): PrintDocument {
  const read = interpretEposPrint(orderXml(number), 576);
  if (!read.ok) throw new Error(read.code);
  return read.document;
}

/** What the version before did with the order: printed it under the id it used then. */
async function printedByTheVersionBefore(running: TestService, printer: TcpPrinterSimulator, id: string, number: string): Promise<void> {
  const outcome = await submitDocument(running.service, {
    id,
    document: { ...documentOf(number), printer: printer.uri },
    door: 'online:before-upgrade',
    source: { kind: 'cloudprnt', label: 'pedidos.example' },
    timeoutMs: 20_000,
  });
  expect(outcome.kind).toBe('printed');
  await printer.waitForPrinted(`FIN ${number}`);
}

describe('an online order printed under the id of the version before', () => {
  it('CloudPRNT: offered again after the upgrade, it is confirmed 200 and not printed again', { timeout: 30_000 }, async () => {
    const { printer, running } = await withPrinter();
    const server: CloudPrntTestServer = await startCloudPrntServer();
    closing.push(server);
    await printedByTheVersionBefore(running, printer, cloudPrntFormerId(server.url, 'order-71'), '71');

    const intake = new ServiceOnlineOrderIntake(running.service, 'online:cafe');
    await intake.prepare(printer.uri);
    const client = new CloudPrntClient({ serverUrl: server.url, printer: printer.uri }, intake, { minPollMs: 0, jobGapMs: 0 });
    closing.push(client);
    server.queue({ token: 'order-71', bodies: { 'text/plain': 'PEDIDO WEB 71\nFIN 71\n' } });
    await client.pollOnce();
    expect(server.confirmations.filter((each) => each.token === 'order-71').map((each) => each.code)).toEqual(['200 OK']);

    // A new order of the same server prints as usual, under its new id.
    server.queue({ token: 'order-72', bodies: { 'text/plain': 'PEDIDO WEB 72\nFIN 72\n' } });
    await client.pollOnce();
    await printer.waitForPrinted('FIN 72');
    expect(copiesOf(printer, 'FIN 71')).toBe(1);
  });

  it('Server Direct Print: offered again after the upgrade, the server hears success and it is not printed again', { timeout: 30_000 }, async () => {
    const { printer, running } = await withPrinter();
    const server: SdpTestServer = await startSdpServer();
    closing.push(server);
    await printedByTheVersionBefore(running, printer, sdpFormerId(server.url, 'order-81'), '81');

    const intake = new ServiceOnlineOrderIntake(running.service, 'online:bar');
    await intake.prepare(printer.uri);
    const client = new SdpClient({ serverUrl: server.url, printer: printer.uri, deviceId: 'bar-1', name: 'Barra' }, intake, interpretEposPrint, { minPollMs: 0, minJobWaitMs: 1_000 });
    closing.push(client);
    server.offer('order-81', orderXml('81'));
    await client.pollOnce();
    expect(server.setResponses).toMatchObject([{ printjobid: 'order-81', success: 'true', code: '' }]);
    expect(copiesOf(printer, 'FIN 81')).toBe(1);
  });
});
