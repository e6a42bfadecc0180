import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ackFor, startScriptedServer, successFor, type ScriptedServer } from './support/scripted-server';

const root = path.resolve(__dirname, '../..');
const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Runs the POS script in its own Node process (tsx for the TypeScript sources) and waits for it to end. */
function runPos(url: string, ids: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'support/pos-process.mts'), url, ...ids], { cwd: root });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a Node POS that gets a result it cannot read', () => {
  it('keeps running: that ticket is rejected with kind `protocol`, the next ones print, and it exits normally', async () => {
    const server = await startScriptedServer((frame, reply) => {
      if (frame['tipo'] !== 'ticket') return;
      reply(ackFor(frame));
      const id = String(frame['id']);
      if (id === 'mensaje-null') return reply({ tipo: 'result', id, status: 'error', mensaje: null });
      if (id === 'mensaje-number') return reply({ tipo: 'result', id, status: 'error', mensaje: 404 });
      if (id === 'mensaje-missing') return reply({ tipo: 'result', id, status: 'error' });
      reply(successFor(frame));
    });
    servers.push(server);

    const { code, stdout, stderr } = await runPos(server.url, ['mensaje-null', 'mensaje-number', 'mensaje-missing', 'venta-4']);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { id: 'mensaje-null', kind: 'protocol' },
      { id: 'mensaje-number', kind: 'protocol' },
      { id: 'mensaje-missing', kind: 'protocol' },
      { id: 'venta-4', confirmation: 'unknown' },
    ]);
  });
});
