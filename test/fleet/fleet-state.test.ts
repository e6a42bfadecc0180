import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { until } from '../support/eventually';
import { startTcpPrinterSimulator } from '../support/printer-simulator';
import { FAST_MONITOR_TIMING, linesReceipt } from '../support/printer-status-harness';
import { spawnService } from '../support/service-process';
import { tempDir, ticketDoc } from '../support/service-harness';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing, type Broker } from './support/mosquitto';

const fixtures = fleetFixtures();

/** The retained state of a site as a newcomer to the broker reads it. */
async function retainedState(broker: Broker, site: string): Promise<Record<string, unknown>> {
  const reader = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `reader-${Math.random()}` });
  try {
    const got = new Promise<Record<string, unknown>>((resolve) => reader.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()) as Record<string, unknown>)));
    await reader.subscribeAsync(`ticketera/sites/${site}/state`, { qos: 1 });
    return await got;
  } finally {
    await reader.endAsync();
  }
}

describe.skipIf(mosquittoMissing)('a site\'s retained state, its last will, and the window\'s view of the connection', { timeout: 60_000 }, () => {
  it('publishes the /health fields, printers with their status, held tickets and the version; again after a ticket', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'norte');
    await until(() => site.fleet?.view().state === 'connected', 'connected');
    const chain = fixtures.chain(broker, { site: 'norte' });
    await until(() => chain.state === 'open', 'chain open');
    const state = await retainedState(broker, 'norte');
    expect(state).toMatchObject({
      online: true,
      site: 'norte',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      health: { status: 'ok', queue: { capacity: 1_000 }, worker: expect.any(Object), printers: expect.any(Object), build: expect.any(Object) },
      printers: [expect.objectContaining({ is_virtual: true, status: 'ready' })],
      held: { count: 0, ids: [] },
      lastTicketAt: null,
    });
    await chain.print(ticketDoc() as never, { id: 'estado-1' });
    await until(() => site.fleet?.view().lastTicketAt !== null, 'ticket seen');
    const later = async (): Promise<unknown> => (await retainedState(broker, 'norte'))['lastTicketAt'];
    for (let tries = 0; tries < 40 && (await later()) === null; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await later()).toBe(site.fleet?.view().lastTicketAt);
    const [seen] = await chain.sites(300);
    expect(seen).toMatchObject({ site: 'norte', online: true });
  });

  it('a printer out of paper shows in the state: its live status, and the ticket it holds', async () => {
    const printer = await startTcpPrinterSimulator();
    try {
      const broker = await fixtures.broker();
      const site = await fixtures.site(
        broker,
        'papel',
        { printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }] },
        {},
        { monitorTiming: FAST_MONITOR_TIMING },
      );
      await until(() => site.fleet?.view().state === 'connected', 'connected');
      await until(() => site.service.printerStatuses().some((status) => status.link === 'answering'), 'the printer answering');
      printer.paperOutAfterLines(1);
      const chain = fixtures.chain(broker, { site: 'papel' });
      await expect(chain.print(linesReceipt(['uno', 'dos', 'tres']) as never, { id: 'sin-papel-1' })).rejects.toMatchObject({ kind: 'print-failed', category: 'PRINTER' });
      let state = await retainedState(broker, 'papel');
      for (let tries = 0; tries < 50 && (state['held'] as { count: number }).count === 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = await retainedState(broker, 'papel');
      }
      expect(state).toMatchObject({
        held: { count: 1, ids: ['sin-papel-1'] },
        printers: expect.arrayContaining([expect.objectContaining({ name: printer.uri, live: expect.objectContaining({ paper: 'out', blocker: 'paper-out' }) })]),
      });
    } finally {
      await printer.close();
    }
  });

  it('the broker publishes "offline" when a site dies (kill -9); a clean stop says "stopped"', async () => {
    const broker = await fixtures.broker();
    const args = ['--fleet-url', broker.url, '--fleet-site', 'sur', '--printer', 'virtual', '--data-dir', tempDir()];
    const site = await spawnService(args);
    await until(() => site.output().includes('Fleet: connected'), 'site connected', 15_000);
    expect(await retainedState(broker, 'sur')).toMatchObject({ online: true });
    site.child.kill('SIGKILL');
    await site.exited;
    let state = await retainedState(broker, 'sur');
    for (let tries = 0; tries < 50 && state['online'] === true; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await retainedState(broker, 'sur');
    }
    expect(state).toMatchObject({ online: false, site: 'sur', reason: 'connection lost' });

    const again = await spawnService(args);
    await until(() => again.output().includes('Fleet: connected'), 'site connected again', 15_000);
    again.child.kill('SIGTERM');
    await again.exited;
    expect(await retainedState(broker, 'sur')).toMatchObject({ online: false, reason: 'stopped' });
  });

  it('the window sees reconnecting and why while the broker is away, connected again after', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'este');
    await until(() => site.fleet?.view().state === 'connected', 'connected');
    await broker.stop();
    await until(() => site.fleet?.view().state === 'reconnecting', 'reconnecting');
    await until(() => site.fleet?.view().problem !== null, 'a reason');
    expect(site.fleet?.view().problem).toMatch(/ECONNREFUSED|connection lost|close/i);
    await broker.launch();
    await until(() => site.fleet?.view().state === 'connected', 'connected again', 15_000);
    expect(site.fleet?.view().problem).toBeNull();
  });
});

describe.skipIf(mosquittoMissing)('the broker never holds up the local service', { timeout: 60_000 }, () => {
  it('a CA file that cannot be read is reported, and the service prints locally all the same', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'sin-ca', {}, { caFile: '/nonexistent/ca.pem' });
    expect(site.fleet?.view()).toMatchObject({ state: 'reconnecting', problem: 'cannot read /nonexistent/ca.pem (ENOENT)' });
    const local = await site.connect();
    local.send({ tipo: 'ticket', id: 'local-1', datos: ticketDoc() });
    await expect(local.next('result')).resolves.toMatchObject({ id: 'local-1', status: 'success' });
    local.close();
  });

  it('stopping (a settings change, quitting) does not wait for a broker that is away', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'parada');
    await until(() => site.fleet?.view().state === 'connected', 'connected');
    await broker.stop();
    await until(() => site.fleet?.view().state === 'reconnecting', 'reconnecting');
    const started = Date.now();
    await site.stop();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('never writes the broker password to the log', async () => {
    const broker = await fixtures.broker();
    const site = await spawnService(['--fleet-url', broker.url, '--fleet-site', 'secreta', '--printer', 'virtual', '--data-dir', tempDir()], 20_000, undefined, {
      env: { TICKETERA_FLEET_USERNAME: 'secreta', TICKETERA_FLEET_PASSWORD: 'pw-que-no-se-ve-1234' },
    });
    try {
      await until(() => site.output().includes('Fleet: connected'), 'connected', 15_000);
      await broker.stop();
      await until(() => site.output().includes('ECONNREFUSED'), 'the refusal logged', 15_000);
      expect(site.output()).not.toContain('pw-que-no-se-ve-1234');
    } finally {
      site.child.kill('SIGKILL');
      await site.exited;
    }
  });
});
