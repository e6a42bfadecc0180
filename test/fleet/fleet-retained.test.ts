import { describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { until } from '../support/eventually';
import { ticketDoc, type TestService } from '../support/service-harness';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing, type Broker } from './support/mosquitto';

const fixtures = fleetFixtures();

/** Publishes one request on a site's requests topic from a raw MQTT 5 client, as a chain's script might. */
async function publishRaw(broker: Broker, site: string, text: string, retain: boolean): Promise<void> {
  const raw = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `raw-${site}-${Date.now()}` });
  try {
    await raw.publishAsync(`ticketera/sites/${site}/requests`, text, { qos: 1, retain });
  } finally {
    await raw.endAsync();
  }
}

const jobCount = (site: TestService): number => site.service.recentJobs(100).length;

describe.skipIf(mosquittoMissing)('a request left retained on a site\'s topic (a chain publishing with retain)', () => {
  it('never prints, however many times the shop starts (Retain Handling 2 at subscribe)', async () => {
    const broker = await fixtures.broker();
    // No id: each start used to take the broker's retained copy as a new ticket (printed 3 times after 2 restarts).
    await publishRaw(broker, 'retenida', JSON.stringify({ tipo: 'ticket', datos: ticketDoc('retenido') }), true);
    let dataDir: string | undefined;
    for (let start = 0; start < 3; start += 1) {
      const site = await fixtures.site(broker, 'retenida', dataDir === undefined ? {} : { dataDir });
      dataDir = site.config.dataDir;
      await until(() => site.fleet?.view().state === 'connected', 'the site connected');
      // A live ticket afterwards proves the subscription works and that anything before it has been handled.
      await publishRaw(broker, 'retenida', JSON.stringify({ tipo: 'ticket', id: `vivo-${start}`, datos: ticketDoc('vivo') }), false);
      await until(() => site.service.job(`vivo-${start}`)?.state === 'success', 'the live ticket printed');
      expect(jobCount(site)).toBe(start + 1);
      // Mosquitto honours Retain Handling 2: the retained copy was never even sent (the retain-flag check is not needed).
      expect(site.fleet?.view().refused.retained).toBe(0);
      await site.stop();
    }
  });

  it('ignores a request that arrives with the retain flag anyway, says so in the log and on the fleet card', async () => {
    const broker = await fixtures.broker();
    // The site's session is made beforehand with Retain As Published, so a retained publish reaches it queued with
    // its retain flag (as a broker that ignores Retain Handling, or kept flags, would deliver it).
    const session = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: 'ticketera-site-bandera', clean: false, properties: { sessionExpiryInterval: 600 } });
    await session.subscribeAsync('ticketera/sites/bandera/requests', { qos: 1, rap: true, rh: 2 });
    await session.endAsync();
    await publishRaw(broker, 'bandera', JSON.stringify({ tipo: 'ticket', id: 'retenido-1', datos: ticketDoc('retenido') }), true);
    const lines: string[] = [];
    const site = await fixtures.site(broker, 'bandera', {}, {}, { log: (line) => lines.push(line) });
    await until(() => site.fleet?.view().refused.retained === 1, 'the retained request counted');
    expect(lines.some((line) => /ignored a retained request on ticketera\/sites\/bandera\/requests/.test(line))).toBe(true);
    await publishRaw(broker, 'bandera', JSON.stringify({ tipo: 'ticket', id: 'vivo', datos: ticketDoc('vivo') }), false);
    await until(() => site.service.job('vivo')?.state === 'success', 'the live ticket printed');
    expect(site.service.job('retenido-1')).toBeUndefined();
    expect(site.fleet?.view().refused.retained).toBe(1);
  });
});
