import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, receipt, type TicketeraClient } from '../../clients/js/src/index.mjs';
import { ackFor, startScriptedServer, successFor, type ScriptedServer } from './support/scripted-server';

let server: ScriptedServer;
beforeAll(async () => {
  // Acks every ticket and answers it at once; status gets its answer too. No rate limit, no queue: only the client counts.
  server = await startScriptedServer((frame, reply) => {
    if (frame['tipo'] === 'ticket') {
      reply(ackFor(frame));
      reply(successFor(frame));
    }
    if (frame['tipo'] === 'status') reply({ tipo: 'status', status: 'ok', current: 0, capacity: 100, mensaje: 'Queue: 0/100' });
  });
});
afterAll(() => server.close());

async function opened(): Promise<TicketeraClient> {
  const client = connect(server.url, { WebSocket, reconnect: false });
  await new Promise<void>((resolve) => {
    const stop = client.onState((state) => {
      if (state !== 'open') return;
      stop();
      resolve();
    });
  });
  return client;
}

/** ms for `count` calls made at once, all waiting together, until every one has settled (the best of `tries`). */
async function timeFor(count: number, call: (client: TicketeraClient, index: number) => Promise<unknown>, tries = 2): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const client = await opened();
    const started = performance.now();
    const outcomes = await Promise.allSettled(Array.from({ length: count }, (_, index) => call(client, index)));
    best = Math.min(best, performance.now() - started);
    client.close();
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
  }
  return best;
}

// The ratio of two runs on the same machine, not a time: a busy machine slows both. Linear is 4×, quadratic 16×.
describe('many waiting tickets cost each the same', () => {
  it('20,000 print() calls at once all settle, in about 4× the time of 5,000', async () => {
    const ticket = receipt().text('Café 1,20 €').cut();
    const print = (client: TicketeraClient, index: number): Promise<unknown> => client.print(ticket, { id: `venta-${index}` });
    await timeFor(1_000, print); // warm-up: the JIT, the server's first buffers
    const small = await timeFor(5_000, print);
    const large = await timeFor(20_000, print);
    expect(large / small, `${small.toFixed(0)} ms, then ${large.toFixed(0)} ms`).toBeLessThan(8);
  }, 120_000);

  it('40,000 status() calls at once all settle, in about 4× the time of 10,000', async () => {
    const status = (client: TicketeraClient): Promise<unknown> => client.status();
    await timeFor(1_000, status);
    const small = await timeFor(10_000, status, 3);
    const large = await timeFor(40_000, status, 3);
    expect(large / small, `${small.toFixed(0)} ms, then ${large.toFixed(0)} ms`).toBeLessThan(8);
  }, 120_000);
});
