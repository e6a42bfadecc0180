import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { startTestService, ticketDoc, type TestService } from '../support/service-harness';
import type { TestClient } from '../support/ws-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('protocol v1.0 over a real WebSocket', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.stop());

  it('greets every connection with one info message', async () => {
    const client = await service.connect();
    expect(client.messages).toHaveLength(1);
    expect(client.messages[0]).toMatchObject({ tipo: 'info', status: 'connected' });
    expect(client.messages[0]).toHaveProperty('mensaje');
    client.close();
  });

  it('acknowledges a ticket at once, then reports the print', async () => {
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'venta-001', datos: ticketDoc('Café con leche 1,50 €') });
    const ack = await client.next('ack');
    expect(ack).toEqual({ tipo: 'ack', id: 'venta-001', status: 'queued', current: 1, capacity: 100, mensaje: 'Queue: 1/100' });
    const result = await client.next('result');
    expect(result).toMatchObject({ tipo: 'result', id: 'venta-001', status: 'success' });
    expect(result.mensaje).toMatch(/^Print completed in \d+ms$/);
    client.close();
  });

  it('generates a UUID for a ticket without id and uses it in ack and result', async () => {
    const client = await service.connect();
    client.send({ tipo: 'ticket', datos: ticketDoc() });
    const ack = await client.next('ack');
    expect(ack.id).toMatch(UUID);
    expect((await client.next('result')).id).toBe(ack.id);
    client.close();
  });

  it.each([
    ['missing version', { commands: [] }, /^VALIDATION: /],
    ['version 2.0', { version: '2.0', commands: [] }, /^VALIDATION: /],
    ['an unknown command', { version: '1.0', commands: [{ type: 'hologram', data: {} }] }, /^COMMAND: /],
  ])('fails a document with %s as a categorised result', async (_name, datos, pattern) => {
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: `bad-${_name}`, datos });
    await client.next('ack');
    const result = await client.next('result');
    expect(result.status).toBe('error');
    expect(result.mensaje).toMatch(pattern);
    client.close();
  });

  it('rejects a ticket without datos with the exact text and queues nothing', async () => {
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'sin-datos' });
    expect(await client.next('error')).toEqual({
      tipo: 'error',
      id: 'sin-datos',
      status: 'error',
      mensaje: "Field 'datos' is required for type 'ticket'",
    });
    client.send({ tipo: 'status' });
    expect((await client.next('status')).current).toBe(0);
    client.close();
  });

  it('answers an unknown tipo with its name', async () => {
    const client = await service.connect();
    client.send({ tipo: 'imprimir' });
    expect((await client.next('error')).mensaje).toBe('Unknown message type: imprimir');
    client.close();
  });

  it('answers a frame that is not JSON with a JSON: error and keeps the connection usable', async () => {
    const client = await service.connect();
    client.send('{"tipo": "ping"');
    expect((await client.next('error')).mensaje).toMatch(/^JSON: /);
    client.send('[1,2,3]');
    await client.count(3);
    expect(client.messages[2]).toMatchObject({ tipo: 'error', mensaje: expect.stringMatching(/^JSON: /) });
    client.send({ tipo: 'ping', id: 'still-there' });
    expect(await client.next('pong')).toEqual({ tipo: 'pong', id: 'still-there', status: 'ok' });
    client.close();
  });

  it('answers status, ping and get_printers with the seed shapes', async () => {
    const client = await service.connect();
    client.send({ tipo: 'status' });
    expect(await client.next('status')).toEqual({ tipo: 'status', status: 'ok', current: 0, capacity: 100, mensaje: 'Queue: 0/100' });
    client.send({ tipo: 'ping' });
    expect(await client.next('pong')).toEqual({ tipo: 'pong', status: 'ok' });
    client.send({ tipo: 'get_printers' });
    const printers = await client.next('printers');
    expect(printers.status).toBe('ok');
    expect(printers.printers.length).toBeGreaterThan(0);
    for (const printer of printers.printers) {
      expect(Object.keys(printer).sort()).toEqual(['driver', 'is_default', 'is_virtual', 'name', 'port', 'printer_type', 'status']);
    }
    expect(Object.keys(printers.summary).sort()).toEqual(['default_name', 'detected_count', 'status', 'thermal_count']);
    client.close();
  });

  it('answers a resent ticket from what it knows instead of printing it twice', async () => {
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'reenvio-1', datos: ticketDoc('una vez') });
    const first = await client.next('result', (message) => message.id === 'reenvio-1');
    client.close();

    const again = await service.connect();
    again.send({ tipo: 'ticket', id: 'reenvio-1', datos: ticketDoc('una vez') });
    expect(await again.next('result', (message) => message.id === 'reenvio-1')).toEqual(first);
    expect(again.messages.some((message) => message.tipo === 'ack')).toBe(false);
    expect(service.service.recentJobs(100).filter((job) => job.id === 'reenvio-1')).toHaveLength(1);
    again.close();
  });
});

describe('message order', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ rateLimit: 0 });
  });
  afterAll(() => service.stop());

  it('always sends a ticket\'s ack before its result, even when the document fails at once', async () => {
    const client = await service.connect();
    const ids = Array.from({ length: 40 }, (_, index) => `orden-${index}`);
    for (const id of ids) client.send({ tipo: 'ticket', id, datos: { version: '9.0', commands: [] } });
    await client.until(() => client.messages.filter((message) => message.tipo === 'result').length === ids.length, 'all results');
    for (const id of ids) {
      const ackAt = client.messages.findIndex((message) => message.tipo === 'ack' && message.id === id);
      const resultAt = client.messages.findIndex((message) => message.tipo === 'result' && message.id === id);
      expect(ackAt, id).toBeGreaterThan(-1);
      expect(resultAt, id).toBeGreaterThan(ackAt);
    }
    client.close();
  });
});

describe('the queue refuses at capacity (default 100), with the fair share on', () => {
  const QUEUE_FULL = 'Queue full, please retry in a few seconds';
  let service: TestService;
  // The per-connection rate limit (30 a minute) lifted, so only the queue limits.
  beforeAll(async () => {
    service = await startTestService({ rateLimit: 0 });
  });
  afterAll(() => service.stop());

  const answers = async (client: TestClient, ids: string[]): Promise<ServerMessage[]> => {
    for (const id of ids) client.send({ tipo: 'ticket', id, datos: ticketDoc(id) });
    const wanted = new Set(ids);
    const answered = (): ServerMessage[] => client.messages.filter((message) => (message.tipo === 'ack' || message.tipo === 'error') && wanted.has(message.id ?? ''));
    await client.until(() => answered().length === ids.length, `answers to ${ids.length} tickets`, 20_000);
    return answered();
  };

  it("gives one till all 100 slots and answers the 101st with the spec's text; beside a burst, the till still gets one", async () => {
    const till = await service.connect();
    // Held still while the queue fills, so nothing finishes meanwhile.
    service.service.queue.pause();
    const got = await answers(till, Array.from({ length: 101 }, (_, n) => `venta-${n + 1}`));
    const acks = got.filter((message) => message.tipo === 'ack');
    expect(acks).toHaveLength(100);
    expect(acks.at(-1)).toEqual({ tipo: 'ack', id: 'venta-100', status: 'queued', current: 100, capacity: 100, mensaje: 'Queue: 100/100' });
    expect(got.filter((message) => message.tipo === 'error')).toEqual([{ tipo: 'error', id: 'venta-101', status: 'error', mensaje: QUEUE_FULL }]);
    service.service.queue.resume();
    await till.until(() => till.messages.filter((message) => message.tipo === 'result').length === 100, 'the 100 results', 30_000);

    // The till in use, another connection bursts: the burst holds its share, the till still gets a slot.
    service.service.queue.pause();
    const burst = await answers(await service.connect(), Array.from({ length: 100 }, (_, n) => `nube-${n}`));
    expect(burst.filter((message) => message.tipo === 'ack')).toHaveLength(80);
    expect(burst.filter((message) => message.tipo === 'error').every((message) => message.mensaje === QUEUE_FULL)).toBe(true);
    expect((await answers(till, ['venta-102']))[0]).toMatchObject({ tipo: 'ack', id: 'venta-102', current: 81, capacity: 100 });
    service.service.queue.resume();
  });
});
