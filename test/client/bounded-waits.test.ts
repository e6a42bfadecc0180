import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect, receipt, type PrintResult, type TicketeraClient } from '../../clients/js/src/index.mjs';
import { FakeSocket } from './support/fake-socket';
import { ackFor, startScriptedServer, type ScriptedServer } from './support/scripted-server';

const URL = 'ws://localhost:8766/ws';
const clients: TicketeraClient[] = [];
const open = (options: Parameters<typeof connect>[1] = {}): TicketeraClient => {
  const client = connect(URL, { WebSocket: FakeSocket, ...options });
  clients.push(client);
  return client;
};
const ack = (id: string): Record<string, unknown> => ({ tipo: 'ack', id, status: 'queued', current: 1, capacity: 100, mensaje: 'Queue: 1/100' });
const printed = (id: string): Record<string, unknown> => ({ tipo: 'result', id, status: 'success', mensaje: 'Print completed in 8ms (printed: confirmed by the printer)' });

/** print() whose outcome can be looked at without awaiting it: undefined while it is pending. */
function tracked(promise: Promise<PrintResult>): { readonly outcome: unknown } {
  const state: { outcome: unknown } = { outcome: undefined };
  promise.then(
    (result) => (state.outcome = result),
    (error: unknown) => (state.outcome = error),
  );
  return state;
}

describe('how long print() waits (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.reset();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // reconnection delays without jitter: 3 s, 6 s…
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('rejects with kind `timeout` 60 s after the ack without a result, saying it may still print; the same id asks again', async () => {
    const client = open();
    const socket = FakeSocket.latest();
    socket.accept();
    const sale = tracked(client.print(receipt().text('Café'), { id: 'venta-1' }));
    await vi.advanceTimersByTimeAsync(5_000);
    socket.reply(ack('venta-1')); // the bound counts from here
    await vi.advanceTimersByTimeAsync(59_999);
    expect(sale.outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(sale.outcome).toMatchObject({ name: 'TicketeraError', kind: 'timeout', id: 'venta-1' });
    expect((sale.outcome as Error).message).toBe(
      'No result for ticket venta-1 within 60 s of Ticketera taking it. It may still print: do not print it again under a new id. ' +
        'To learn what happened, print it again with the same id (venta-1); Ticketera answers an id it already has from its journal and does not print it twice.',
    );
    expect(client.state).toBe('open');

    // Its late result is for nobody now; printing it again with the same id is how the POS learns the outcome.
    socket.reply(printed('venta-1'));
    const again = client.print(receipt().text('Café'), { id: 'venta-1' });
    expect(socket.tickets().map((ticket) => ticket['id'])).toEqual(['venta-1', 'venta-1']);
    socket.reply(printed('venta-1'));
    await expect(again).resolves.toMatchObject({ id: 'venta-1', confirmation: 'printed' });
  });

  it('uses the bounds given to connect() and, over them, to print()', async () => {
    const client = open({ resultTimeoutMs: 5_000, ackTimeoutMs: 20_000 });
    const socket = FakeSocket.latest();
    socket.accept();
    const byConnect = tracked(client.print(receipt().text('a'), { id: 'a' }));
    const byPrint = tracked(client.print(receipt().text('b'), { id: 'b', resultTimeoutMs: 1_500 }));
    const neverAcked = tracked(client.print(receipt().text('c'), { id: 'c', ackTimeoutMs: 2_000 }));
    socket.reply(ack('a'));
    socket.reply(ack('b'));
    await vi.advanceTimersByTimeAsync(1_499);
    expect([byConnect.outcome, byPrint.outcome, neverAcked.outcome]).toEqual([undefined, undefined, undefined]);
    await vi.advanceTimersByTimeAsync(1);
    expect(byPrint.outcome).toMatchObject({ kind: 'timeout', id: 'b', text: expect.stringMatching(/^No result for ticket b within 1\.5 s/) });
    await vi.advanceTimersByTimeAsync(500);
    expect(neverAcked.outcome).toMatchObject({ kind: 'timeout', id: 'c', text: expect.stringMatching(/^Ticketera did not confirm ticket c within 2 s\. It may still print/) });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(byConnect.outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(byConnect.outcome).toMatchObject({ kind: 'timeout', id: 'a', text: expect.stringMatching(/^No result for ticket a within 5 s/) });
  });

  it('counts the result bound from the first ack: a resend after a drop gets no more time', async () => {
    const client = open();
    FakeSocket.latest().accept();
    const sale = tracked(client.print(receipt().text('x'), { id: 'r' }));
    FakeSocket.latest().reply(ack('r'));
    await vi.advanceTimersByTimeAsync(20_000);
    FakeSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(3_000);
    const again = FakeSocket.latest();
    again.accept();
    expect(again.tickets().map((ticket) => ticket['id'])).toEqual(['r']);
    again.reply({ ...ack('r'), mensaje: 'Ticket ya recibido, en cola / Ticket already received, queued' });
    await vi.advanceTimersByTimeAsync(36_999);
    expect(sale.outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(sale.outcome).toMatchObject({ kind: 'timeout', id: 'r' });
  });

  it('bounds the wait for the ack at 30 s: `connection` for a ticket never sent, `timeout` for one sent and not confirmed', async () => {
    const unreachable = open({ maxWaiting: 1 });
    const neverSent = tracked(unreachable.print(receipt().text('x'), { id: 'n' }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(neverSent.outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(neverSent.outcome).toMatchObject({
      kind: 'connection',
      id: 'n',
      text: 'Ticketera could not be reached within 30 s: ticket n was never sent, so it will not print.',
    });
    // It no longer counts among the tickets waiting for a connection.
    const next = tracked(unreachable.print(receipt().text('y'), { id: 'n2' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(next.outcome).toBeUndefined();
    unreachable.close();

    FakeSocket.reset();
    const silent = open();
    FakeSocket.latest().accept();
    const sent = tracked(silent.print(receipt().text('x'), { id: 's' }));
    await vi.advanceTimersByTimeAsync(13_000); // no ack in 10 s: a new connection 3 s later, the ticket resent on it
    FakeSocket.latest().accept();
    expect(FakeSocket.created.flatMap((socket) => socket.tickets().map((ticket) => ticket['id']))).toEqual(['s', 's']);
    await vi.advanceTimersByTimeAsync(16_999);
    expect(sent.outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.outcome).toMatchObject({ kind: 'timeout', id: 's', text: expect.stringMatching(/^Ticketera did not confirm ticket s within 30 s\. It may still print/) });
  });

  it('waits without limit when told Infinity, and refuses a bound that is not a positive number', async () => {
    const client = open({ ackTimeoutMs: Infinity, resultTimeoutMs: Infinity });
    FakeSocket.latest().accept();
    const sale = tracked(client.print(receipt().text('x'), { id: 'slow' }));
    FakeSocket.latest().reply(ack('slow'));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(sale.outcome).toBeUndefined();
    expect(client.state).toBe('open');
    FakeSocket.latest().reply(printed('slow'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sale.outcome).toMatchObject({ id: 'slow', confirmation: 'printed' });

    expect(() => open({ resultTimeoutMs: 0 })).toThrow(RangeError);
    expect(() => open({ ackTimeoutMs: Number.NaN })).toThrow(/ackTimeoutMs must be a number of milliseconds above 0/);
    await expect(client.print(receipt().text('x'), { resultTimeoutMs: -5 })).rejects.toThrow(RangeError);
  });
});

describe('how long print() waits (a real connection)', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await server?.close();
  });

  it('a service that acks and never answers: `timeout` after resultTimeoutMs; one that never acks: after ackTimeoutMs', async () => {
    server = await startScriptedServer((frame, reply) => {
      if (frame['tipo'] === 'ticket' && frame['id'] !== 'unacked') reply(ackFor(frame));
    });
    const client = connect(server.url, { WebSocket, resultTimeoutMs: 300, ackTimeoutMs: 400 });
    clients.push(client);
    const started = performance.now();
    await expect(client.print(receipt().text('x'), { id: 'acked' })).rejects.toMatchObject({ kind: 'timeout', id: 'acked' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(299);
    const again = performance.now();
    await expect(client.print(receipt().text('x'), { id: 'unacked' })).rejects.toMatchObject({ kind: 'timeout', id: 'unacked' });
    expect(performance.now() - again).toBeGreaterThanOrEqual(399);
    expect(server.received.filter((frame) => frame['tipo'] === 'ticket').map((frame) => frame['id'])).toEqual(['acked', 'unacked']);
  });
});
