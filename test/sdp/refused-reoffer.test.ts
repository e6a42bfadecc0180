import { afterEach, describe, expect, it } from 'vitest';
import { interpretEposPrint } from '../../src/main/services/epos/epos-print-xml';
import { ServiceOnlineOrderIntake } from '../../src/main/services/intake/online-order-intake';
import { SdpClient } from '../../src/main/services/sdp/sdp-client';
import { withDoorServices } from '../support/door-services';
import type { TcpPrinterSimulator } from '../support/printer-simulator';
import { startSdpServer, type SdpTestServer } from '../support/sdp-server';
import type { TestService } from '../support/service-harness';
import { copiesOf } from '../support/resend';

/**
 * Issue 38, item 1, through the real Server Direct Print poller and the real service (a device-model TM-T88VI): an
 * order refused while the paper was out prints once when the server offers it again after paper is back, and the
 * server hears success; offered again after that, it is answered from the journal and not printed again.
 */
const { withPrinter } = withDoorServices();

const servers: SdpTestServer[] = [];
const clients: SdpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const ORDER =
  `<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">` +
  `<text>PEDIDO WEB 3001&#10;</text><text>1 x Bocadillo 4.00&#10;</text><text>FIN 3001&#10;</text><cut type="feed"/></epos-print>`;

async function serviceSeesPaper(running: TestService, printer: TcpPrinterSimulator, paper: 'ok' | 'out'): Promise<void> {
  await expect.poll(() => running.service.monitors.statusOf(printer.uri)?.paper, { timeout: 10_000 }).toBe(paper);
}

describe('Server Direct Print: an order refused while the paper was out', () => {
  it('prints once when the server offers it again after paper is back, and the server hears success', { timeout: 30_000 }, async () => {
    const { printer, running } = await withPrinter();
    const intake = new ServiceOnlineOrderIntake(running.service, 'online:bar');
    await intake.prepare(printer.uri);
    const server = await startSdpServer();
    servers.push(server);
    const client = new SdpClient({ serverUrl: server.url, printer: printer.uri, deviceId: 'bar-1', name: 'Barra' }, intake, interpretEposPrint, { minPollMs: 0, minJobWaitMs: 1_000 });
    clients.push(client);

    printer.set({ paper: 'out' });
    await serviceSeesPaper(running, printer, 'out');
    server.offer('order-3001', ORDER);
    await client.pollOnce();
    expect(server.setResponses).toMatchObject([{ printjobid: 'order-3001', success: 'false', code: 'EPTR_REC_EMPTY' }]);

    printer.set({ paper: 'ok' });
    await serviceSeesPaper(running, printer, 'ok');
    // The server offers the order again until it hears it printed.
    server.offer('order-3001', ORDER);
    await client.pollOnce();
    expect(server.setResponses.slice(1)).toMatchObject([{ printjobid: 'order-3001', success: 'true', code: '' }]);
    await printer.waitForPrinted('FIN 3001');
    expect(copiesOf(printer, 'FIN 3001')).toBe(1);

    // Offered once more (its SetResponse lost, say): the same success, from the journal, nothing printed again.
    server.offer('order-3001', ORDER);
    await client.pollOnce();
    expect(server.setResponses.slice(2)).toMatchObject([{ printjobid: 'order-3001', success: 'true', code: '' }]);
    expect(copiesOf(printer, 'FIN 3001')).toBe(1);
  });
});
