import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli } from '../support/cli-process';
import { tempDir, ticketDoc } from '../support/service-harness';
import { until } from '../support/eventually';
import { fleetFixtures } from './support/fleet-harness';
import { mosquittoMissing } from './support/mosquitto';

const fixtures = fleetFixtures();

describe.skipIf(mosquittoMissing)('npm run cli -- fleet …', { timeout: 60_000 }, () => {
  it('sites lists every shop with its state; print --site prints a document there; a second print with the same id does not', async () => {
    const broker = await fixtures.broker();
    const site = await fixtures.site(broker, 'zaragoza');
    await until(() => site.fleet?.view().state === 'connected', 'the site connected');
    const doc = path.join(tempDir(), 'doc.json');
    fs.writeFileSync(doc, JSON.stringify(ticketDoc('desde la central')));

    const printed = await startCli(['fleet', 'print', '--fleet-url', broker.url, '--site', 'zaragoza', doc, '--id', 'central-1'], {}).done;
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/^central-1: queued \(\d+\/1000\)\ncentral-1: Print completed in \d+ms/);
    const again = await startCli(['fleet', 'print', '--fleet-url', broker.url, '--site', 'zaragoza', doc, '--id', 'central-1'], {}).done;
    expect(again.code).toBe(0);
    expect(site.service.recentJobs(10).filter((job) => job.id === 'central-1')).toHaveLength(1);

    await until(() => site.fleet !== undefined, 'fleet');
    const sites = await startCli(['fleet', 'sites', '--fleet-url', broker.url], {}).done;
    expect(sites.code).toBe(0);
    expect(sites.stdout).toMatch(/^zaragoza · online · Ticketera Virtual Printer: ready · queue \d+\/1000 · seen \d{4}-/m);
    const json = await startCli(['fleet', 'sites', '--fleet-url', broker.url, '--json'], { LANG: 'es_ES.UTF-8' }).done;
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ site: 'zaragoza', online: true, version: expect.any(String) })]);
  });

  it('says what to do when no broker is given, or it cannot be reached, in Spanish too', async () => {
    const run = await startCli(['fleet', 'sites'], { LANG: 'es_ES.UTF-8', TICKETERA_FLEET_URL: '' }).done;
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Falta el bróker/);
    const away = await startCli(['fleet', 'sites', '--fleet-url', 'mqtt://127.0.0.1:1'], { LANG: 'es_ES.UTF-8' }).done;
    expect(away.code).toBe(1);
    expect(away.stderr).toMatch(/No se pudo llegar al bróker/);
  });
});

describe.skipIf(mosquittoMissing)('npm run cli -- fleet watch', { timeout: 60_000 }, () => {
  it('prints each state a shop publishes, live, until stopped', async () => {
    const broker = await fixtures.broker();
    const watching = startCli(['fleet', 'watch', '--fleet-url', broker.url], {});
    await until(() => watching.run.stdout.includes('Watching every site'), 'watching', 15_000);
    await until(() => watching.run.stdout.includes('broker: open'), 'connected', 15_000);
    const site = await fixtures.site(broker, 'huesca');
    await until(() => /huesca · online · /.test(watching.run.stdout), 'the shop seen online', 15_000);
    await site.stop();
    await until(() => /huesca · OFFLINE \(stopped\)/.test(watching.run.stdout), 'the shop seen offline', 15_000);
    watching.child.kill('SIGINT');
    expect((await watching.done).code).toBe(0);
  });
});
