import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudPrntClient } from '../../src/main/services/cloudprnt/cloudprnt-client';
import { ServiceOnlineOrderIntake } from '../../src/main/services/intake/online-order-intake';
import { startCloudPrntServer, type CloudPrntTestServer, type QueuedJob } from '../support/cloudprnt-server';
import { withDoorServices } from '../support/door-services';
import type { TcpPrinterSimulator } from '../support/printer-simulator';
import type { TestService } from '../support/service-harness';
import { copiesOf } from '../support/resend';

/**
 * Issue 38, items 1 and 4, through the real CloudPRNT poller and the real service (a device-model TM-T88VI): an order
 * refused while the paper was out (410) prints once when the server offers it again after paper is back (200); and an
 * order the server renders anew at each fetch ("printed at") is one order by its token: printed once, its re-offer after
 * a lost DELETE confirmed 200, never 511.
 */
const { withPrinter } = withDoorServices();

const servers: CloudPrntTestServer[] = [];
const clients: CloudPrntClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function setUp(): Promise<{ printer: TcpPrinterSimulator; running: TestService; server: CloudPrntTestServer; client: CloudPrntClient }> {
  const { printer, running } = await withPrinter();
  const intake = new ServiceOnlineOrderIntake(running.service, 'online:cafe');
  await intake.prepare(printer.uri);
  const server = await startCloudPrntServer();
  servers.push(server);
  const client = new CloudPrntClient({ serverUrl: server.url, printer: printer.uri }, intake, { minPollMs: 0, jobGapMs: 0 });
  clients.push(client);
  return { printer, running, server, client };
}

async function serviceSeesPaper(running: TestService, printer: TcpPrinterSimulator, paper: 'ok' | 'out'): Promise<void> {
  await expect.poll(() => running.service.monitors.statusOf(printer.uri)?.paper, { timeout: 10_000 }).toBe(paper);
}

/** A job the server renders when it is fetched: each GET has its own "printed at" line. */
function renderedAtFetch(token: string): QueuedJob & { fetches: number } {
  const job = {
    token,
    fetches: 0,
    bodies: { 'text/plain': '' },
    serve(response: ServerResponse) {
      job.fetches += 1;
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`PEDIDO ${token}\nImpreso en la descarga ${job.fetches}\nFIN ${token}\n`);
    },
  };
  return job;
}

const codesFor = (server: CloudPrntTestServer, token: string): Array<string | null> => server.confirmations.filter((each) => each.token === token).map((each) => each.code);

describe('CloudPRNT: an order refused while the paper was out', () => {
  it('is printed once when the server offers it again after paper is back, and confirmed 200', { timeout: 30_000 }, async () => {
    const { printer, running, server, client } = await setUp();
    printer.set({ paper: 'out' });
    await serviceSeesPaper(running, printer, 'out');
    const order = renderedAtFetch('order-1042');
    server.queue(order);
    await client.pollOnce();
    expect(codesFor(server, 'order-1042')).toEqual(['410 Out of Paper']);
    expect(printer.printedText()).not.toContain('PEDIDO order-1042');

    printer.set({ paper: 'ok' });
    await serviceSeesPaper(running, printer, 'ok');
    // A server that keeps the order until it hears 200 offers it again.
    server.queue(order);
    await client.pollOnce();
    expect(codesFor(server, 'order-1042')).toEqual(['410 Out of Paper', '200 OK']);
    await printer.waitForPrinted('FIN order-1042');
    // The body printed is the one offered when it could print.
    expect(printer.printedText()).toContain('Impreso en la descarga 2');
    expect(copiesOf(printer, 'FIN order-1042')).toBe(1);

    // Offered once more (its 200 lost on the way, say): answered from the journal, not printed again.
    server.queue(order);
    await client.pollOnce();
    expect(codesFor(server, 'order-1042')).toEqual(['410 Out of Paper', '200 OK', '200 OK']);
    expect(copiesOf(printer, 'FIN order-1042')).toBe(1);
    expect(server.jobs).toHaveLength(0);
  });
});

describe('CloudPRNT: the token names the order, whatever body the server renders', () => {
  it('an order printed whose DELETE was lost, offered again with a new body, is confirmed 200 and not printed again', { timeout: 30_000 }, async () => {
    const { printer, running, server, client } = await setUp();
    await serviceSeesPaper(running, printer, 'ok');
    const order = renderedAtFetch('order-2001');
    server.queue(order);
    server.loseConfirmations(1);
    await client.pollOnce();
    await printer.waitForPrinted('FIN order-2001');
    expect(server.jobs).toHaveLength(1);
    await client.pollOnce();
    expect(order.fetches).toBe(2);
    expect(server.confirmations.map(({ code, lost }) => [code, lost])).toEqual([
      ['200 OK', true],
      ['200 OK', false],
    ]);
    expect(server.jobs).toHaveLength(0);
    expect(copiesOf(printer, 'FIN order-2001')).toBe(1);
    expect(printer.printedText()).not.toContain('Impreso en la descarga 2');
  });
});
