import { afterEach } from 'vitest';
import { connectFleet, type FleetClient, type FleetOptions } from '../../../clients/js/src/fleet.mjs';
import type { FleetConfig } from '../../../src/main/services/fleet/fleet-config';
import type { HostOptions } from '../../../src/main/service-host';
import type { ServiceConfig } from '../../../src/main/services/service-config';
import { startTestService, tempDir, type TestService } from '../../support/service-harness';
import { Broker, type BrokerOptions } from './mosquitto';

export const fleetConfig = (broker: Broker, site: string, extra: Partial<FleetConfig> = {}): FleetConfig => ({
  url: broker.url,
  site,
  username: undefined,
  password: undefined,
  caFile: undefined,
  certFile: undefined,
  keyFile: undefined,
  ticketExpiryMinutes: 60,
  ...extra,
});

/** Brokers, sites and chain clients for one test file, all ended after each test. */
export function fleetFixtures(): {
  broker(options?: BrokerOptions): Promise<Broker>;
  site(broker: Broker, site: string, overrides?: Partial<ServiceConfig>, fleet?: Partial<FleetConfig>, host?: HostOptions): Promise<TestService>;
  chain(broker: Broker, options?: FleetOptions): FleetClient;
} {
  const brokers: Broker[] = [];
  const sites: TestService[] = [];
  const chains: FleetClient[] = [];
  afterEach(async () => {
    await Promise.all(chains.splice(0).map((chain) => chain.close()));
    await Promise.all(sites.splice(0).map((site) => site.stop().catch(() => undefined)));
    await Promise.all(brokers.splice(0).map((broker) => broker.remove()));
    // Twenty services close twenty journals (a checkpoint and an fsync each, on this thread): minutes on a 2-core
    // machine whose disk other suites keep busy.
  }, 300_000);
  return {
    async broker(options) {
      const broker = await Broker.start(options);
      brokers.push(broker);
      return broker;
    },
    async site(broker, site, overrides = {}, fleet = {}, host = {}) {
      const service = await startTestService(
        { rateLimit: 0, queueCapacity: 1_000, dataDir: tempDir(`ticketera-site-${site}-`), ...overrides, fleet: fleetConfig(broker, site, fleet) },
        { fleetTiming: { reconnectMs: 300, stateAtMostEveryMs: 200, stateEveryMs: 5_000 }, ...host },
      );
      sites.push(service);
      return service;
    },
    chain(broker, options = {}) {
      const chain = connectFleet(broker.url, { reconnectMs: 300, ...options });
      chains.push(chain);
      return chain;
    },
  };
}

/** How many times each ticket id reached a printer (the journal's job rows say it once; the virtual printer's files too). */
export function printedOnce(service: TestService, ids: string[]): { missing: string[]; notSuccess: string[] } {
  const missing: string[] = [];
  const notSuccess: string[] = [];
  for (const id of ids) {
    const job = service.service.job(id);
    if (!job) missing.push(id);
    else if (job.state !== 'success' || job.reprints !== 0) notSuccess.push(`${id}:${job.state}`);
  }
  return { missing, notSuccess };
}
