import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src/shared/protocol';
import { until } from '../support/eventually';
import { ticketDoc } from '../support/service-harness';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing, type Broker } from './support/mosquitto';

const fixtures = fleetFixtures();
const REQUESTS = 'ticketera/sites/centro/requests';
const REPLIES = 'ticketera/sites/centro/replies/hostile';

async function hostile(broker: Broker): Promise<{ client: MqttClient; replies: Array<Record<string, unknown>>; send(payload: string | Buffer, correlation?: string): Promise<unknown> }> {
  const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `hostile-${Math.random()}` });
  const replies: Array<Record<string, unknown>> = [];
  client.on('message', (_topic, payload) => replies.push(JSON.parse(payload.toString()) as Record<string, unknown>));
  await client.subscribeAsync(REPLIES, { qos: 1 });
  return {
    client,
    replies,
    send: (payload, correlation = 'c') =>
      client.publishAsync(REQUESTS, payload, { qos: 1, properties: { responseTopic: REPLIES, correlationData: Buffer.from(correlation) } }),
  };
}

describe.skipIf(mosquittoMissing)('a hostile publisher gets what it would get on the WebSocket, and the site keeps printing', { timeout: 120_000 }, () => {
  it('malformed messages get the protocol\'s own error texts', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'centro');
    const bad = await hostile(broker);
    try {
      await bad.send('{not json', 'a');
      await bad.send('[1,2]', 'b');
      await bad.send(JSON.stringify({ id: 'x' }), 'c');
      await bad.send(JSON.stringify({ tipo: 'borrar_todo', id: 'y' }), 'd');
      await bad.send(JSON.stringify({ tipo: 'ticket', id: 'z' }), 'e');
      await bad.send(JSON.stringify({ tipo: 'ticket', id: 'i'.repeat(300), datos: ticketDoc() }), 'f');
      await bad.send(Buffer.from([0xff, 0xfe, 0x00]), 'g');
      await until(() => bad.replies.length >= 7, 'seven answers');
      expect(bad.replies.map((reply) => reply['mensaje'])).toEqual([
        expect.stringMatching(/^JSON: invalid JSON/),
        'JSON: the message must be a JSON object',
        "JSON: field 'tipo' is required",
        ERROR_TEXT.unknownType('borrar_todo'),
        ERROR_TEXT.datosRequired,
        "JSON: field 'id' must be at most 256 characters",
        expect.stringMatching(/^JSON: invalid JSON/),
      ]);
      // A response topic outside this site's replies is never written to (the site is no reflector).
      const elsewhere = mqtt.connect(broker.url, { protocolVersion: 5, clientId: 'elsewhere' });
      const reflected: string[] = [];
      elsewhere.on('message', (topic) => reflected.push(topic));
      await elsewhere.subscribeAsync('victim/#', { qos: 1 });
      await bad.client.publishAsync(REQUESTS, JSON.stringify({ tipo: 'status' }), { qos: 1, properties: { responseTopic: 'victim/inbox' } });
      await bad.send(JSON.stringify({ tipo: 'status' }), 'h');
      await until(() => bad.replies.length >= 8, 'the status answer on its own topic');
      expect(reflected).toEqual([]);
      // The window's "last ticket received" is about tickets taken, not whatever was published.
      expect(site.fleet?.view()).toMatchObject({ lastTicketAt: null, messagesReceived: 9 });
      await elsewhere.endAsync();
    } finally {
      await bad.client.endAsync();
    }
  });

  it('an oversized message never reaches the site (the broker honours its Maximum Packet Size); the next ticket prints', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'centro', { maxFrameBytes: 64 * 1024 });
    const bad = await hostile(broker);
    const chain = fixtures.chain(broker, { site: 'centro' });
    try {
      const huge = JSON.stringify({ tipo: 'ticket', id: 'enorme', datos: { ...ticketDoc(), padding: 'x'.repeat(1024 * 1024) } });
      await bad.send(huge);
      await expect(chain.print(ticketDoc('después') as never, { id: 'after-huge' })).resolves.toMatchObject({ id: 'after-huge' });
      expect(site.service.job('enorme')).toBeUndefined();
      expect(bad.replies).toEqual([]);
    } finally {
      await bad.client.endAsync();
    }
  });

  it('a message over --max-frame-bytes that the broker still sends (within its packet margin) is refused unread, counted, and the site goes on', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'centro', { maxFrameBytes: 2_048 });
    const bad = await hostile(broker);
    const chain = fixtures.chain(broker, { site: 'centro' });
    try {
      await bad.send(JSON.stringify({ tipo: 'ticket', id: 'grande', datos: { ...ticketDoc(), padding: 'x'.repeat(10_000) } }));
      await until(() => site.fleet?.view().refused.oversized === 1, 'the oversized one refused');
      await expect(chain.print(ticketDoc('sigue') as never, { id: 'after-big' })).resolves.toMatchObject({ id: 'after-big' });
      expect(site.service.job('grande')).toBeUndefined();
      expect(bad.replies).toEqual([]);
    } finally {
      await bad.client.endAsync();
    }
  });

  it('a flood (thousands of malformed messages, tickets without a reply address) is limited like one WebSocket connection, while the chain\'s own tickets print', async () => {
    const broker = await fixtures.broker();
    // The WebSocket's defaults: 30 tickets a minute per requester, queue of 100.
    const site = await fixtures.site(broker, 'centro', { rateLimit: 30, queueCapacity: 100 });
    const flooder = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: 'flooder' });
    const chain = fixtures.chain(broker, { site: 'centro' });
    try {
      const flood: Array<Promise<unknown>> = [];
      for (let index = 0; index < 3_000; index += 1) flood.push(flooder.publishAsync(REQUESTS, `{"tipo": ${index}`, { qos: 1 }));
      for (let index = 0; index < 300; index += 1) {
        flood.push(flooder.publishAsync(REQUESTS, JSON.stringify({ tipo: 'ticket', id: `flood-${index}`, datos: ticketDoc('spam') }), { qos: 1 }));
      }
      const started = Date.now();
      const legit = Array.from({ length: 10 }, (_, index) => chain.print(ticketDoc(`mesa ${index}`) as never, { id: `mesa-${index}` }));
      await expect(Promise.all(legit)).resolves.toHaveLength(10);
      const legitMs = Date.now() - started;
      await Promise.all(flood);
      const flooded = site.service.recentJobs(500).filter((job) => job.id.startsWith('flood-')).length;
      // One requester's window: 30 tickets a minute, the rest refused with the WebSocket's text (no one to tell).
      expect(flooded).toBeLessThanOrEqual(30);
      expect(legitMs).toBeLessThan(30_000);
      expect(site.fleet?.view().refused.noReplyTopic).toBeGreaterThan(3_000);
    } finally {
      await flooder.endAsync();
    }
  });
});
