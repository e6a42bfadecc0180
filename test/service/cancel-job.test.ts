import { afterEach, describe, expect, it } from 'vitest';
import { CANCELLED_TEXT } from '../../src/shared/contract/types';
import { startTestAppHost, type TestAppHost } from '../app/app-harness';
import { startTestService, tempDir, ticketDoc, type TestService } from '../support/service-harness';
import { startTcpSink, type SinkBehaviour, type TcpSink } from '../support/tcp-sink';
import { TestClient } from '../support/ws-client';

const printedIds = (sink: TcpSink): string[] => sink.jobs.flatMap((bytes) => [...bytes.toString('latin1').matchAll(/TICKET:([\w-]+);/g)].map((match) => match[1] as string));
const marked = (id: string) => ticketDoc(`TICKET:${id};`);

let sinks: TcpSink[] = [];
let services: TestService[] = [];
let hosts: TestAppHost[] = [];
afterEach(async () => {
  // The printer goes first: a job held by a stalled printer would keep the service's stop waiting.
  await Promise.all(sinks.splice(0).map((sink) => sink.close()));
  await Promise.all(services.splice(0).map((service) => service.stop()));
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
});

async function sinkPrinter(behaviour?: SinkBehaviour): Promise<TcpSink> {
  const sink = await startTcpSink(0, behaviour);
  sinks.push(sink);
  return sink;
}

async function serviceOn(printer: string, dataDir = tempDir()): Promise<TestService> {
  const service = await startTestService({ printer, dataDir, rateLimit: 0 });
  services.push(service);
  return service;
}

describe('cancelling a queued job', () => {
  it('takes it out of the queue and sends the POS that is waiting its result, through the window\'s contract', async () => {
    const host = await startTestAppHost();
    hosts.push(host);
    await host.post('setPaused', { paused: true });
    const pos = await TestClient.open(`ws://127.0.0.1:${host.running().address.port}/ws`);
    pos.send({ tipo: 'ticket', id: 'mesa-7', datos: ticketDoc('Menú del día') });
    pos.send({ tipo: 'ticket', id: 'mesa-8', datos: ticketDoc('Café') });
    await pos.next('ack', (ack) => ack.id === 'mesa-8');

    const answer = await host.post('cancelJob', { id: 'mesa-7' });
    expect(answer.body).toEqual({ ok: true, value: { cancelled: true } });
    expect(await pos.next('result', (result) => result.id === 'mesa-7')).toEqual({ tipo: 'result', id: 'mesa-7', status: 'error', mensaje: CANCELLED_TEXT });
    expect(host.running().service.queue.current).toBe(1);
    expect(host.running().service.job('mesa-7')).toMatchObject({ state: 'error', resultText: CANCELLED_TEXT });
    expect((await host.post('cancelJob', { id: 'mesa-7' })).body).toEqual({ ok: true, value: { cancelled: false, reason: 'finished' } });
    expect((await host.post('cancelJob', { id: 'no-existe' })).body).toEqual({ ok: true, value: { cancelled: false, reason: 'unknown' } });

    await host.post('setPaused', { paused: false });
    expect(await pos.next('result', (result) => result.id === 'mesa-8')).toMatchObject({ status: 'success' });
    // One result per ticket: the cancelled one is not reported (or printed) a second time.
    expect(pos.messages.filter((message) => message.tipo === 'result' && message.id === 'mesa-7')).toHaveLength(1);
    expect(host.running().service.job('mesa-7')?.state).toBe('error');
    pos.close();
  });

  it('refuses to cancel a job the printer is already taking, and it finishes as it would have', async () => {
    const stalled = await sinkPrinter({ kind: 'never-reads' });
    const service = await serviceOn(stalled.uri);
    const pos = await service.connect();
    pos.send({ tipo: 'ticket', id: 'en-curso', datos: ticketDoc('Tarta') });
    await pos.next('ack');
    await expect.poll(() => service.service.job('en-curso')?.state, { timeout: 15_000 }).toBe('printing');
    expect(await service.service.queue.cancel('en-curso')).toEqual({ cancelled: false, reason: 'already-printing' });
    expect(service.service.job('en-curso')?.state).toBe('printing');
    expect(pos.messages.some((message) => message.tipo === 'result')).toBe(false);
  });

  it('never prints a cancelled job after a restart, and prints the others', async () => {
    const sink = await sinkPrinter();
    const dataDir = tempDir();
    const first = await serviceOn(sink.uri, dataDir);
    first.service.queue.pause();
    const pos = await first.connect();
    for (const id of ['queda-1', 'anulado', 'queda-2']) pos.send({ tipo: 'ticket', id, datos: marked(id) });
    await pos.next('ack', (ack) => ack.id === 'queda-2');
    expect(await first.service.queue.cancel('anulado')).toEqual({ cancelled: true });
    pos.close();
    await first.stop();
    services = services.filter((service) => service !== first);

    const second = await serviceOn(sink.uri, dataDir);
    await sink.waitForJobs(2);
    await expect.poll(() => second.service.job('queda-2')?.state).toBe('success');
    expect(printedIds(sink).sort()).toEqual(['queda-1', 'queda-2']);
    expect(second.service.job('anulado')).toMatchObject({ state: 'error', resultText: CANCELLED_TEXT });
  });

  it('answers every cancel honestly while the worker races it: cancelled ones never print, refused ones print once', async () => {
    const sink = await sinkPrinter();
    const service = await serviceOn(sink.uri);
    const pos = await service.connect();
    const answers = new Map<string, Awaited<ReturnType<typeof service.service.queue.cancel>>>();
    const ids = Array.from({ length: 30 }, (_, n) => `carrera-${n}`);
    for (const id of ids) pos.send({ tipo: 'ticket', id, datos: marked(id) });
    for (const id of ids) {
      await pos.next('ack', (ack) => ack.id === id);
      answers.set(id, await service.service.queue.cancel(id));
    }
    await pos.until(() => pos.messages.filter((message) => message.tipo === 'result').length === ids.length, 'every result', 20_000);
    const cancelled = ids.filter((id) => answers.get(id)?.cancelled);
    const refused = ids.filter((id) => !answers.get(id)?.cancelled);
    for (const id of refused) expect(['already-printing', 'finished']).toContain((answers.get(id) as { reason: string }).reason);
    // One printer prints in order: once a last ticket is on paper, anything cancelled would have been too.
    pos.send({ tipo: 'ticket', id: 'ultimo', datos: marked('ultimo') });
    await pos.next('result', (result) => result.id === 'ultimo');
    await sink.waitForJobs(refused.length + 1);
    expect(printedIds(sink).sort()).toEqual([...refused, 'ultimo'].sort());
    for (const id of cancelled) {
      expect(pos.messages.find((message) => message.tipo === 'result' && message.id === id)).toMatchObject({ status: 'error', mensaje: CANCELLED_TEXT });
    }
    // Some of each, or the race was not run at all.
    expect(cancelled.length).toBeGreaterThan(0);
  });
});
