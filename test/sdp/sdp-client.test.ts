import { afterEach, describe, expect, it } from 'vitest';
import { ASB } from '../../src/main/services/sdp/epson-result';
import { SdpClient, type SdpTiming } from '../../src/main/services/sdp/sdp-client';
import type { SdpBinding } from '../../src/main/services/sdp/sdp-binding';
import { eventually } from '../support/eventually';
import { startRealPrinter, type TcpPrinterSimulator } from '../support/printer-simulator';
import { CAFE, startSdpServer, type SdpServerOptions, type SdpTestServer } from '../support/sdp-server';
import { interpretEposPrint } from '../../src/main/services/epos/epos-print-xml';
import { PrintingIntake } from '../support/online-order-intake';

const FAST: Partial<SdpTiming> = { minPollMs: 100, minJobWaitMs: 1_000 };
const PASSWORD = 'caf3-s3cr3t-pa55';

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function setUp(options: SdpServerOptions = {}, binding: Partial<SdpBinding> = {}, timing: Partial<SdpTiming> = FAST) {
  const printer: TcpPrinterSimulator = await startRealPrinter('epson');
  const server: SdpTestServer = await startSdpServer(options);
  const intake = new PrintingIntake(printer);
  const logs: string[] = [];
  const client = new SdpClient(
    { serverUrl: server.url, printer: `tcp://127.0.0.1:${printer.port}`, deviceId: 'cafe-sol-1', name: 'Barra', pollIntervalSeconds: 0.2, ...binding },
    intake,
    interpretEposPrint,
    timing,
    (line) => logs.push(line),
  );
  cleanup.push(
    () => client.close(),
    () => server.close(),
    () => printer.close(),
  );
  return { printer, server, intake, client, logs };
}

describe('Epson Server Direct Print client', () => {
  it('prints a café order once and reports success with its printjobid, polling as a TM-i with ID and Name', async () => {
    const { printer, server, intake, client } = await setUp();
    server.offer('order-1001', CAFE);
    client.start();
    await printer.waitForPrinted('TOTAL 5.50');
    const reported = await eventually(() => server.setResponses, (list) => list.length >= 1, 'a SetResponse');
    expect(reported[0]).toMatchObject({ printjobid: 'order-1001', success: 'true', code: '' });
    expect((reported[0]?.status ?? 0) & ASB.PRINT_SUCCESS).toBe(ASB.PRINT_SUCCESS);
    expect(printer.printedText()).toContain('1 x Tostada & tomate 2.50');
    expect(server.getRequests[0]).toMatchObject({ ConnectionType: 'GetRequest', ID: 'cafe-sol-1', Name: 'Barra' });
    // Answered: the server stops offering it, and later polls print nothing more.
    await eventually(() => server.getRequests.length, (count) => count >= reported.length + 3, 'more polls');
    expect(intake.printedIds).toHaveLength(1);
    expect(client.snapshot()).toMatchObject({ connected: true, jobsPrinted: 1, lastError: null });
  });

  it('answers a job offered again after a lost SetResponse, without printing it twice', async () => {
    const { printer, server, intake, client } = await setUp();
    server.loseSetResponses(1);
    server.offer('order-1002', CAFE);
    client.start();
    await eventually(() => server.setResponses, (list) => list.some((job) => job.printjobid === 'order-1002'), 'the SetResponse delivered after all');
    expect(server.lostSetResponses.map((job) => job.printjobid)).toEqual(['order-1002']);
    expect(server.setResponses.find((job) => job.printjobid === 'order-1002')).toMatchObject({ success: 'true', code: '' });
    expect(intake.printedIds).toEqual([intake.requests[0]?.id]);
    expect(printer.printedText().split('TOTAL 5.50')).toHaveLength(2);
  });

  it('answers a job offered again by the server (our report lost on its side) from what the service knows', async () => {
    const { server, intake, client } = await setUp();
    server.offer('order-1003', CAFE);
    await client.pollOnce();
    server.offer('order-1003', CAFE);
    await client.pollOnce();
    expect(server.setResponses.map((job) => [job.printjobid, job.success])).toEqual([
      ['order-1003', 'true'],
      ['order-1003', 'true'],
    ]);
    expect(intake.requests).toHaveLength(2);
    expect(intake.printedIds).toHaveLength(1);
  });

  it('reports paper out as EPTR_REC_EMPTY with the paper-end bit, and prints nothing', async () => {
    const { printer, server, intake, client } = await setUp();
    intake.setStatus({ paper: 'out', offline: true });
    server.offer('order-1004', CAFE);
    await client.pollOnce();
    expect(server.setResponses[0]).toMatchObject({ printjobid: 'order-1004', success: 'false', code: 'EPTR_REC_EMPTY' });
    const status = server.setResponses[0]?.status ?? 0;
    expect(status & ASB.RECEIPT_END).toBe(ASB.RECEIPT_END);
    expect(status & ASB.OFF_LINE).toBe(ASB.OFF_LINE);
    expect(status & ASB.PRINT_SUCCESS).toBe(0);
    expect(printer.printedText()).toBe('');
    expect(client.snapshot().lastError?.kind).toBe('EPTR_REC_EMPTY');
  });

  it('sends SetStatus to the status URL at its own interval with the printer\'s ASB status', async () => {
    const { server, intake } = await setUp();
    const withStatus = new SdpClient(
      { serverUrl: server.url, statusUrl: server.statusUrl, printer: 'tcp://x', deviceId: 'cafe-sol-1', name: 'Barra', pollIntervalSeconds: 60, statusIntervalSeconds: 0.2 },
      intake,
      interpretEposPrint,
      FAST,
    );
    cleanup.push(() => withStatus.close());
    intake.setStatus({ coverOpen: true, offline: true });
    withStatus.start();
    const statuses = await eventually(() => server.setStatuses, (list) => list.length >= 3, 'three status notifications');
    expect(statuses[0]).toMatchObject({ ConnectionType: 'SetStatus', ID: 'cafe-sol-1', Name: 'Barra' });
    expect(statuses[0]?.['Status']).toContain('<printerstatus devicename="local_printer" asbstatus="0x00000028"/>');
    // The status goes at its own pace: one GetRequest (60 s interval) against several notifications.
    expect(server.getRequests.length).toBeLessThanOrEqual(1);
  });

  it('answers a Digest challenge and a Basic one; the password appears in no error and no log line', async () => {
    for (const scheme of ['digest', 'basic'] as const) {
      const { printer, server, client, logs } = await setUp({ auth: { scheme, user: 'tienda', password: PASSWORD } }, { credentials: { user: 'tienda', password: PASSWORD } });
      server.offer(`order-${scheme}`, CAFE);
      await client.pollOnce();
      await printer.waitForPrinted('TOTAL 5.50');
      expect(server.setResponses[0]).toMatchObject({ printjobid: `order-${scheme}`, success: 'true' });
      expect(server.authorized[0]).toMatch(scheme === 'digest' ? /^Digest / : /^Basic /);
      expect(server.authorized.join(' ')).not.toContain(PASSWORD);
      expect(logs.join('\n')).not.toContain(PASSWORD);
    }
    const { client, logs } = await setUp({ auth: { scheme: 'digest', user: 'tienda', password: PASSWORD } }, { credentials: { user: 'tienda', password: 'wrong-password-123' } });
    await client.pollOnce();
    const error = client.snapshot().lastError;
    expect(error?.kind).toBe('key-rejected');
    expect(JSON.stringify(error)).not.toContain('wrong-password-123');
    expect(logs.join('\n')).not.toContain('wrong-password-123');
  });
});
