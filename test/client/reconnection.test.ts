import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect, receipt, TicketeraError, type ConnectionState, type TicketeraClient } from '../../clients/js/src/index.mjs';
import { FakeSocket } from './support/fake-socket';

const URL = 'ws://localhost:8766/ws';
const settle = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(0);
};
const clients: TicketeraClient[] = [];
const open = (options: Parameters<typeof connect>[1] = {}): TicketeraClient => {
  const client = connect(URL, { WebSocket: FakeSocket, ...options });
  clients.push(client);
  return client;
};

/** Advances the fake clock to just before and then to `delayMs` after now, and says whether a new attempt came only then. */
async function nextAttemptAfter(delayMs: number): Promise<boolean> {
  const before = FakeSocket.created.length;
  await vi.advanceTimersByTimeAsync(delayMs - 1);
  const early = FakeSocket.created.length !== before;
  await vi.advanceTimersByTimeAsync(1);
  return !early && FakeSocket.created.length === before + 1;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('reconnection timing', () => {
  it('retries after 3 s, then 6 s, 12 s, 24 s, and never waits more than 30 s', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: the nominal delays
    const client = open();
    const states: ConnectionState[] = [];
    client.onState((state) => states.push(state));
    expect(client.state).toBe('connecting');
    for (const delay of [3_000, 6_000, 12_000, 24_000, 30_000, 30_000]) {
      FakeSocket.latest().drop();
      await settle();
      expect(client.state).toBe('reconnecting');
      expect(await nextAttemptAfter(delay)).toBe(true);
    }
    expect(states.every((state) => state === 'reconnecting')).toBe(true);
  });

  it('moves each delay by at most ±20 % at random', async () => {
    const client = open();
    const lowest = vi.spyOn(Math, 'random').mockReturnValue(0);
    FakeSocket.latest().drop();
    await settle();
    expect(await nextAttemptAfter(2_400)).toBe(true);
    lowest.mockReturnValue(0.99999);
    FakeSocket.latest().drop();
    await settle();
    expect(await nextAttemptAfter(7_200)).toBe(true);
    lowest.mockRestore();

    // With real randomness: every delay inside its band, and not all of them the same.
    const delays: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      FakeSocket.latest().drop();
      await settle();
      const before = Date.now();
      await vi.advanceTimersToNextTimerAsync();
      delays.push(Date.now() - before);
    }
    const nominal = [12_000, 24_000, ...Array<number>(10).fill(30_000)];
    delays.forEach((delay, index) => {
      expect(delay).toBeGreaterThanOrEqual((nominal[index] ?? 0) * 0.8);
      expect(delay).toBeLessThanOrEqual((nominal[index] ?? 0) * 1.2);
    });
    expect(new Set(delays).size).toBeGreaterThan(1);
    expect(client.state).toBe('reconnecting');
  });

  it('starts again from 3 s after a connection that opened', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const client = open();
    for (const delay of [3_000, 6_000, 12_000]) {
      FakeSocket.latest().drop();
      await settle();
      expect(await nextAttemptAfter(delay)).toBe(true);
    }
    FakeSocket.latest().accept();
    expect(client.state).toBe('open');
    FakeSocket.latest().drop();
    await settle();
    expect(await nextAttemptAfter(3_000)).toBe(true);
  });

  it('uses the delays it is given, and stays closed with reconnect: false', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const quick = open({ reconnect: { delayMs: 500, maxDelayMs: 1_000 } });
    for (const delay of [500, 1_000, 1_000]) {
      FakeSocket.latest().drop();
      await settle();
      expect(await nextAttemptAfter(delay)).toBe(true);
    }
    quick.close();
    const once = open({ reconnect: false });
    const sale = once.print(receipt().text('Hola')).catch((error: unknown) => error);
    FakeSocket.latest().drop();
    await settle();
    expect(once.state).toBe('closed');
    expect(await sale).toMatchObject({ kind: 'connection' });
    const attempts = FakeSocket.created.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.created.length).toBe(attempts);
  });

  it('gives up on a handshake that gets no answer in 10 s and tries again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const client = open();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(client.state).toBe('reconnecting');
    expect(FakeSocket.created[0]?.closedWith?.code).toBe(4000);
    expect(await nextAttemptAfter(3_000)).toBe(true);
  });
});

describe('tickets while not connected', () => {
  it('keeps them and sends them in order when the connection opens', async () => {
    const client = open();
    const sales = ['venta-1', 'venta-2', 'venta-3'].map((id) => client.print(receipt().text(id), { id }));
    FakeSocket.latest().drop();
    await vi.advanceTimersToNextTimerAsync();
    expect(FakeSocket.created.flatMap((socket) => socket.tickets())).toEqual([]);
    const socket = FakeSocket.latest();
    socket.accept();
    expect(socket.tickets().map((ticket) => ticket['id'])).toEqual(['venta-1', 'venta-2', 'venta-3']);
    expect(socket.tickets()[0]?.['datos']).toEqual({ version: '1.0', commands: [{ type: 'text', data: { text: 'venta-1' } }] });
    for (const id of ['venta-1', 'venta-2', 'venta-3']) socket.reply({ tipo: 'result', id, status: 'success', mensaje: 'Print completed in 5ms' });
    await expect(Promise.all(sales)).resolves.toEqual(
      ['venta-1', 'venta-2', 'venta-3'].map((id) => ({ id, mensaje: 'Print completed in 5ms', confirmation: 'unknown' })),
    );
  });

  it('refuses the ticket past maxWaiting and still sends the ones it kept', async () => {
    const client = open({ maxWaiting: 2 });
    const kept = [client.print(receipt().text('a'), { id: 'a' }), client.print(receipt().text('b'), { id: 'b' })];
    const refused = client.print(receipt().text('c'), { id: 'c' });
    await expect(refused).rejects.toMatchObject({ kind: 'rejected', id: 'c' });
    FakeSocket.latest().accept();
    expect(FakeSocket.latest().tickets().map((ticket) => ticket['id'])).toEqual(['a', 'b']);
    // Once the connection is open, tickets go straight out again.
    void client.print(receipt().text('d'), { id: 'd' }).catch(() => undefined);
    expect(FakeSocket.latest().tickets().map((ticket) => ticket['id'])).toEqual(['a', 'b', 'd']);
    void Promise.allSettled(kept);
  });
});

describe('a ticket across a dropped connection', () => {
  it('is sent again with the same id after reconnecting, and resolves once with the service’s answer', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const client = open({ token: 'secreto' });
    FakeSocket.latest().accept();
    const acks: number[] = [];
    let settled = 0;
    const sale = client.print(receipt().text('Café 1,20'), { onAck: (ack) => acks.push(ack.current) }).finally(() => (settled += 1));
    const first = FakeSocket.latest().tickets()[0];
    expect(first?.['id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first?.['auth_token']).toBe('secreto');
    FakeSocket.latest().reply({ tipo: 'ack', id: first?.['id'], status: 'queued', current: 1, capacity: 100, mensaje: 'Queue: 1/100' });
    FakeSocket.latest().drop();
    await settle();
    expect(await nextAttemptAfter(3_000)).toBe(true);
    const again = FakeSocket.latest();
    again.accept();
    expect(again.tickets()).toEqual([first]);
    again.reply({ tipo: 'ack', id: first?.['id'], status: 'queued', current: 1, capacity: 100, mensaje: 'Ticket ya recibido, en cola / Ticket already received, queued' });
    again.reply({ tipo: 'result', id: first?.['id'], status: 'success', mensaje: 'Print completed in 8ms (printed: confirmed by the printer)' });
    again.reply({ tipo: 'result', id: first?.['id'], status: 'success', mensaje: 'Print completed in 8ms (printed: confirmed by the printer)' });
    await expect(sale).resolves.toMatchObject({ id: first?.['id'], confirmation: 'printed' });
    expect(settled).toBe(1);
    expect(acks).toEqual([1, 1]);
  });

  it('takes a connection that stops answering for dead: no ack in 10 s and the ticket goes out on a new one', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const client = open();
    FakeSocket.latest().accept();
    const sale = client.print(receipt().text('Té'), { id: 'te-1' });
    const silent = FakeSocket.latest();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(silent.closedWith?.code).toBe(4000);
    expect(client.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(3_000);
    FakeSocket.latest().accept();
    expect(FakeSocket.latest().tickets().map((ticket) => ticket['id'])).toEqual(['te-1']);
    FakeSocket.latest().reply({ tipo: 'result', id: 'te-1', status: 'error', mensaje: 'PRINTER: sin papel / out of paper: Caja 1' });
    await expect(sale).rejects.toMatchObject({ kind: 'print-failed', category: 'PRINTER', text: 'sin papel / out of paper: Caja 1', id: 'te-1' });
  });
});

describe('what the service refuses', () => {
  it('rejects a full queue or the rate limit at once and does not send the ticket again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const client = open();
    FakeSocket.latest().accept();
    const full = client.print(receipt().text('x'), { id: 'lleno' });
    const limited = client.print(receipt().text('y'), { id: 'limite' });
    FakeSocket.latest().reply({ tipo: 'error', id: 'lleno', status: 'error', mensaje: 'Queue full, please retry in a few seconds' });
    FakeSocket.latest().reply({ tipo: 'error', id: 'limite', status: 'error', mensaje: 'Rate limit exceeded: please wait before submitting more jobs' });
    await expect(full).rejects.toMatchObject({ kind: 'rejected', text: 'Queue full, please retry in a few seconds' });
    await expect(limited).rejects.toMatchObject({ kind: 'rejected' });
    FakeSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(3_000);
    FakeSocket.latest().accept();
    expect(FakeSocket.latest().tickets()).toEqual([]);
  });

  it('tells a wrong token apart, and stops reconnecting when the service closes for token guessing', async () => {
    const client = open({ token: 'mal' });
    FakeSocket.latest().accept();
    const sale = client.print(receipt().text('x'), { id: 'tok' });
    FakeSocket.latest().reply({ tipo: 'error', id: 'tok', status: 'error', mensaje: 'Invalid or missing auth token' });
    await expect(sale).rejects.toMatchObject({ kind: 'auth', id: 'tok' });
    const problems: Array<TicketeraError | undefined> = [];
    client.onState((_state, problem) => problems.push(problem));
    FakeSocket.latest().drop(1008, 'Demasiados tokens incorrectos / Too many wrong auth tokens');
    await settle();
    expect(client.state).toBe('closed');
    expect(problems.at(-1)?.kind).toBe('auth');
    await expect(client.print(receipt().text('y'))).rejects.toMatchObject({ kind: 'auth' });
    const attempts = FakeSocket.created.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.created.length).toBe(attempts);
  });

  it('refuses a second print with an id still in flight', async () => {
    const client = open();
    void client.print(receipt().text('x'), { id: 'mismo' }).catch(() => undefined);
    await expect(client.print(receipt().text('x'), { id: 'mismo' })).rejects.toMatchObject({ kind: 'rejected', id: 'mismo' });
  });
});

describe('status, ping and printers', () => {
  it('matches each answer to its question and times out after 10 s', async () => {
    const client = open();
    const status = client.status();
    const printers = client.printers();
    const ping = client.ping();
    const socket = FakeSocket.latest();
    socket.accept();
    expect(socket.sent.map((frame) => frame['tipo'])).toEqual(['status', 'get_printers', 'ping']);
    const pingId = socket.sent[2]?.['id'];
    socket.reply({ tipo: 'pong', id: 'someone-else', status: 'ok' });
    socket.reply({ tipo: 'pong', id: pingId, status: 'ok' });
    socket.reply({ tipo: 'printers', status: 'ok', printers: [], summary: { status: 'error', detected_count: 0, thermal_count: 0, default_name: '' } });
    socket.reply({ tipo: 'status', status: 'ok', current: 3, capacity: 100, mensaje: 'Queue: 3/100' });
    await expect(status).resolves.toEqual({ current: 3, capacity: 100 });
    await expect(printers).resolves.toMatchObject({ printers: [], summary: { status: 'error' } });
    await expect(ping).resolves.toBeGreaterThanOrEqual(0);

    const late = client.status().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await late).toMatchObject({ kind: 'connection' });
    // Its answer, when it comes at last, is not taken for the next question's.
    const next = client.status();
    socket.reply({ tipo: 'status', status: 'ok', current: 7, capacity: 100, mensaje: 'Queue: 7/100' });
    socket.reply({ tipo: 'status', status: 'ok', current: 0, capacity: 100, mensaje: 'Queue: 0/100' });
    await expect(next).resolves.toEqual({ current: 0, capacity: 100 });
  });
});
