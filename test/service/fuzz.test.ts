import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { serverMessageProblem } from '../support/server-message-check';
import { tempDir } from '../support/service-harness';
import { spawnService, type ServiceProcess } from '../support/service-process';
import { seededRandom } from '../support/seeded-random';

const MESSAGES = 100_000;
const CONNECTIONS = 4;
const BATCH = 500;

const STRANGE_VALUES: unknown[] = [null, true, 0, -1, 1e308, 'ticket', '', '\u0000', '😀'.repeat(50), [], {}, [[[[]]]], { __proto__: { tipo: 'x' } }, 'ñ€¿¡'];

function fuzzFrame(random: () => number, serial: number): string | Buffer {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const valid = [
    { tipo: 'ticket', id: `z${serial}`, datos: { version: '1.0', commands: [{ type: 'text', data: { text: `fuzz ${serial}` } }] } },
    { tipo: 'status' },
    { tipo: 'ping', id: `p${serial}` },
    { tipo: 'get_printers' },
    { tipo: 'ticket', id: `v${serial}`, datos: { version: pick(['1.0', '1.9', '2.0', 7, undefined]), commands: pick([[], 'x', [{ type: 'qr' }]]) } },
  ];
  const base: Record<string, unknown> = { ...pick(valid) };
  const mode = random();
  if (mode < 0.25) return JSON.stringify(base);
  if (mode < 0.5) {
    const key = pick(['tipo', 'id', 'datos', 'auth_token', '__proto__', 'constructor', pick(Object.keys(base))]);
    base[key] = pick(STRANGE_VALUES);
    return JSON.stringify(base);
  }
  const text = JSON.stringify(base);
  if (mode < 0.65) return text.slice(0, Math.floor(random() * text.length));
  if (mode < 0.8) {
    const chars = [...text];
    for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips -= 1) {
      chars[Math.floor(random() * chars.length)] = String.fromCharCode(Math.floor(random() * 0x3000));
    }
    return chars.join('');
  }
  if (mode < 0.9) return Buffer.from(Array.from({ length: 1 + Math.floor(random() * 64) }, () => Math.floor(random() * 256)));
  return '['.repeat(Math.floor(random() * 5000)) + pick(['', ']', '{"tipo":"ping"}']);
}

let running: ServiceProcess | undefined;
afterEach(() => {
  running?.child.kill('SIGKILL');
});

describe('fuzz', () => {
  it(`survives ${MESSAGES.toLocaleString('en')} random and mutated messages, answering each with a well-formed message`, { timeout: 240_000 }, async () => {
    running = await spawnService(['--data-dir', tempDir(), '--printer', 'virtual']);
    const port = running.port;
    const random = seededRandom(20261121);
    const problems: string[] = [];
    let serial = 0;

    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
        /** Ids acknowledged on this connection whose `result` is still to come (a resend is acked again, answered once). */
        const awaiting = new Set<string>();
        let immediate = -1; // the info greeting is not a reply
        let wake: (() => void) | undefined;
        socket.on('message', (data) => {
          let message: { tipo?: string; id?: string };
          try {
            message = JSON.parse(String(data)) as typeof message;
          } catch {
            problems.push(`not JSON: ${String(data).slice(0, 200)}`);
            return;
          }
          const problem = serverMessageProblem(message);
          if (problem) problems.push(problem);
          if (message.tipo === 'ack' && message.id !== undefined) awaiting.add(message.id);
          const lateResult = message.tipo === 'result' && message.id !== undefined && awaiting.delete(message.id);
          if (!lateResult) immediate += 1;
          wake?.();
        });
        // Listening before `open`: the greeting can arrive in the same packet as the handshake.
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
        let sent = 0;
        while (sent < MESSAGES / CONNECTIONS) {
          for (let index = 0; index < BATCH; index += 1) socket.send(fuzzFrame(random, serial++));
          sent += BATCH;
          let progressAt = Date.now();
          while (immediate < sent) {
            const before = immediate;
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, 1_000);
            });
            if (immediate !== before) progressAt = Date.now();
            else if (Date.now() - progressAt > 10_000) throw new Error(`no reply for 10 s after ${immediate} of ${sent} messages`);
          }
        }
        expect(immediate).toBe(sent);
        socket.close();
      }),
    );

    expect(problems.slice(0, 5)).toEqual([]);
    expect(running.child.exitCode).toBeNull();
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
  });
});
