import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { until } from '../support/eventually';
import { ticketDoc } from '../support/service-harness';
import { ACL_EXAMPLE } from './support/acl-example';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing } from './support/mosquitto';

const fixtures = fleetFixtures();

const USERS = [
  { name: 'chain', password: 'chain-pw' },
  { name: 'madrid', password: 'madrid-pw' },
  { name: 'sevilla', password: 'sevilla-pw' },
];

describe.skipIf(mosquittoMissing)('the example ACL, enforced by a real Mosquitto', { timeout: 60_000 }, () => {
  it("a site's credentials cannot read another site's tickets, print there, or publish its state", async () => {
    const broker = await fixtures.broker({ users: USERS, acl: ACL_EXAMPLE });
    const madrid = await fixtures.site(broker, 'madrid', {}, { username: 'madrid', password: 'madrid-pw' });
    await fixtures.site(broker, 'sevilla', {}, { username: 'sevilla', password: 'sevilla-pw' });
    await until(() => madrid.fleet?.view().state === 'connected', 'madrid connected');

    // Sevilla's credentials, trying to listen to Madrid's tickets and to pass for Madrid.
    const spy = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: 'spy', username: 'sevilla', password: 'sevilla-pw' });
    const overheard: string[] = [];
    spy.on('message', (topic) => overheard.push(topic));
    // Mosquitto grants the subscriptions and then delivers nothing the ACL does not let this user read.
    await spy.subscribeAsync(['ticketera/sites/madrid/requests', 'ticketera/sites/madrid/replies/#', 'ticketera/sites/+/requests', 'ticketera/sites/madrid/state'], { qos: 1 });
    // MQTT 5: the broker answers PUBACK 0x87 (not authorized) and drops the message.
    const forged = spy.publishAsync('ticketera/sites/madrid/state', JSON.stringify({ online: false, site: 'madrid', reason: 'forged' }), { qos: 1, retain: true });
    await expect(forged).rejects.toMatchObject({ code: 0x87 });
    const sneaked = spy.publishAsync('ticketera/sites/madrid/requests', JSON.stringify({ tipo: 'ticket', id: 'colado', datos: ticketDoc() }), { qos: 1 });
    await expect(sneaked).rejects.toMatchObject({ code: 0x87 });

    // The chain prints in Madrid as usual, and reads Madrid's real state.
    const chain = fixtures.chain(broker, { site: 'madrid', username: 'chain', password: 'chain-pw' });
    await expect(chain.print(ticketDoc('legítimo') as never, { id: 'legit-1' })).resolves.toMatchObject({ id: 'legit-1' });
    const states = await chain.sites(500);
    expect(states.find((state) => state.site === 'madrid')).toMatchObject({ online: true });
    expect(madrid.service.job('colado')).toBeUndefined();
    await chain.print(ticketDoc('otro') as never, { id: 'legit-2' });
    // Not a ticket, reply or state of Madrid's reached Sevilla's credentials.
    expect(overheard).toEqual([]);
    await spy.endAsync();

    // Without credentials, nothing at all.
    const anonymous = mqtt.connect(broker.url, { protocolVersion: 5, clientId: 'anon', reconnectPeriod: 0 });
    const refusal = await new Promise<Error>((resolve) => anonymous.once('error', resolve));
    expect(refusal.message).toMatch(/Not authorized|Bad User Name or Password/i);
    anonymous.end(true);
  });

  it("a site with the wrong password is told why, in the window's view", async () => {
    const broker = await fixtures.broker({ users: USERS, acl: ACL_EXAMPLE });
    const site = await fixtures.site(broker, 'madrid', {}, { username: 'madrid', password: 'wrong' });
    await until(() => site.fleet?.view().problem !== null, 'a reason');
    expect(site.fleet?.view()).toMatchObject({ state: expect.stringMatching(/connecting|reconnecting/), problem: expect.stringMatching(/Not authorized|Bad User Name or Password/i) });
  });
});
