import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { Broker, mosquittoMissing } from './support/mosquitto';

/**
 * A shop running `serve` for a chain could not tell from its output whether remote printing was on, nor when the
 * broker went away and came back: the start-up lines now name the site and broker, and the log follows the connection.
 */
let service: ServiceProcess | undefined;
let broker: Broker | undefined;

afterEach(async () => {
  service?.child.kill('SIGKILL');
  await service?.exited;
  await broker?.remove();
  service = undefined;
  broker = undefined;
});

const dataDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-fleet-log-'));

describe.skipIf(mosquittoMissing)('remote printing in the output of serve', () => {
  it('names the site and broker at start, then logs connected, the loss and connected again', async () => {
    broker = await Broker.start();
    service = await spawnService(['--data-dir', dataDir(), '--printer', 'virtual', '--fleet-url', broker.url, '--fleet-site', 'zaragoza']);
    expect(service.output()).toContain(`remote printing (MQTT fleet): site zaragoza via ${broker.url} (connecting; changes are logged)`);
    await expect.poll(() => service!.output()).toContain(`Fleet: connected to ${broker.url} as site zaragoza`);

    const connections = (): number => service!.output().match(/Fleet: connected to/g)?.length ?? 0;
    const before = connections();
    await broker.stop();
    await expect.poll(() => service!.output()).toMatch(/Fleet: mqtt:\/\/127\.0\.0\.1:\d+: (read ECONNRESET|connect ECONNREFUSED)/);
    await broker.launch();
    await expect.poll(connections).toBeGreaterThan(before);
  });

  it('says remote printing is off when no broker is configured', async () => {
    service = await spawnService(['--data-dir', dataDir(), '--printer', 'virtual']);
    expect(service.output()).toContain('remote printing (MQTT fleet): off');
  });
});
