import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../src/main/services/intake/rate-limiter';
import { ticketDoc, withServices } from '../support/service-harness';
import type { ServerMessage } from '../../src/shared/protocol';
import { TestClient } from '../support/ws-client';

const startService = withServices();

describe('rate limit', () => {
  it('accepts 30 tickets a minute on one connection and refuses the 31st with the exact text', async () => {
    const service = await startService();
    service.service.queue.pause();
    const client = await service.connect();
    for (let index = 0; index < 31; index += 1) client.send({ tipo: 'ticket', id: `r${index}`, datos: ticketDoc() });
    await client.count(1 + 31);
    const acks = client.messages.filter((message) => message.tipo === 'ack');
    const errors = client.messages.filter((message) => message.tipo === 'error');
    expect(acks).toHaveLength(30);
    expect(errors).toEqual([
      { tipo: 'error', id: 'r30', status: 'error', mensaje: 'Rate limit exceeded: please wait before submitting more jobs' },
    ]);
    const other = await service.connect();
    other.send({ tipo: 'ticket', id: 'other-connection', datos: ticketDoc() });
    expect((await other.next('ack')).id).toBe('other-connection');
  });

  it('slides: the window frees a slot exactly 60 s after the oldest ticket', () => {
    const limiter = new SlidingWindowLimiter(30);
    for (let second = 0; second < 30; second += 1) limiter.record(second * 1000);
    expect(limiter.allows(59_999)).toBe(false);
    expect(limiter.allows(60_000)).toBe(true);
    limiter.record(60_000);
    expect(limiter.allows(60_500)).toBe(false);
  });
});

describe('queue capacity', () => {
  it('refuses a ticket when the queue is full and accepts again once a job finished', async () => {
    const service = await startService({ queueCapacity: 3 });
    service.service.queue.pause();
    const client = await service.connect();
    // A requester alone takes every slot (the fair share holds once two compete: see queue/door.ts)...
    for (const id of ['q1', 'q2', 'q3', 'q4']) client.send({ tipo: 'ticket', id, datos: ticketDoc() });
    await client.count(5);
    // ...and at capacity the queue is full for everyone.
    const other = await service.connect();
    other.send({ tipo: 'ticket', id: 'q4b', datos: ticketDoc() });
    await other.count(2);
    expect(client.messages.filter((message) => message.tipo === 'ack').map((ack) => ack.tipo === 'ack' && ack.current)).toEqual([1, 2, 3]);
    const queueFull = (id: string): ServerMessage => ({ tipo: 'error', id, status: 'error', mensaje: 'Queue full, please retry in a few seconds' });
    expect(client.messages.filter((message) => message.tipo === 'error')).toEqual([queueFull('q4')]);
    expect(other.messages.filter((message) => message.tipo === 'error')).toEqual([queueFull('q4b')]);
    service.service.queue.resume();
    await client.next('result', (message) => message.id === 'q2');
    client.send({ tipo: 'ticket', id: 'q5', datos: ticketDoc() });
    expect((await client.next('ack', (message) => message.id === 'q5')).capacity).toBe(3);
  });
});

describe('auth token', () => {
  it('refuses tickets without the right auth_token and leaves other messages open', async () => {
    const service = await startService({ token: 'secreto-de-caja' });
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'sin-token', datos: ticketDoc() });
    client.send({ tipo: 'ticket', id: 'token-malo', auth_token: 'secreto', datos: ticketDoc() });
    client.send({ tipo: 'ticket', id: 'token-en-datos', datos: { ...ticketDoc(), auth_token: 'secreto-de-caja' } });
    await client.count(4);
    expect(client.messages.slice(1).map((message) => message.tipo === 'error' && [message.id, message.mensaje])).toEqual([
      ['sin-token', 'Invalid or missing auth token'],
      ['token-malo', 'Invalid or missing auth token'],
      ['token-en-datos', 'Invalid or missing auth token'],
    ]);
    client.send({ tipo: 'ticket', id: 'con-token', auth_token: 'secreto-de-caja', datos: ticketDoc() });
    expect((await client.next('result', (message) => message.id === 'con-token')).status).toBe('success');
    client.send({ tipo: 'status' });
    expect((await client.next('status')).status).toBe('ok');
    const health = await fetch(`${service.httpUrl}/health`);
    expect(health.status).toBe(200);
  });
});

describe('frame size', () => {
  it('closes the connection with 1009 on a frame over the limit, and the service keeps serving', async () => {
    const service = await startService({ maxFrameBytes: 64 * 1024 });
    const client = await service.connect();
    client.send({ tipo: 'ticket', datos: { ...ticketDoc(), logo: 'A'.repeat(100 * 1024) } });
    expect(await client.closed()).toBe(1009);
    expect(service.server.oversizedFrames).toBe(1);
    const next = await service.connect();
    next.send({ tipo: 'ping', id: 'after' });
    expect((await next.next('pong')).id).toBe('after');
  });

  it('accepts a ticket carrying a large logo under the default 5 MiB limit', async () => {
    const service = await startService();
    const client = await service.connect();
    client.send({ tipo: 'ticket', id: 'logo', datos: { ...ticketDoc(), logo: 'A'.repeat(3 * 1024 * 1024) } });
    expect((await client.next('ack')).id).toBe('logo');
  });
});

describe('allowed origins', () => {
  it('refuses WebSocket upgrades from other browser origins and lets listed origins and native clients in', async () => {
    const service = await startService({ allowedOrigins: ['https://tpv.mitienda.es'] });
    await expect(TestClient.open(service.wsUrl, { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    const listed = await service.connect({ origin: 'https://tpv.mitienda.es' });
    listed.send({ tipo: 'ping', id: 'ok' });
    expect((await listed.next('pong')).id).toBe('ok');
    const native = await service.connect();
    native.send({ tipo: 'ping', id: 'native' });
    expect((await native.next('pong')).id).toBe('native');
  });

  it('refuses other sites by default: an empty list means "ask", and a service without a window cannot ask', async () => {
    const service = await startService();
    await expect(TestClient.open(service.wsUrl, { origin: 'https://any.example' })).rejects.toThrow('HTTP 403');
    const own = await service.connect({ origin: service.httpUrl });
    own.send({ tipo: 'ping' });
    expect((await own.next('pong')).status).toBe('ok');
  });
});
