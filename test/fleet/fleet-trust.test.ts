import mqtt, { type IPublishPacket } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { until } from '../support/eventually';
import { ticketDoc } from '../support/service-harness';
import { ACL_EXAMPLE } from './support/acl-example';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing } from './support/mosquitto';

const fixtures = fleetFixtures();

// The docs' users: each shop's MQTT user name is its site name (the ACL's %u).
const USERS = [
  { name: 'chain', password: 'chain-pw' },
  { name: 'madrid-01', password: 'madrid-pw' },
  { name: 'evil-shop', password: 'evil-pw' },
];

/** What a forged reply must not do within this long: settle the chain's promise. */
const FORGERY_WINDOW_MS = 1_500;

const settledWithin = async (promise: Promise<unknown>, ms: number): Promise<boolean> => {
  let settled = false;
  promise.then(() => (settled = true), () => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
};

describe.skipIf(mosquittoMissing)('trust between sites, with the docs\' ACL on a real Mosquitto', { timeout: 60_000 }, () => {
  it("a shop cannot answer for another shop's ticket or status: its forged replies are dropped and counted", async () => {
    const broker = await fixtures.broker({ users: USERS, acl: ACL_EXAMPLE });
    // evil-shop with only its own credentials: it reads what is sent to it and writes on its own replies topic.
    const evil = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: 'evil', username: 'evil-shop', password: 'evil-pw' });
    const learned: IPublishPacket[] = [];
    evil.on('message', (_topic, _payload, packet) => learned.push(packet));
    await evil.subscribeAsync('ticketera/sites/evil-shop/requests', { qos: 1 });

    // madrid-01 is offline the whole time; the chain first sends evil-shop a ticket of its own, then madrid-01's.
    // Asked about again every second: madrid-01 never had a session, so the broker kept no first copy for it.
    const chain = fixtures.chain(broker, { username: 'chain', password: 'chain-pw', resultTimeoutMs: 60_000, ackTimeoutMs: 60_000, askAgainMs: 1_000 });
    void chain.print(ticketDoc('cebo') as never, { site: 'evil-shop', id: 'cebo' }).catch(() => undefined);
    await until(() => learned.length > 0, 'a request reached evil-shop');
    const bait = learned[0] as IPublishPacket;
    const replyTopic = bait.properties?.responseTopic as string;
    expect(replyTopic).toMatch(/^ticketera\/sites\/evil-shop\/replies\//);
    const pedido = chain.print(ticketDoc('pedido 88') as never, { site: 'madrid-01', id: 'pedido-88' });
    const status = chain.status({ site: 'madrid-01' });
    status.catch(() => undefined);

    // It cannot write on madrid-01's replies topic (PUBACK 0x87)…
    const madridReplies = replyTopic.replace('/evil-shop/', '/madrid-01/');
    await expect(evil.publishAsync(madridReplies, JSON.stringify({ tipo: 'result', id: 'pedido-88', status: 'success', mensaje: 'Print completed in 41ms' }), { qos: 1 })).rejects.toMatchObject({ code: 0x87 });

    // …so it answers on its own, with the correlation it learned and with every correlation it can guess.
    const correlations = [bait.properties?.correlationData, Buffer.from('t:pedido-88'), Buffer.from('pedido-88'), ...[1, 2, 3].map((n) => Buffer.from(`r:${n}`)), undefined];
    const forgeries = [
      { tipo: 'ack', id: 'pedido-88', status: 'queued', current: 1, capacity: 100, mensaje: 'queued' },
      { tipo: 'result', id: 'pedido-88', status: 'success', mensaje: 'Print completed in 41ms' },
      { tipo: 'error', id: 'pedido-88', status: 'error', mensaje: 'VALIDATION: ticket caducado' },
      { tipo: 'status', status: 'ok', current: 0, capacity: 100, mensaje: 'ok' },
    ];
    let sent = 0;
    for (const correlationData of correlations) {
      for (const forged of forgeries) {
        await evil.publishAsync(replyTopic, JSON.stringify(forged), { qos: 1, properties: correlationData ? { correlationData } : {} });
        sent += 1;
      }
    }
    expect(await settledWithin(pedido, FORGERY_WINDOW_MS)).toBe(false);
    expect(await settledWithin(status, 0)).toBe(false);
    // Every forged reply was dropped; the one with the bait's correlation on evil-shop's own topic was not about the bait's id either.
    await until(() => chain.droppedReplies >= sent, `${sent} dropped replies (${chain.droppedReplies})`);

    // When madrid-01 comes back, its real answer is believed: printed once, no second copy from a forged "expired".
    const madrid = await fixtures.site(broker, 'madrid-01', {}, { username: 'madrid-01', password: 'madrid-pw' });
    await expect(pedido).resolves.toMatchObject({ id: 'pedido-88' });
    expect(madrid.service.job('pedido-88')).toMatchObject({ state: 'success', reprints: 0 });
    await evil.endAsync();
  });

  it('a reply from the right site still needs the correlation of its request', async () => {
    const broker = await fixtures.broker({ users: USERS, acl: ACL_EXAMPLE });
    // A buggy madrid-01 (its own credentials) that answers with another request's correlation, or a guessed one.
    const buggy = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: 'buggy', username: 'madrid-01', password: 'madrid-pw' });
    const requests: IPublishPacket[] = [];
    buggy.on('message', (_topic, _payload, packet) => requests.push(packet));
    await buggy.subscribeAsync('ticketera/sites/madrid-01/requests', { qos: 1 });
    const chain = fixtures.chain(broker, { site: 'madrid-01', username: 'chain', password: 'chain-pw', resultTimeoutMs: 60_000, ackTimeoutMs: 60_000, askAgainMs: 60_000 });
    const first = chain.print(ticketDoc('uno') as never, { id: 'uno' });
    const second = chain.print(ticketDoc('dos') as never, { id: 'dos' });
    await until(() => requests.length >= 2, 'both requests reached madrid-01');
    const [one, two] = requests as [IPublishPacket, IPublishPacket];
    const topic = one.properties?.responseTopic as string;
    // Correlation data differs per request and is not the id or a counter.
    expect(one.properties?.correlationData?.toString()).not.toBe(two.properties?.correlationData?.toString());
    expect(one.properties?.correlationData?.toString()).toMatch(/^t:[0-9a-f]{32}$/);
    // "dos" answered with "uno"'s correlation, and with a guess: neither settles "dos".
    await buggy.publishAsync(topic, JSON.stringify({ tipo: 'result', id: 'dos', status: 'success', mensaje: 'ok' }), { qos: 1, properties: { correlationData: one.properties?.correlationData as Buffer } });
    await buggy.publishAsync(topic, JSON.stringify({ tipo: 'result', id: 'dos', status: 'success', mensaje: 'ok' }), { qos: 1, properties: { correlationData: Buffer.from('t:dos') } });
    await until(() => chain.droppedReplies === 2, 'two dropped replies');
    expect(await settledWithin(second, 300)).toBe(false);
    // The right correlation from the right site is believed; a late copy of it is ignored, not counted.
    const result = JSON.stringify({ tipo: 'result', id: 'uno', status: 'success', mensaje: 'ok' });
    await buggy.publishAsync(topic, result, { qos: 1, properties: { correlationData: one.properties?.correlationData as Buffer } });
    await expect(first).resolves.toMatchObject({ id: 'uno', mensaje: 'ok' });
    await buggy.publishAsync(topic, result, { qos: 1, properties: { correlationData: one.properties?.correlationData as Buffer } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(chain.droppedReplies).toBe(2);
    second.catch(() => undefined);
    await buggy.endAsync();
  });
});
