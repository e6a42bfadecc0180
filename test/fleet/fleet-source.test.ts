// A ticket sent through the chain's broker says where it came from: remote printing, from the requester's name (the
// last level of its reply topic, its MQTT client id in the chain's client), kept in the journal (issue 32, round 4).
import { describe, expect, it } from 'vitest';
import { ticketDoc } from '../support/service-harness';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing } from './support/mosquitto';

const fixtures = fleetFixtures();

describe.skipIf(mosquittoMissing)('where a remote ticket came from', () => {
  it("is the chain requester's name, kept with the job", async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'cadiz');
    const chain = fixtures.chain(broker, { site: 'cadiz', clientId: 'tpv-nube' });
    await chain.print(ticketDoc('Pedido 12') as never, { id: 'pedido-12' });
    expect(site.service.job('pedido-12')?.source).toEqual({ kind: 'fleet', label: 'tpv-nube' });
  });
});
