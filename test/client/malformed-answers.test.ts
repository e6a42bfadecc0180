import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, receipt, type TicketeraClient, type TicketeraError } from '../../clients/js/src/index.mjs';
import { FakeSocket } from './support/fake-socket';
import { ackFor, startScriptedServer, successFor, type Frame, type ScriptedServer } from './support/scripted-server';

const servers: ScriptedServer[] = [];
const clients: TicketeraClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Frames nothing can be matched to: left alone, and nothing else changes because of them. */
const JUNK: Array<Frame | string> = [
  'not json {',
  '[1, 2]',
  'null',
  '"result"',
  { tipo: 'progress', id: 'venta-1', percent: 50 },
  { tipo: 'result', id: 7, status: 'success', mensaje: null },
  { tipo: 'result', status: 'error', mensaje: 42 },
  { tipo: 'ack', id: 'nobody', status: 'queued', current: 'x', capacity: 100, mensaje: 'Queue: 1/100' },
  { tipo: 'info', status: 'connected', mensaje: null },
];

/** What the service must never send about ticket `id`, and whether an ack comes before it. */
const MALFORMED: Array<[string, (id: string) => Frame | string]> = [
  ['a result whose mensaje is null', (id) => ({ tipo: 'result', id, status: 'error', mensaje: null })],
  ['a result whose mensaje is a number', (id) => ({ tipo: 'result', id, status: 'error', mensaje: 500 })],
  ['a result without mensaje', (id) => ({ tipo: 'result', id, status: 'error' })],
  ['a result whose mensaje is an object', (id) => ({ tipo: 'result', id, status: 'error', mensaje: { text: 'PRINTER: x' } })],
  ['a success whose mensaje is null', (id) => ({ tipo: 'result', id, status: 'success', mensaje: null })],
  ['a result with an unknown status', (id) => ({ tipo: 'result', id, status: 'done', mensaje: 'Print completed in 5ms' })],
  ['a result without status', (id) => ({ tipo: 'result', id, mensaje: 'Print completed in 5ms' })],
  ['an error whose mensaje is null', (id) => ({ tipo: 'error', id, status: 'error', mensaje: null })],
  ['an error whose mensaje is a number', (id) => ({ tipo: 'error', id, status: 'error', mensaje: 3 })],
  ['an error whose status is not "error"', (id) => ({ tipo: 'error', id, status: 'queued', mensaje: 'Queue full, please retry in a few seconds' })],
  ['an ack whose current is a text', (id) => ({ tipo: 'ack', id, status: 'queued', current: '1', capacity: 100, mensaje: 'Queue: 1/100' })],
  ['an ack whose capacity is negative', (id) => ({ tipo: 'ack', id, status: 'queued', current: 1, capacity: -1, mensaje: 'Queue: 1/-1' })],
  ['an ack without mensaje', (id) => ({ tipo: 'ack', id, status: 'queued', current: 1, capacity: 100 })],
  ['a result of 2 MB', (id) => JSON.stringify({ tipo: 'result', id, status: 'success', mensaje: `Print completed in 5ms${' '.repeat(2_000_000)}` })],
];

/** A service that acks every ticket and answers `good-…` ones properly, every other one with `answerFor` after junk. */
async function serviceAnswering(answerFor: (id: string) => Frame | string): Promise<ScriptedServer> {
  const server = await startScriptedServer((frame, reply) => {
    if (frame['tipo'] !== 'ticket') return;
    const id = String(frame['id']);
    if (id.startsWith('good-')) {
      reply(ackFor(frame));
      return reply(successFor(frame));
    }
    const answer = answerFor(id);
    const isAck = typeof answer !== 'string' && answer['tipo'] === 'ack';
    if (!isAck) reply(ackFor(frame));
    for (const junk of JUNK) reply(junk);
    reply(answer);
  });
  servers.push(server);
  return server;
}

function open(server: ScriptedServer): TicketeraClient {
  const client = connect(server.url, { WebSocket, reconnect: false });
  clients.push(client);
  return client;
}

describe('an answer about a ticket that cannot be read', () => {
  it.each(MALFORMED)('%s: print() rejects with kind `protocol`, the others print, the connection stays', async (_name, answer) => {
    const client = open(await serviceAnswering(answer));
    const before = client.print(receipt().text('antes'), { id: 'good-1' });
    const broken = client.print(receipt().text('rota'), { id: 'venta-1' }).catch((error: unknown) => error);
    const after = client.print(receipt().text('después'), { id: 'good-2' });

    const failure = await broken;
    expect(failure).toMatchObject({ name: 'TicketeraError', kind: 'protocol', id: 'venta-1' });
    expect((failure as Error).message).toMatch(/could not be read \(.+\)\. It may still print: do not print it again under a new id/);
    expect((failure as Error).message).toContain('with the same id (venta-1)');
    await expect(before).resolves.toMatchObject({ id: 'good-1', confirmation: 'unknown' });
    await expect(after).resolves.toMatchObject({ id: 'good-2' });
    expect(client.state).toBe('open');
    // The same connection goes on printing.
    await expect(client.print(receipt().text('otra'), { id: 'good-3' })).resolves.toMatchObject({ id: 'good-3' });
  });

  it('names the field that is wrong, briefly, whatever the frame held', async () => {
    const client = open(await serviceAnswering((id) => ({ tipo: 'result', id, status: 'error', mensaje: null })));
    await expect(client.print(receipt().text('x'), { id: 'venta-9' })).rejects.toMatchObject({
      text: expect.stringMatching(/^Ticketera's result for ticket venta-9 could not be read \(mensaje is null, not a text\)\./),
    });
    const huge = open(await serviceAnswering((id) => JSON.stringify({ tipo: 'result', id, status: 'success', mensaje: 'x'.repeat(3_000_000) })));
    const failure = (await huge.print(receipt().text('x'), { id: 'venta-10' }).catch((error: unknown) => error)) as Error;
    expect(failure.message).toMatch(/a frame of 3\d{6} characters, more than the 1048576 the client reads/);
    expect(failure.message.length).toBeLessThan(600);
  });
});

describe('an answer to status, ping or printers that cannot be read', () => {
  it('rejects that request with kind `protocol` and answers the next ones', async () => {
    let broken = true;
    const summary = { status: 'ok', detected_count: 1, thermal_count: 1, default_name: 'Caja' };
    const printer = { name: 'Caja', port: 'USB001', driver: 'Generic', status: 'ready', is_default: true, is_virtual: false, printer_type: 'thermal' };
    const server = await startScriptedServer((frame, reply) => {
      for (const junk of JUNK) reply(junk);
      if (frame['tipo'] === 'status') reply({ tipo: 'status', status: 'ok', current: broken ? '3' : 3, capacity: 100, mensaje: 'Queue: 3/100' });
      if (frame['tipo'] === 'ping') reply({ tipo: 'pong', id: frame['id'], status: broken ? 'pong' : 'ok' });
      if (frame['tipo'] === 'get_printers') {
        reply({ tipo: 'printers', status: 'ok', printers: [broken ? { ...printer, status: 'on fire' } : printer], summary });
      }
    });
    servers.push(server);
    const client = open(server);

    await expect(client.status()).rejects.toMatchObject({ kind: 'protocol', text: expect.stringContaining('current is "3", not a whole number ≥ 0') });
    await expect(client.ping()).rejects.toMatchObject({ kind: 'protocol', text: expect.stringContaining('status is "pong", not "ok"') });
    await expect(client.printers()).rejects.toMatchObject({
      kind: 'protocol',
      text: expect.stringContaining('printers[0].status is "on fire", not "ready" or "offline"'),
    });
    broken = false;
    await expect(client.status()).resolves.toEqual({ current: 3, capacity: 100 });
    await expect(client.ping()).resolves.toEqual(expect.any(Number));
    await expect(client.printers()).resolves.toEqual({ printers: [printer], summary });
    expect(client.state).toBe('open');
  });

  it('rejects printers() for an id-less error whose mensaje is not a text', async () => {
    const server = await startScriptedServer((frame, reply) => {
      if (frame['tipo'] === 'get_printers') reply({ tipo: 'error', status: 'error', mensaje: null });
    });
    servers.push(server);
    await expect(open(server).printers()).rejects.toMatchObject({ kind: 'protocol', text: expect.stringContaining('mensaje is null') });
  });
});

describe('a frame the client fails on anyway', () => {
  it('never throws out of the socket handler: the connection is started over instead', () => {
    FakeSocket.reset();
    const client = connect('ws://localhost:8766/ws', { WebSocket: FakeSocket });
    clients.push(client);
    const problems: Array<TicketeraError | undefined> = [];
    client.onState((_state, problem) => problems.push(problem));
    const socket = FakeSocket.latest();
    socket.accept();
    void client.print(receipt().text('x'), { id: 'venta-1' }).catch(() => undefined);
    // Data no WebSocket should hand over: reading it as text throws.
    const poisoned = { toString: (): string => { throw new Error('unreadable data'); } };
    expect(() => (socket.onmessage as unknown as (event: { data: unknown }) => void)({ data: poisoned })).not.toThrow();
    expect(client.state).toBe('reconnecting');
    expect(socket.closedWith?.code).toBe(4000);
    expect(problems.at(-1)?.text).toMatch(/stopped answering \(a message could not be handled: unreadable data\)/);
  });
});
