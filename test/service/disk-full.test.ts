import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { HealthResponse } from '../../src/shared/protocol';
import { JobJournal } from '../../src/main/services/journal/job-journal';
import { ticketDoc, withServices } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { startTcpSink, type TcpSink } from '../support/tcp-sink';
import { describeWithTmpfs, mountSmallVolume, type SmallVolume } from '../support/tmpfs';

const startService = withServices();
let volume: SmallVolume | undefined;
let sink: TcpSink | undefined;
let running: ServiceProcess | undefined;

afterEach(async () => {
  running?.child.kill('SIGKILL');
  if (running) await running.exited;
  running = undefined;
  await sink?.close();
  sink = undefined;
  volume?.unmount();
  volume = undefined;
});

const healthAt = async (baseUrl: string): Promise<HealthResponse> => (await fetch(`${baseUrl}/health`)).json() as Promise<HealthResponse>;
const FULL_DISK_ERROR = /^EXECUTION: the ticket could not be saved: the disk is full \(.*journal\.sqlite: \w+\)$/;

describeWithTmpfs('a full disk', () => {
  it('refuses the ticket it cannot store with a clear error, says so on /health, and takes tickets again once space returns', async () => {
    volume = mountSmallVolume(2048);
    sink = await startTcpSink();
    const service = await startService({ dataDir: volume.dir, printer: sink.uri });
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'antes', datos: ticketDoc('Antes') });
    expect((await client.next('result', (message) => message.id === 'antes')).status).toBe('success');

    volume.fill();
    client.send({ tipo: 'ticket', id: 'lleno', datos: ticketDoc('Disco lleno') });
    const refused = await client.next('error');
    expect(refused).toMatchObject({ tipo: 'error', id: 'lleno', status: 'error' });
    expect(refused.mensaje).toMatch(FULL_DISK_ERROR);
    const health = await healthAt(service.httpUrl);
    expect(health.status).toBe('error');
    expect(health.journal.status).toBe('disk-full');
    expect(health.journal.mensaje).toMatch(/disk is full.*printing resumes by itself/);
    client.send({ tipo: 'ping', id: 'vivo' });
    expect((await client.next('pong')).id).toBe('vivo');

    volume.free();
    await expect.poll(async () => (await healthAt(service.httpUrl)).status, { timeout: 10_000 }).toBe('ok');
    client.send({ tipo: 'ticket', id: 'despues', datos: ticketDoc('Después') });
    expect((await client.next('result', (message) => message.id === 'despues')).status).toBe('success');
    expect(await sink.waitForJobs(2)).toHaveLength(2);
  });

  it('keeps an acknowledged job in its place while its state cannot be written, then prints it once', async () => {
    volume = mountSmallVolume(2048);
    sink = await startTcpSink();
    const service = await startService({ dataDir: volume.dir, printer: sink.uri });
    service.service.queue.pause();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'esperando', datos: ticketDoc('Esperando sitio') });
    await client.next('ack');

    volume.fill();
    service.service.queue.resume();
    await expect.poll(async () => (await healthAt(service.httpUrl)).journal.status, { timeout: 10_000 }).toBe('disk-full');
    expect(sink.jobs).toHaveLength(0);
    expect(service.service.queue.isPending('esperando')).toBe(true);

    volume.free();
    const result = await client.next('result', (message) => message.id === 'esperando', 10_000);
    expect(result.status).toBe('success');
    expect(await sink.waitForJobs(1)).toHaveLength(1);
    expect(service.service.job('esperando')?.state).toBe('success');
  });

  it('starts on a full disk without exiting, and prints the jobs it had acknowledged once space returns', { timeout: 60_000 }, async () => {
    volume = mountSmallVolume(2048);
    sink = await startTcpSink();
    const journal = new JobJournal(path.join(volume.dir, 'journal.sqlite'));
    const doc = ticketDoc('Pendiente');
    journal.insertMany(['pendiente-1', 'pendiente-2'].map((id) => ({ id, datos: doc, requestedPrinter: null, datosJson: JSON.stringify(doc) })));
    journal.close();
    volume.fill();

    // With a translation key the service also opens its translation files at start: they cannot be created either,
    // and printing must not depend on them.
    running = await spawnService(['--data-dir', volume.dir, '--printer', sink.uri], undefined, undefined, { env: { TICKETERA_TRANSLATION_KEY: 'clave-de-prueba:fx' } });
    const baseUrl = `http://127.0.0.1:${running.port}`;
    await expect.poll(async () => (await healthAt(baseUrl)).journal.status, { timeout: 10_000 }).toBe('disk-full');
    expect(running.child.exitCode).toBeNull();
    expect(sink.jobs).toHaveLength(0);

    volume.free();
    await sink.waitForJobs(2, 20_000);
    await expect.poll(async () => (await healthAt(baseUrl)).status, { timeout: 10_000 }).toBe('ok');
    expect(running.child.exitCode).toBeNull();
  });
});
