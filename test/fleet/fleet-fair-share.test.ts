// A chain's burst through a real Mosquitto beside a till on the shop's WebSocket: once the till is there (it printed a
// sale a moment ago), the burst's requester (its response topic) holds at most its share of the shop's queue and takes
// turns with the till at the printer (queue/door.ts, queue/fair-waiting.ts), so the till's sale is taken and printed
// after at most ~one of the chain's tickets. (A requester alone may fill the whole queue: test/service/fair-share.)
import { describe, expect, it } from 'vitest';
import { startRealPrinter, type TcpPrinterSimulator } from '../support/printer-simulator';
import { ticketDoc } from '../support/service-harness';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing } from './support/mosquitto';

const fixtures = fleetFixtures();
const BURST = 100;

describe.skipIf(mosquittoMissing)('a chain burst through the broker beside a till', () => {
  it("is refused past its share while the till's tickets are taken, and the till's receipt prints after at most ~one burst job", async () => {
    const printer: TcpPrinterSimulator = await startRealPrinter('plain', { mmPerSecond: 250 });
    try {
      const broker = await fixtures.broker();
      // The default capacity (the fixtures' sites have a bigger one).
      const site = await fixtures.site(broker, 'zaragoza', { queueCapacity: 100, printer: printer.uri });
      const finished: string[] = [];
      site.service.queue.on('finished', (result) => finished.push(result.id));
      // The till is there: it sold something a moment ago, so the burst competes with it from its first ticket.
      const till = await site.connect();
      till.send({ tipo: 'ticket', id: 'caja-0', datos: ticketDoc('TICKET:caja-0;') });
      await till.until(() => till.messages.some((message) => message.tipo === 'result' && message.id === 'caja-0'), "the till's first result", 20_000);
      const chain = fixtures.chain(broker, { site: 'zaragoza', ackTimeoutMs: 30_000, resultTimeoutMs: 120_000 });
      const acked = new Set<string>();
      const refused: string[] = [];
      const sent = Array.from({ length: BURST }, (_, n) =>
        chain.print(ticketDoc(`TICKET:nube-${n};`) as never, { id: `nube-${n}`, onAck: (ack) => acked.add(ack.id) }).catch((error: unknown) => {
          refused.push((error as { text?: string }).text ?? String(error));
        }),
      );
      await expect.poll(() => acked.size + refused.length, { timeout: 30_000 }).toBe(BURST);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((text) => text === 'Queue full, please retry in a few seconds')).toBe(true);
      expect(acked.size - finished.length).toBeGreaterThan(40);
      const finishedBeforeTill = finished.length - 1;
      for (const id of ['caja-1', 'caja-2']) till.send({ tipo: 'ticket', id, datos: ticketDoc(`TICKET:${id};`) });
      await till.until(() => till.messages.filter((message) => message.tipo === 'result').length === 3, "the till's two results", 20_000);
      expect(till.messages.filter((message) => message.tipo === 'ack').map((message) => message.id)).toEqual(['caja-0', 'caja-1', 'caja-2']);
      const first = finished.indexOf('caja-1');
      const second = finished.indexOf('caja-2');
      const cloudBetween = (from: number, to: number): number => finished.slice(from + 1, to).filter((id) => id.startsWith('nube-')).length;
      expect(cloudBetween(finishedBeforeTill, first)).toBeLessThanOrEqual(2);
      expect(second).toBeGreaterThan(first);
      expect(cloudBetween(first, second)).toBeLessThanOrEqual(1);
      await Promise.all(sent);
    } finally {
      await printer.close();
    }
  }, 120_000);
});
