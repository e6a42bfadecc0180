import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCupsDiscovery } from '../../src/main/platform/cups/cups-discovery';
import { createSystemPrinterCatalog } from '../../src/main/platform/system-printers';
import { createTransportFactory } from '../../src/main/platform/transport-factory';
import type { PrinterDetail } from '../../src/shared/printers';
import { addRawQueue, describeWithCups, ensureCupsd, removeQueue, testQueueName } from '../support/cups';
import { startTcpSink, type TcpSink } from '../support/tcp-sink';

const exec = promisify(execFile);

describeWithCups('CUPS end to end (real cupsd, raw queues on loopback sink printers)', () => {
  let receipt: TcpSink;
  let laser: TcpSink;
  const thermalQueue = testQueueName('tm');
  const laserQueue = testQueueName('laser');
  const stoppedQueue = testQueueName('stopped');
  const deadQueue = testQueueName('dead');
  let deadPort = 0;

  beforeAll(async () => {
    await ensureCupsd();
    receipt = await startTcpSink();
    laser = await startTcpSink();
    const dead = await startTcpSink();
    deadPort = dead.port;
    await dead.close();
    await addRawQueue(thermalQueue, receipt.port, { description: 'EPSON TM-T88V Receipt' });
    await addRawQueue(laserQueue, laser.port, { description: 'HP LaserJet Pro' });
    await addRawQueue(stoppedQueue, laser.port, { enabled: false });
    await addRawQueue(deadQueue, deadPort);
  });

  afterAll(async () => {
    for (const queue of [thermalQueue, laserQueue, stoppedQueue, deadQueue]) await removeQueue(queue);
    await receipt?.close();
    await laser?.close();
  });

  const factory = () => createTransportFactory({ virtualDir: '/nonexistent', cups: { completionTimeoutMs: 2_500, pollIntervalMs: 100 } });

  it('lists the queues from real lpstat output with device, driver, status and classification', async () => {
    const discovered = await createCupsDiscovery().discover();
    expect(discovered.find((printer) => printer.name === thermalQueue)).toEqual({
      name: thermalQueue,
      uri: `cups:${thermalQueue}`,
      port: `socket://127.0.0.1:${receipt.port}`,
      driver: 'Local Raw Printer',
      status: 'ready',
      isDefault: false,
      hints: ['EPSON TM-T88V Receipt'],
    });
    expect(discovered.find((printer) => printer.name === stoppedQueue)?.status).toBe('paused');

    const { printers, summary } = await createSystemPrinterCatalog().list();
    const byName = new Map(printers.map((printer): [string, PrinterDetail] => [printer.name, printer]));
    expect(byName.get(thermalQueue)).toMatchObject({ printer_type: 'thermal', is_virtual: false, status: 'ready' });
    expect(byName.get(laserQueue)).toMatchObject({ printer_type: 'network', is_virtual: false });
    expect(byName.get('Ticketera Virtual Printer')).toMatchObject({ printer_type: 'virtual', is_virtual: true });
    expect(summary.status).toBe('ok');
    expect(summary.thermal_count).toBeGreaterThanOrEqual(1);
    expect(summary.detected_count).toBe(printers.length);
  });

  it('prints through a raw queue: the sink receives exactly the job bytes', async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 13 + (index >> 8)) % 256);
    const before = receipt.jobs.length;
    await factory()(`cups:${thermalQueue}`).send({ id: 'e2e-1', bytes });
    const jobs = await receipt.waitForJobs(before + 1, 5_000);
    expect(jobs[before]?.equals(Buffer.from(bytes))).toBe(true);
  });

  it('turns a printer that is down into a PRINTER error in bounded time, and cancels the job', async () => {
    const started = Date.now();
    await expect(factory()(`cups:${deadQueue}`).send({ id: 'e2e-2', bytes: Uint8Array.of(0x1b, 0x40) })).rejects.toThrow(
      new RegExp(`^PRINTER: CUPS queue "${deadQueue}" did not print job ${deadQueue}-\\d+ within 2500 ms.*the job was cancelled`),
    );
    expect(Date.now() - started).toBeLessThan(6_000);
    const { stdout } = await exec('lpstat', ['-W', 'not-completed', '-o', deadQueue], { env: { ...process.env, LC_ALL: 'C' } });
    expect(stdout.trim()).toBe('');
  });

  it('refuses a stopped queue at once', async () => {
    await expect(factory()(`cups:${stoppedQueue}`).send({ id: 'e2e-3', bytes: Uint8Array.of(1) })).rejects.toThrow(
      `PRINTER: CUPS queue "${stoppedQueue}" is stopped`,
    );
  });

  it('npm run cli -- printers --json prints the protocol listing', async () => {
    const { stdout, stderr } = await exec(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/main/cli/index.ts', 'printers', '--json'], {
      cwd: process.cwd(),
    });
    const parsed = JSON.parse(stdout) as { printers: PrinterDetail[]; summary: Record<string, unknown> };
    expect(Object.keys(parsed)).toEqual(['printers', 'summary']);
    expect(parsed.printers.find((printer) => printer.name === thermalQueue)).toEqual({
      name: thermalQueue,
      port: `socket://127.0.0.1:${receipt.port}`,
      driver: 'Local Raw Printer',
      status: 'ready',
      is_default: false,
      is_virtual: false,
      printer_type: 'thermal',
    });
    expect(Object.keys(parsed.summary)).toEqual(['status', 'detected_count', 'thermal_count', 'default_name']);
    expect(stderr).toContain('USB printers without bidirectional support');
  });
});
