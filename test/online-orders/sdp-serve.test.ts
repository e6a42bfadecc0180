import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAFE, startSdpServer, type SdpTestServer } from '../support/sdp-server';
import { until } from '../support/eventually';
import { startRealPrinter, type TcpPrinterSimulator } from '../support/printer-simulator';
import { copiesOf, OrdersService } from './orders-service';

let server: SdpTestServer;
let printer: TcpPrinterSimulator;
let shop: OrdersService;

beforeEach(async () => {
  server = await startSdpServer();
  printer = await startRealPrinter('epson', { mmPerSecond: 2000 });
  shop = OrdersService.for('sdp', server.url, printer.uri);
});

afterEach(async () => {
  await shop.kill9();
  await server.close();
  await printer.close();
});

const reported = (printjobid: string): boolean => server.setResponses.some((each) => each.printjobid === printjobid && each.success === 'true');

describe('serve --sdp: a café order from an Epson Server Direct Print server prints on the shop printer', () => {
  it('prints the ePOS-Print order once through the ePOS interpreter and reports success', { timeout: 60_000 }, async () => {
    server.offer('order-77', CAFE);
    await shop.start();
    await until(() => reported('order-77'), 'SetResponse success', 30_000);
    expect(copiesOf(printer.printedText(), 'TOTAL 5.50')).toBe(1);
    expect(printer.printedText()).toContain('1 x Tostada & tomate');
  });

  it('kill -9 before the SetResponse got through: one printed copy and a reported job after the restart', { timeout: 90_000 }, async () => {
    server.offer('order-78', CAFE);
    server.loseSetResponses(1_000);
    await shop.start();
    await until(() => server.lostSetResponses.some((each) => each.printjobid === 'order-78') && printer.printedText().includes('TOTAL 5.50'), 'printed, report lost', 30_000);
    await shop.kill9();
    server.loseSetResponses(0);
    await shop.start();
    await until(() => reported('order-78'), 'SetResponse success after the restart', 30_000);
    expect(copiesOf(printer.printedText(), 'TOTAL 5.50')).toBe(1);
  });

  it("paper out: the server hears EPTR_REC_EMPTY with the paper-end bit, and nothing is printed", { timeout: 60_000 }, async () => {
    printer.set({ paper: 'out' });
    server.offer('order-79', CAFE);
    await shop.start();
    await until(() => server.setResponses.some((each) => each.printjobid === 'order-79'), 'SetResponse', 30_000);
    const answer = server.setResponses.find((each) => each.printjobid === 'order-79');
    expect(answer).toMatchObject({ success: 'false', code: 'EPTR_REC_EMPTY' });
    // ASB_RECEIPT_END (0x00080000), as a TM-i reports an empty roll.
    expect((answer?.status ?? 0) & 0x0008_0000).toBe(0x0008_0000);
    expect(printer.printedText()).not.toContain('TOTAL 5.50');
  });
});
