// A burst of tickets from one requester (a cloud system's, here a second WebSocket connection standing in for it)
// neither fills the queue for a till nor makes the till's receipt wait behind the whole burst: once a till competes,
// each requester holds at most its share of the queue (queue/door.ts) and a printer's lane takes jobs in turns by
// requester (queue/fair-waiting.ts); a requester alone gets the whole queue. Through real sockets, to a printer whose
// mechanism takes real time (250 mm/s).
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { startRealPrinter } from '../support/printer-simulator';
import type { TcpPrinterSimulator } from '../support/printer-simulator';
import { startTestService, tempDir, ticketDoc, type TestService } from '../support/service-harness';
import type { TestClient } from '../support/ws-client';

const BURST = 100;
const QUEUE_FULL = 'Queue full, please retry in a few seconds';

let printers: TcpPrinterSimulator[] = [];
let services: TestService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.stop()));
  await Promise.all(printers.splice(0).map((printer) => printer.close()));
});

/** The default queue (capacity 100) printing to a 250 mm/s printer; the rate limit lifted so only the share limits. */
async function shop(): Promise<{ service: TestService; printer: TcpPrinterSimulator; finished: string[] }> {
  const printer = await startRealPrinter('plain', { mmPerSecond: 250 });
  printers.push(printer);
  const service = await startTestService({ printer: printer.uri, dataDir: tempDir(), rateLimit: 0 });
  services.push(service);
  // In the service's own process, so the order is exact: which job finished printing before which.
  const finished: string[] = [];
  service.service.queue.on('finished', (result) => finished.push(result.id));
  return { service, printer, finished };
}

/** A short receipt (one line) whose bytes carry `TICKET:<id>;`. */
const ticket = (id: string): Record<string, unknown> => ({ tipo: 'ticket', id, datos: ticketDoc(`TICKET:${id};`) });

const answerTo = (client: TestClient, id: string): ServerMessage | undefined =>
  client.messages.find((message) => (message.tipo === 'ack' || message.tipo === 'error') && message.id === id);

async function burst(cloud: TestClient): Promise<{ acked: number; full: number }> {
  for (let n = 0; n < BURST; n += 1) cloud.send(ticket(`nube-${n}`));
  await cloud.until(() => Array.from({ length: BURST }, (_, n) => answerTo(cloud, `nube-${n}`)).every(Boolean), 'an answer to every burst ticket', 20_000);
  const answers = Array.from({ length: BURST }, (_, n) => answerTo(cloud, `nube-${n}`));
  return {
    acked: answers.filter((answer) => answer?.tipo === 'ack').length,
    full: answers.filter((answer) => answer?.tipo === 'error' && answer.mensaje === QUEUE_FULL).length,
  };
}

/** Cloud jobs that finished between two points of `finished` (indexes; -1 for "before anything"). */
const cloudJobsBetween = (finished: string[], from: number, to: number): number => finished.slice(from + 1, to).filter((id) => id.startsWith('nube-')).length;

describe('a burst from one requester beside a till', () => {
  it('gets "Queue full" for itself past its share, while the till still gets slots', async () => {
    const { service } = await shop();
    // Held still while the burst arrives, so exactly the share is taken (nothing finishes meanwhile).
    service.service.queue.pause();
    const cloud = await service.connect();
    const till = await service.connect();
    // The till is in use: its first receipt of the burst's minute waits in the queue.
    till.send(ticket('caja-0'));
    await till.next('ack', (message) => message.id === 'caja-0');
    const { acked, full } = await burst(cloud);
    // Capacity 100: with the till there, one requester fills at most 80 (with the till's one), the last fifth is
    // kept for requesters holding few jobs.
    expect(acked).toBe(79);
    expect(full).toBe(21);
    for (const id of ['caja-1', 'caja-2']) till.send(ticket(id));
    await till.count(4);
    expect(till.messages.filter((message) => message.tipo === 'ack').map((message) => message.id)).toEqual(['caja-0', 'caja-1', 'caja-2']);
    // The burst's requester is still refused: what is left is not its share.
    cloud.send(ticket('nube-extra'));
    expect(await cloud.next('error', (message) => message.id === 'nube-extra')).toMatchObject({ mensaje: QUEUE_FULL });
    service.service.queue.resume();
    await till.until(() => till.messages.filter((message) => message.tipo === 'result').length === 3, "the till's three results", 20_000);
  });

  it('fills the whole queue while alone, and once a till asked the next slot that frees is the till\'s', async () => {
    const { service } = await shop();
    service.service.queue.pause();
    const cloud = await service.connect();
    const till = await service.connect();
    const { acked, full } = await burst(cloud);
    // Nobody else asked for a slot: the protocol's queue is the burst's whole (Queue full at capacity only).
    expect(acked).toBe(100);
    expect(full).toBe(0);
    till.send(ticket('caja-1'));
    expect(await till.next('error', (message) => message.id === 'caja-1')).toMatchObject({ mensaje: QUEUE_FULL });
    // One slot frees (the owner cancels one burst job in the window): the burst asks first, and is refused...
    expect(await service.service.queue.cancel('nube-0')).toMatchObject({ cancelled: true });
    cloud.send(ticket('nube-extra'));
    expect(await cloud.next('error', (message) => message.id === 'nube-extra')).toMatchObject({ mensaje: QUEUE_FULL });
    // ...and the till's retry gets it.
    till.send(ticket('caja-1'));
    expect(await till.next('ack', (message) => message.id === 'caja-1')).toMatchObject({ current: 100, capacity: 100 });
    service.service.queue.resume();
    await till.next('result', (message) => message.id === 'caja-1');
  });

  it("prints the till's receipt after at most one job of the burst, not after the whole burst", async () => {
    const { service, printer, finished } = await shop();
    const cloud = await service.connect();
    const till = await service.connect();
    // The till is in use (it printed a receipt just before the burst): the burst holds at most its share.
    till.send(ticket('caja-0'));
    await till.next('result', (message) => message.id === 'caja-0');
    const { acked } = await burst(cloud);
    expect(acked).toBeGreaterThanOrEqual(80);
    // The burst is printing and most of it waits in the printer's lane when the till's two receipts arrive.
    const finishedBeforeTill = finished.length - 1;
    expect(acked - finished.length).toBeGreaterThan(40);
    for (const id of ['caja-1', 'caja-2']) till.send(ticket(id));
    await till.until(() => till.messages.filter((message) => message.tipo === 'result').length === 3, "the till's three results", 20_000);
    expect(till.messages.filter((message) => message.tipo === 'ack').map((message) => message.id)).toEqual(['caja-0', 'caja-1', 'caja-2']);
    expect(till.messages.filter((message) => message.tipo === 'result').every((message) => message.tipo === 'result' && message.status === 'success')).toBe(true);
    const first = finished.indexOf('caja-1');
    const second = finished.indexOf('caja-2');
    // The job printing when the till's ticket came, and (had the till's ticket come just as that one was taken) one
    // more: never the dozens still waiting. Then the till's receipts alternate with the burst, in the till's order.
    expect(cloudJobsBetween(finished, finishedBeforeTill, first)).toBeLessThanOrEqual(2);
    expect(second).toBeGreaterThan(first);
    expect(cloudJobsBetween(finished, first, second)).toBeLessThanOrEqual(1);
    // On paper in that order too, with the end of the burst still to come.
    const paper = printer.printedText();
    expect(paper.indexOf('TICKET:caja-1;')).toBeLessThan(paper.indexOf('TICKET:caja-2;'));
    const lastCloud = cloud.messages.filter((message) => message.tipo === 'ack').at(-1)?.id;
    expect(paper).not.toContain(`TICKET:${lastCloud};`);
  });
});
