import { describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { receipt } from '../../clients/js/src/index.mjs';
import { until } from '../support/eventually';
import { ticketDoc } from '../support/service-harness';
import { fleetFixtures, printedOnce } from './support/fleet-harness';
import { mosquittoMissing } from './support/mosquitto';

const fixtures = fleetFixtures();

describe.skipIf(mosquittoMissing)('remote printing through a real Mosquitto (MQTT 5)', () => {
  it('prints tickets sent to a site, answers status and printers, and says so in the window', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'madrid-01');
    const chain = fixtures.chain(broker, { site: 'madrid-01' });
    const acks: string[] = [];
    const result = await chain.print(receipt().text('Pedido 88 · mesa 4').cut(), { id: 'order-88', onAck: (ack) => acks.push(ack.id) });
    expect(result).toMatchObject({ id: 'order-88' });
    expect(result.mensaje).toMatch(/^Print completed in \d+ms/);
    expect(acks).toEqual(['order-88']);
    expect(site.service.job('order-88')?.state).toBe('success');
    await expect(chain.status()).resolves.toMatchObject({ capacity: 1_000 });
    const { printers, summary } = await chain.printers();
    expect(printers.some((printer) => printer.is_virtual)).toBe(true);
    expect(summary.status).toBeDefined();
    expect(site.fleet?.view()).toMatchObject({ state: 'connected', site: 'madrid-01', broker: broker.url, problem: null });
    expect(site.fleet?.view().lastTicketAt).not.toBeNull();
  });

  it('answers a resent ticket from the journal and never prints it twice', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'sevilla');
    const chain = fixtures.chain(broker, { site: 'sevilla' });
    const first = await chain.print(ticketDoc('uno') as never, { id: 'venta-1' });
    const again = await chain.print(ticketDoc('uno') as never, { id: 'venta-1' });
    expect(again.mensaje).toBe(first.mensaje);
    expect(site.service.recentJobs(10).filter((job) => job.id === 'venta-1')).toHaveLength(1);
  });

  it('refuses what the WebSocket refuses, with the same texts: no document, wrong token', async () => {
    const broker = await fixtures.broker();
    await fixtures.site(broker, 'bilbao', { token: 'secreto' });
    const chain = fixtures.chain(broker, { site: 'bilbao', token: 'otro' });
    await expect(chain.print(ticketDoc() as never, { id: 'x1' })).rejects.toMatchObject({ kind: 'auth', text: 'Invalid or missing auth token' });
    const good = fixtures.chain(broker, { site: 'bilbao', token: 'secreto' });
    await expect(good.print({ version: '2.0', commands: [] } as never, { id: 'x2' })).rejects.toMatchObject({ kind: 'print-failed', category: 'VALIDATION' });
    await expect(good.print(ticketDoc() as never, { id: 'x3' })).resolves.toMatchObject({ id: 'x3' });
  });

  it('tickets sent while a site is offline print when it returns; expired ones never print and the sender is told', async () => {
    const broker = await fixtures.broker();
    // First connection creates the site's persistent session at the broker, then the site goes away.
    const first = await fixtures.site(broker, 'valencia');
    const dataDir = first.config.dataDir;
    await until(() => first.fleet?.view().state === 'connected', 'the site connected');
    await first.stop();
    const chain = fixtures.chain(broker, { site: 'valencia', ackTimeoutMs: 60_000 });
    const waiting = chain.print(ticketDoc('mientras tanto') as never, { id: 'offline-1' });
    const expiring = chain.print(ticketDoc('caduca') as never, { id: 'offline-expired', expiresInSeconds: 1 }).catch((error: unknown) => error);
    await expect(expiring).resolves.toMatchObject({ kind: 'expired', id: 'offline-expired' });
    const back = await fixtures.site(broker, 'valencia', { dataDir });
    await expect(waiting).resolves.toMatchObject({ id: 'offline-1' });
    expect(printedOnce(back, ['offline-1'])).toEqual({ missing: [], notSuccess: [] });
    expect(back.service.job('offline-expired')).toBeUndefined();
  });
});

describe.skipIf(mosquittoMissing)('the site\'s own expiry (Settings) for tickets without an MQTT expiry', () => {
  it('refuses a ticket sent longer ago than the limit, tells the sender, and prints a fresh one', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'cocina', {}, { ticketExpiryMinutes: 30 });
    const raw = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: 'raw-sender' });
    try {
      await raw.subscribeAsync('ticketera/sites/cocina/replies/raw', { qos: 1 });
      const replies: Array<Record<string, unknown>> = [];
      raw.on('message', (_topic, payload) => replies.push(JSON.parse(payload.toString()) as Record<string, unknown>));
      const send = (id: string, sentAt: string): Promise<unknown> =>
        raw.publishAsync('ticketera/sites/cocina/requests', JSON.stringify({ tipo: 'ticket', id, datos: ticketDoc(id) }), {
          qos: 1,
          properties: { responseTopic: 'ticketera/sites/cocina/replies/raw', correlationData: Buffer.from(id), userProperties: { 'sent-at': sentAt } },
        });
      await send('viejo', new Date(Date.now() - 3 * 3600_000).toISOString());
      await send('nuevo', new Date().toISOString());
      await until(() => replies.some((reply) => reply['tipo'] === 'result' && reply['id'] === 'nuevo'), 'the fresh ticket printed');
      expect(replies.find((reply) => reply['id'] === 'viejo')).toMatchObject({ tipo: 'error', mensaje: expect.stringMatching(/^VALIDATION: ticket caducado.*ticket expired.*\(180 min, limit 30 min\)$/) });
      expect(site.service.job('viejo')).toBeUndefined();
      expect(site.fleet?.view().refused.expired).toBe(1);
    } finally {
      await raw.endAsync();
    }
  });
});
