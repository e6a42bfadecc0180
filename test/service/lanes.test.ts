// Issue 25: each printer has a lane of its own, so a stopped or hung printer holds up only its own jobs. These tests
// assert causality (what arrived while the other printer's job was still unresolved), never how long anything took.
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { startTestService, tempDir, ticketDoc, type TestService } from '../support/service-harness';
import { startTcpSink, type SinkBehaviour, type TcpSink } from '../support/tcp-sink';
import type { TestClient } from '../support/ws-client';

let sinks: TcpSink[] = [];
let services: TestService[] = [];
afterEach(async () => {
  // The printers go first: a job held by a stopped printer would keep the service's stop waiting.
  await Promise.all(sinks.splice(0).map((sink) => sink.close()));
  await Promise.all(services.splice(0).map((service) => service.stop()));
});

async function sinkPrinter(behaviour?: SinkBehaviour): Promise<TcpSink> {
  const sink = await startTcpSink(0, behaviour);
  sinks.push(sink);
  return sink;
}

async function serviceOn(printer: string): Promise<TestService> {
  const service = await startTestService({ printer, dataDir: tempDir(), rateLimit: 0 });
  services.push(service);
  return service;
}

/** A ticket routed to `printer` (its lane), whose bytes carry `TICKET:<id>;`. */
const ticketFor = (id: string, printer: string): Record<string, unknown> => ({ tipo: 'ticket', id, datos: { ...ticketDoc(`TICKET:${id};`), printer } });

const resultsOf = (pos: TestClient, prefix: string): ServerMessage[] =>
  pos.messages.filter((message) => message.tipo === 'result' && message.id?.startsWith(prefix) === true);

/**
 * A POS sends `held` tickets to the stuck printer first and then, interleaved, `others` tickets to the healthy one.
 * Returns once every healthy ticket has its result, with the stuck printer's first job still printing.
 */
async function healthyLaneBesideStuckOne(stuck: SinkBehaviour): Promise<{ pos: TestClient; service: TestService; healthy: TcpSink }> {
  const healthy = await sinkPrinter();
  const stuckPrinter = await sinkPrinter(stuck);
  const service = await serviceOn(healthy.uri);
  const pos = await service.connect();
  pos.send(ticketFor('atascado-0', stuckPrinter.uri));
  // The stuck printer has the job (its bytes are on the way or in its buffer) before anything else is sent. A wait
  // for a state, not a speed check: on a busy machine the first encoder thread alone can take over a second to start.
  await expect.poll(() => service.service.job('atascado-0')?.state, { timeout: 15_000 }).toBe('printing');
  for (let n = 1; n <= 5; n += 1) {
    pos.send(ticketFor(`atascado-${n}`, stuckPrinter.uri));
    pos.send(ticketFor(`sano-${n}`, healthy.uri));
  }
  await pos.until(() => resultsOf(pos, 'sano-').length === 5, 'five results from the healthy printer', 15_000);
  return { pos, service, healthy };
}

describe('a stopped or hung printer', () => {
  for (const [what, behaviour] of [
    ['stopped (reads nothing: its buffer is full or it is switched off mid-connection)', { kind: 'never-reads' }],
    ['hung after reading (takes the bytes, never closes the connection)', { kind: 'holds-open' }],
  ] as const) {
    it(`${what}: never delays another printer's acks or results`, async () => {
      const { pos, service, healthy } = await healthyLaneBesideStuckOne(behaviour);
      // Every ticket of either printer was acknowledged: an ack never waits for any printer.
      for (let n = 1; n <= 5; n += 1) {
        expect(pos.messages.some((message) => message.tipo === 'ack' && message.id === `atascado-${n}`)).toBe(true);
        expect(pos.messages.some((message) => message.tipo === 'ack' && message.id === `sano-${n}`)).toBe(true);
      }
      expect(resultsOf(pos, 'sano-').every((message) => message.tipo === 'result' && message.status === 'success')).toBe(true);
      await healthy.waitForJobs(5);
      // ...all while the stuck printer's first job was still unresolved and its later ones waited in its own lane.
      expect(resultsOf(pos, 'atascado-')).toEqual([]);
      expect(service.service.job('atascado-0')?.state).toBe('printing');
      expect(service.service.job('atascado-5')?.state).toBe('queued');
    });
  }

  it('keeps its own jobs in order behind the stuck one, while the other lane has printed everything', async () => {
    const { service, healthy } = await healthyLaneBesideStuckOne({ kind: 'never-reads' });
    const printed = healthy.jobs.map((bytes) => /TICKET:([\w-]+);/.exec(bytes.toString('latin1'))?.[1]);
    expect(printed).toEqual(['sano-1', 'sano-2', 'sano-3', 'sano-4', 'sano-5']);
    for (let n = 1; n <= 5; n += 1) expect(service.service.job(`atascado-${n}`)?.state).toBe('queued');
  });
});
