import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tempDir, ticketDoc } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { TestClient } from '../support/ws-client';

/** Low enough that a few hundred idle connections use up every descriptor the service may open. */
const MAX_OPEN_FILES = 256;
const IDLE_ATTEMPTS = 400;

let running: ServiceProcess | undefined;
const idle: WebSocket[] = [];
afterEach(() => {
  for (const socket of idle.splice(0)) socket.terminate();
  running?.child.kill('SIGKILL');
  running = undefined;
});

/** Opens idle WebSockets until the service has no descriptor left (it then drops new connections at once). */
async function exhaustDescriptors(port: number): Promise<{ opened: number; refused: number }> {
  let opened = 0;
  let refused = 0;
  const attempts = Array.from(
    { length: IDLE_ATTEMPTS },
    () =>
      new Promise<void>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
        idle.push(socket);
        socket.once('open', () => {
          opened += 1;
          resolve();
        });
        socket.once('error', () => {
          refused += 1;
          resolve();
        });
        socket.once('close', () => resolve());
      }),
  );
  await Promise.all(attempts);
  return { opened, refused };
}

describe.runIf(process.platform !== 'win32')('out of file descriptors (ulimit -n 256)', () => {
  it('stays up, answers with clear errors, and prints again once connections close', async () => {
    running = await spawnService(['--data-dir', tempDir(), '--printer', 'virtual', '--rate-limit', '0'], 20_000, undefined, {
      maxOpenFiles: MAX_OPEN_FILES,
    });
    const { port } = running;
    const cashier = await TestClient.open(`ws://127.0.0.1:${port}/ws`);
    await cashier.next('info');
    cashier.send({ tipo: 'ticket', id: 'antes', datos: ticketDoc() });
    expect((await cashier.next('result', (message) => message.id === 'antes')).status).toBe('success');

    const { opened, refused } = await exhaustDescriptors(port);
    // Some got in, the rest were dropped: the service really is out of descriptors now.
    expect(opened).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(0);

    // Listing printers spawns lpstat (CUPS or not, the spawn is attempted): it must fail cleanly.
    cashier.send({ tipo: 'get_printers' });
    const listing = await cashier.until(
      () =>
        cashier.closeCode !== undefined ||
        cashier.messages.some((message) => message.tipo === 'printers' || (message.tipo === 'error' && message.id === undefined)),
      'an answer to get_printers',
      10_000,
    );
    // Before: `spawn lpstat EMFILE` was an unhandled 'error' event and the process exited.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running.child.exitCode, running.output()).toBeNull();
    expect(cashier.closeCode).toBeUndefined();
    const answer = listing.find((message) => message.tipo === 'printers' || message.tipo === 'error');
    if (answer?.tipo === 'error') expect(answer.mensaje).toMatch(/^PRINTER: cannot list printers \(/);
    // A ticket still gets its ack (the journal is already open) and a categorised result, whatever it is.
    cashier.send({ tipo: 'ticket', id: 'sin-descriptores', datos: ticketDoc() });
    expect((await cashier.next('ack', (message) => message.id === 'sin-descriptores')).status).toBe('queued');
    const starved = await cashier.next('result', (message) => message.id === 'sin-descriptores', 15_000);
    if (starved.status === 'error') expect(starved.mensaje).toMatch(/^PRINTER: Ticketera Virtual Printer could not save the job \(EMFILE: /);
    expect(running.child.exitCode).toBeNull();
    expect(running.output()).toMatch(/EMFILE/);

    // Once the idle connections go, the service recovers by itself.
    for (const socket of idle.splice(0)) socket.terminate();
    await new Promise((resolve) => setTimeout(resolve, 500));
    cashier.send({ tipo: 'ticket', id: 'despues', datos: ticketDoc() });
    expect((await cashier.next('result', (message) => message.id === 'despues')).status).toBe('success');
    const fresh = await TestClient.open(`ws://127.0.0.1:${port}/ws`);
    fresh.send({ tipo: 'get_printers' });
    expect((await fresh.next('printers')).status).toBe('ok');
    expect(running.child.exitCode).toBeNull();
  }, 30_000);
});
