import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, ticketDoc } from '../support/service-harness';
import { TestClient } from '../support/ws-client';

const fixture = path.resolve(__dirname, '..', 'fixtures', 'service-with-a-throwing-job.ts');
let child: ReturnType<typeof spawn> | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
});

/** Starts the fixture service and resolves with its port and a reader of what it printed. */
async function startFixture(mode: 'guarded' | 'unguarded'): Promise<{ port: number; output: () => string; exited: Promise<unknown> }> {
  const started = spawn(process.execPath, ['--import', 'tsx', fixture, tempDir(), mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  child = started;
  let output = '';
  started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => started.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`fixture did not start:\n${output}`)), 20_000);
    started.stdout?.on('data', () => {
      const match = /listening on ws:\/\/127\.0\.0\.1:(\d+)\/ws/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { port, output: () => output, exited };
}

describe('the last line of defence', () => {
  it('logs an error that escaped a job and keeps printing the next tickets', { timeout: 30_000 }, async () => {
    const service = await startFixture('guarded');
    const client = await TestClient.open(`ws://127.0.0.1:${service.port}/ws`);
    client.send({ tipo: 'ticket', id: 'explota', datos: ticketDoc() });
    expect((await client.next('result', (message) => message.id === 'explota')).status).toBe('success');
    await expect.poll(() => service.output(), { timeout: 10_000 }).toMatch(/Uncaught exception #2/);
    client.send({ tipo: 'ticket', id: 'siguiente', datos: ticketDoc() });
    expect((await client.next('result', (message) => message.id === 'siguiente')).status).toBe('success');
    expect(service.output()).toMatch(/Unhandled rejection #1 \(the service keeps running\): Error: job explota failed outside its handler/);
  });

  it('is what keeps it alive: without it the same job ends the process', { timeout: 30_000 }, async () => {
    const service = await startFixture('unguarded');
    const client = await TestClient.open(`ws://127.0.0.1:${service.port}/ws`);
    client.send({ tipo: 'ticket', id: 'explota', datos: ticketDoc() });
    expect(await service.exited).not.toBe(0);
  });
});
