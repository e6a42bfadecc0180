import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CloudPrntClient, type CloudPrntTiming } from '../../src/main/services/cloudprnt/cloudprnt-client';
import { startCloudPrntServer, type CloudPrntTestServer } from '../support/cloudprnt-server';
import { until } from '../support/eventually';
import { PrintingIntake, READY } from '../support/online-order-intake';
import { startRealPrinter, type TcpPrinterSimulator } from '../support/printer-simulator';

const CAFE_MARKUP = [
  '[align: centre][mag: w 2; h 2][bold: on]Café Lumière[plain]',
  '[align: left]Pedido online #1042',
  '[column: left 2 x Cappuccino; right 7.00]',
  '[column: left 1 x Croissant; right 2.50]',
  '[negative: on]PAID[negative: off]',
  '[barcode: type code128; data 1042; height 10mm; hri]',
  '[qrcode: data https://example.com/o/1042]',
  'END OF ORDER',
  '[cut: feed; partial]',
].join('\n');

let server: CloudPrntTestServer;
let printer: TcpPrinterSimulator;
let intake: PrintingIntake;
const clients: CloudPrntClient[] = [];

function client(timing: Partial<CloudPrntTiming> = {}, url = server.url, log?: (line: string) => void): CloudPrntClient {
  const created = new CloudPrntClient({ serverUrl: url, printer: printer.uri }, intake, timing, log);
  clients.push(created);
  return created;
}

function pngOrder(): Buffer {
  const png = new PNG({ width: 64, height: 32 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([index % 64 < 32 ? 0 : 255, 0, 0, 255], index);
  return PNG.sync.write(png);
}

beforeEach(async () => {
  server = await startCloudPrntServer();
  printer = await startRealPrinter('epson', { mmPerSecond: 2000 });
  intake = new PrintingIntake(printer);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((each) => each.close()));
  await server.close();
  await printer.close();
});

describe('a café order from a CloudPRNT server', () => {
  it('prints a Star markup order once and confirms it with 200 OK', async () => {
    server.queue({ token: 'order-1042', bodies: { 'text/vnd.star.markup': CAFE_MARKUP, 'image/png': pngOrder() } });
    const cloudprnt = client();
    await cloudprnt.pollOnce();
    await cloudprnt.pollOnce();
    expect(printer.printedText()).toContain('Pedido online #1042');
    expect(printer.printedText()).toMatch(/2 x Cappuccino +7\.00/);
    expect(printer.printedText()).toContain('END OF ORDER');
    expect(server.gets[0]?.get('type')).toBe('text/vnd.star.markup');
    expect(server.confirmations).toEqual([{ method: 'DELETE', code: '200 OK', token: 'order-1042', mac: cloudprnt.printerMac, lost: false }]);
    expect(intake.printedIds).toHaveLength(1);
    expect(server.polls[0]).toMatchObject({ printerMAC: cloudprnt.printerMac, statusCode: '200%20OK', status: '23 6 0 0 0 0 0 0 0 ' });
    expect(cloudprnt.printerMac).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
    expect(cloudprnt.snapshot().jobsPrinted).toBe(1);
  });

  it('prints a text/plain order and a PNG order, each confirmed (GET confirmation when the server asks for it)', async () => {
    server.queue({ token: 't-1', bodies: { 'text/plain': 'Pedido #7\n1 x Té verde\nEND OF TEXT\n' }, deleteMethod: 'GET' });
    server.queue({ token: 'p-1', bodies: { 'image/png': pngOrder() } });
    const cloudprnt = client();
    await cloudprnt.pollOnce();
    await cloudprnt.pollOnce();
    expect(printer.printedText()).toContain('END OF TEXT');
    expect(server.confirmations.map(({ method, code, token }) => [method, code, token])).toEqual([
      ['GET', '200 OK', 't-1'],
      ['DELETE', '200 OK', 'p-1'],
    ]);
    expect(intake.printedIds).toHaveLength(2);
  });

  it('a lost confirmation: the job offered again is confirmed again and printed once', async () => {
    server.queue({ token: 'lost-1', bodies: { 'text/plain': 'ONLY ONCE\n' } });
    server.loseConfirmations(1);
    const cloudprnt = client();
    await cloudprnt.pollOnce();
    expect(server.jobs).toHaveLength(1);
    await cloudprnt.pollOnce();
    expect(server.confirmations.map(({ code, lost }) => [code, lost])).toEqual([
      ['200 OK', true],
      ['200 OK', false],
    ]);
    expect(server.jobs).toHaveLength(0);
    expect(intake.requests.map((request) => request.id)).toEqual([intake.requests[0]?.id, intake.requests[0]?.id]);
    expect(intake.printedIds).toHaveLength(1);
    expect(printer.printedText().split('ONLY ONCE')).toHaveLength(2);
  });

  it('paper out: the poll reports 410 with the paper-end bit, the job is confirmed with 410 and nothing prints', async () => {
    intake.setStatus({ ...READY, paper: 'out', offline: true });
    server.queue({ token: 'paper-1', bodies: { 'text/plain': 'NO PAPER\n' } });
    const cloudprnt = client();
    await cloudprnt.pollOnce();
    expect(server.polls[0]).toMatchObject({ statusCode: '410%20Out%20of%20Paper', status: '23 6 8 0 0 8 0 0 0 ' });
    expect(server.confirmations.map(({ code }) => code)).toEqual(['410 Out of Paper']);
    expect(printer.printedText()).not.toContain('NO PAPER');
  });

  it('answers client actions: PageInfo, ClientType, GetPollInterval, SetID, Encodings, and unknown ones as unsupported', async () => {
    server.nextPollExtras({
      clientAction: ['PageInfo', 'ClientType', 'ClientVersion', 'GetPollInterval', 'Encodings', 'SetLED'].map((request) => ({ request, options: '' })).concat({ request: 'SetID', options: 'shop-7' }),
    });
    const cloudprnt = client();
    await cloudprnt.pollOnce();
    await cloudprnt.pollOnce();
    const results = Object.fromEntries(((server.polls[1]?.clientAction ?? []) as { request: string; result: unknown }[]).map(({ request, result }) => [request, result]));
    expect(results).toMatchObject({
      PageInfo: { paperWidth: '80', printWidth: '72', horizontalResolution: '8', verticalResolution: '8' },
      ClientType: 'Ticketera',
      GetPollInterval: '5',
      SetLED: 'Unsupported',
      SetID: 'shop-7',
    });
    expect(String(results.Encodings)).toContain('text/vnd.star.markup');
    expect(String(results.Encodings)).not.toContain('vnd.star.starprnt');
    await cloudprnt.pollOnce();
    expect(server.polls[2]).toMatchObject({ uniqueID: 'shop-7', clientAction: null });
  });

  it('polls at once when the bound printer’s status changes', async () => {
    const cloudprnt = client({ minPollMs: 50 });
    cloudprnt.start();
    await until(() => server.polls.length === 1, 'the first poll');
    intake.setStatus({ ...READY, coverOpen: true });
    await until(() => server.polls.length === 2, 'a poll right after the cover opened', 2_000);
    expect(server.polls[1]).toMatchObject({ statusCode: '420%20Cover%20Open' });
  });
});
