import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCloudPrntServer, type CloudPrntTestServer } from '../support/cloudprnt-server';
import { until } from '../support/eventually';
import { startRealPrinter, type TcpPrinterSimulator } from '../support/printer-simulator';
import { TestClient } from '../support/ws-client';
import { copiesOf, OrdersService } from './orders-service';

/** A café's online order in Star Document Markup, as a WooCommerce plugin sends it. */
const CAFE_MARKUP = [
  '[align: centre][mag: w 2; h 2][bold: on]Café Lumière[plain]',
  '[align: left]Pedido online #1042',
  '[column: left 2 x Cappuccino; right 7.00]',
  '[column: left 1 x Croissant; right 2.50]',
  '[barcode: type code128; data 1042; height 10mm; hri]',
  'END OF ORDER 1042',
  '[cut: feed; partial]',
].join('\n');

function pngOrder(): Buffer {
  const png = new PNG({ width: 96, height: 48 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([(index / 4) % 96 < 48 ? 0 : 255, 0, 0, 255], index);
  return PNG.sync.write(png);
}

let server: CloudPrntTestServer;
let printer: TcpPrinterSimulator;
let shop: OrdersService;

beforeEach(async () => {
  server = await startCloudPrntServer();
  printer = await startRealPrinter('epson', { mmPerSecond: 2000 });
  shop = OrdersService.for('cloudprnt', server.url, printer.uri);
});

afterEach(async () => {
  await shop.kill9();
  await server.close();
  await printer.close();
});

const confirmedOk = (token: string): boolean => server.confirmations.some((each) => each.token === token && each.code === '200 OK' && !each.lost);

describe('serve --cloudprnt: a café order from a CloudPRNT server prints on the shop printer', () => {
  it('prints an order in Star markup, one in text/plain and one as a PNG, each once, each confirmed 200 OK', { timeout: 60_000 }, async () => {
    server.queue({ token: 'markup-1042', bodies: { 'text/vnd.star.markup': CAFE_MARKUP } });
    server.queue({ token: 'text-7', bodies: { 'text/plain': 'Pedido #7\n1 x Té verde\nEND OF TEXT 7\n' } });
    server.queue({ token: 'png-9', bodies: { 'image/png': pngOrder() } });
    await shop.start();
    await until(() => ['markup-1042', 'text-7', 'png-9'].every(confirmedOk), 'three orders confirmed', 30_000);
    const text = printer.printedText();
    expect(text).toMatch(/2 x Cappuccino +7\.00/);
    expect(copiesOf(text, 'END OF ORDER 1042')).toBe(1);
    expect(copiesOf(text, 'END OF TEXT 7')).toBe(1);
    // The picture went out as a raster image after the text order (GS v 0).
    expect(Buffer.from(printer.printed()).includes(Buffer.from([0x1d, 0x76, 0x30]))).toBe(true);
    expect(server.gets.map((get) => get.get('type'))).toEqual(['text/vnd.star.markup', 'text/plain', 'image/png']);
    // The server sees a printer that reads back: Star's ASB bytes and 200 OK while all is well.
    expect(server.polls[0]).toMatchObject({ statusCode: '200%20OK' });
    const mac = String(server.polls[0]?.['printerMAC']);
    expect(mac).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
    // serve says at start which id to register on the server (docs/online-orders.md).
    expect(shop.process.output()).toContain(`CloudPRNT printer id to register on 127.0.0.1:${server.port}: ${mac}`);
  });

  it('a lost DELETE: the order is offered again, confirmed again, never printed again', { timeout: 60_000 }, async () => {
    server.queue({ token: 'lost-1', bodies: { 'text/vnd.star.markup': CAFE_MARKUP } });
    server.loseConfirmations(1);
    await shop.start();
    await until(() => confirmedOk('lost-1'), 'the order confirmed after its lost DELETE', 30_000);
    expect(server.confirmations.filter((each) => each.token === 'lost-1').map((each) => each.lost)).toEqual([true, false]);
    expect(server.gets.filter((get) => get.get('token') === 'lost-1').length).toBe(2);
    expect(copiesOf(printer.printedText(), 'END OF ORDER 1042')).toBe(1);
  });

  it('kill -9 after the GET and before the DELETE got through: one printed copy and a confirmed order after the restart', { timeout: 90_000 }, async () => {
    server.queue({ token: 'killed-1', bodies: { 'text/vnd.star.markup': CAFE_MARKUP } });
    // Every DELETE is lost until the service is killed: the order is on paper, the server was never told.
    server.loseConfirmations(1_000);
    await shop.start();
    await until(() => server.confirmations.some((each) => each.token === 'killed-1') && printer.printedText().includes('END OF ORDER 1042'), 'printed, DELETE lost', 30_000);
    await shop.kill9();
    server.loseConfirmations(0);
    await shop.start();
    await until(() => confirmedOk('killed-1'), 'the order confirmed after the restart', 30_000);
    expect(copiesOf(printer.printedText(), 'END OF ORDER 1042')).toBe(1);
  });

  it('a restart: the same order offered again afterwards is confirmed from the journal, not printed again', { timeout: 90_000 }, async () => {
    server.queue({ token: 'again-1', bodies: { 'text/vnd.star.markup': CAFE_MARKUP } });
    await shop.start();
    await until(() => confirmedOk('again-1'), 'the order confirmed', 30_000);
    await shop.stop();
    // A server that forgot it had the confirmation (its own crash) offers the same token again.
    server.queue({ token: 'again-1', bodies: { 'text/vnd.star.markup': CAFE_MARKUP } });
    await shop.start();
    await until(() => server.confirmations.filter((each) => each.token === 'again-1' && each.code === '200 OK').length === 2, 'confirmed again', 30_000);
    expect(copiesOf(printer.printedText(), 'END OF ORDER 1042')).toBe(1);
  });

  it('paper out: the server hears 410 Out of Paper in the status and in the confirmation, and nothing is printed', { timeout: 60_000 }, async () => {
    printer.set({ paper: 'out' });
    server.queue({ token: 'no-paper-1', bodies: { 'text/vnd.star.markup': CAFE_MARKUP } });
    await shop.start();
    await until(() => server.confirmations.some((each) => each.token === 'no-paper-1'), 'the order answered', 30_000);
    expect(server.confirmations.find((each) => each.token === 'no-paper-1')?.code).toBe('410 Out of Paper');
    await until(() => server.polls.some((poll) => poll['statusCode'] === encodeURIComponent('410 Out of Paper')), 'a poll saying paper out', 15_000);
    expect(printer.printedText()).not.toContain('END OF ORDER');
  });

  it("the till's /ws tickets keep printing while a hostile server offers a new order on every poll", { timeout: 90_000 }, async () => {
    const slow = await startRealPrinter('epson');
    await printer.close();
    printer = slow;
    shop = OrdersService.for('cloudprnt', server.url, printer.uri);
    let offered = 0;
    server.answerPollsWith((response) => {
      offered += 1;
      const token = `flood-${offered}`;
      const lines = Array.from({ length: 30 }, (_, line) => `Flood order ${offered} line ${line}`).join('\n');
      server.queue({ token, bodies: { 'text/plain': `${lines}\nEND OF FLOOD ${offered}\n` } });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jobReady: true, mediaTypes: ['text/plain'], jobToken: token, pollInterval: 0 }));
    });
    const running = await shop.start();
    await until(() => printer.printedText().includes('END OF FLOOD 1'), 'the first flood order printed', 30_000);
    const till = await TestClient.open(`ws://127.0.0.1:${running.port}/ws`);
    const waits: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const sent = Date.now();
      till.send({ tipo: 'ticket', id: `till-${index}`, datos: { version: '1.0', commands: [{ type: 'text', data: { text: `Mesa ${index}\nTILL ${index}\n` } }, { type: 'cut' }] } });
      await till.until(() => till.messages.some((message) => message.tipo === 'result' && message.id === `till-${index}`), `till ticket ${index}`, 20_000);
      waits.push(Date.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    till.close();
    const results = till.messages.filter((message) => message.tipo === 'result');
    expect(results.every((message) => message.tipo === 'result' && message.status === 'success')).toBe(true);
    // A printer that does not confirm paper is answered once it took the bytes: its mechanism finishes after.
    await printer.waitForPrinted('TILL 7', 15_000);
    for (let index = 0; index < 8; index += 1) expect(copiesOf(printer.printedText(), `TILL ${index}`)).toBe(1);
    // The till waited no longer than an order or two ahead of it, never for the flood.
    expect(Math.max(...waits)).toBeLessThan(4_000);
    // The server was held to the binding's fair share, not served every 10 ms.
    expect(server.gets.length).toBeLessThan(40);
  });
});
