import { afterEach, describe, expect, it } from 'vitest';
import { onlineOrderProblemOf } from '../../src/main/online-orders/online-order-problem';
import { CloudPrntClient } from '../../src/main/services/cloudprnt/cloudprnt-client';
import { ServiceOnlineOrderIntake } from '../../src/main/services/intake/online-order-intake';
import { startCloudPrntServer } from '../support/cloudprnt-server';
import { withDoorServices } from '../support/door-services';
import { copiesOf } from '../online-orders/orders-service';

/**
 * A server that hands out its orders first in, first out, whose first token cannot be sent back: half a UTF-16
 * surrogate pair (JSON carries `"\ud800"`; it has no UTF-8 form for a URL), then one longer than any URL takes. Before,
 * encodeURIComponent threw "URI malformed" on every poll (no GET, no DELETE) and the long one was cut, so its GET
 * named no job: the next order was never reached. Now each is refused unread with the guide's tokenless DELETE (511),
 * reported, and the next order — its token with a space and a line break, sent back exactly — prints once.
 */
const doors = withDoorServices();
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of closing.splice(0).reverse()) await step();
});

describe('a CloudPRNT job whose token cannot be sent back', () => {
  it('is refused with 511 without its token, never printed, and the next order in the queue prints', { timeout: 30_000 }, async () => {
    const { printer, running } = await doors.withPrinter();
    const server = await startCloudPrntServer();
    closing.push(() => server.close());
    const intake = new ServiceOnlineOrderIntake(running.service, 'online:cloudprnt');
    await intake.prepare(printer.uri);
    const client = new CloudPrntClient({ serverUrl: server.url, printer: printer.uri }, intake);
    closing.push(() => client.close());

    const nextToken = 'pedido 7\n#2';
    server.queue({ token: 'ord-\ud800', bodies: { 'text/plain': 'BROKEN TOKEN ORDER\n' } });
    server.queue({ token: 'L'.repeat(4_000), bodies: { 'text/plain': 'LONG TOKEN ORDER\n' } });
    server.queue({ token: nextToken, bodies: { 'text/plain': 'NEXT ORDER 7\n' } });

    await client.pollOnce();
    expect(client.snapshot().lastError).toMatchObject({ kind: '511 Media Decoding Error' });
    expect(client.snapshot().lastError?.detail).toContain('not valid text');
    expect(onlineOrderProblemOf(client.snapshot().lastError?.kind ?? '')).toBe('job-refused');
    await client.pollOnce();
    await client.pollOnce();

    expect(server.confirmations.map(({ token, code }) => [token, code])).toEqual([
      [null, '511 Media Decoding Error'],
      [null, '511 Media Decoding Error'],
      [nextToken, '200 OK'],
    ]);
    expect(server.gets.map((get) => get.get('token'))).toEqual([nextToken]);
    expect(server.jobs).toHaveLength(0);
    await printer.waitForPrinted('NEXT ORDER 7');
    expect(copiesOf(printer.printedText(), 'NEXT ORDER 7')).toBe(1);
    expect(printer.printedText()).not.toMatch(/BROKEN TOKEN|LONG TOKEN/);
  });
});
