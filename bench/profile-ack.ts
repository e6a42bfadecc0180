// Profiles the bundled service under the Print service bench's ack load (`npx tsx bench/profile-ack.ts [dir] [phase]
// [--baseline <commit>]`): a CPU profile (--cpu-prof, every CPU_PROF_INTERVAL_US µs, default 1000) and the event loop's
// delay histogram, written when the service stops. With --baseline, that commit's service (bench/baseline.ts) is
// profiled the same way after today's, into dir/today and dir/baseline: what a ticket costs now that it did not.
// Not part of `npm run bench`; it is how the figures in docs/performance.md's "where the time goes" were found.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type WebSocket from 'ws';
import { baselineServiceCli, chooseBaseline } from './baseline';
import { bundleServiceCli } from './bundle-service';
import { closedLoopRoundTrips, openSockets, percentile } from './latency';
import { spawnHelper } from './processes';

const CONNECTIONS = 50;
const ticket = (id: string): string =>
  JSON.stringify({ tipo: 'ticket', id, datos: { version: '1.0', profile: { model: 'epson', paper_width: 80 }, commands: [{ type: 'text', data: { text: `Ticket ${id}` } }] } });

async function burst(sockets: WebSocket[], perSocket: number, isAck: (data: string) => boolean): Promise<number> {
  const start = performance.now();
  await Promise.all(
    sockets.map(
      (socket, s) =>
        new Promise<void>((resolve) => {
          let received = 0;
          const onMessage = (data: WebSocket.RawData): void => {
            if (isAck(String(data)) && ++received === perSocket) {
              socket.off('message', onMessage);
              resolve();
            }
          };
          socket.on('message', onMessage);
          for (let n = 0; n < perSocket; n += 1) socket.send(ticket(`burst-${s}-${n}-${start}`));
        }),
    ),
  );
  return (sockets.length * perSocket) / ((performance.now() - start) / 1000);
}

async function main(): Promise<void> {
  const words = process.argv.slice(2);
  const baselineAt = words.indexOf('--baseline');
  if (baselineAt >= 0) chooseBaseline(words.splice(baselineAt, 2)[1] ?? 'HEAD');
  const outDir = path.resolve(words[0] ?? path.join(os.tmpdir(), 'ticketera-profile'));
  const phase = words[1] ?? 'both';
  const baseline = await baselineServiceCli();
  if (!baseline) return profile(await bundleServiceCli(), outDir, phase);
  await profile(await bundleServiceCli(), path.join(outDir, 'today'), phase);
  await profile(baseline.entry, path.join(outDir, 'baseline'), phase);
}

async function profile(entry: string, outDir: string, phase: string): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  process.stdout.write(`${entry}\n`);
  const interval = process.env.CPU_PROF_INTERVAL_US;
  const preload = path.join(__dirname, 'loop-delay-preload.cjs');
  const printer = await spawnHelper('sink-printer.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-profile-'));
  // --cpu-prof is refused in NODE_OPTIONS, so node is run here with it (spawnService runs `node entry`).
  const child = spawn(
    process.execPath,
    [
      ...(process.env.NO_CPU_PROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${outDir}`, ...(interval ? [`--cpu-prof-interval=${interval}`] : [])]),
      // Where the garbage comes from: allocation samples, every 32 KiB on average.
      ...(process.env.HEAP_PROF ? ['--heap-prof', `--heap-prof-dir=${outDir}`, '--heap-prof-interval=32768'] : []),
      '--require', preload, entry, 'serve', '--port', '0',
      '--host', '127.0.0.1', '--data-dir', dataDir, '--printer', `tcp://127.0.0.1:${printer.port}`, '--rate-limit', '0', '--queue-capacity', '100000',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOOP_DELAY_OUT: path.join(outDir, 'loop-delay.json') } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on ws:\/\/[^:]+:(\d+)\/ws/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`service exited:\n${output}`)));
  }).catch((error: unknown) => {
    printer.stop();
    throw error;
  });
  // Keep reading what it logs, as the bench does.
  child.stdout.resume();
  const url = `ws://127.0.0.1:${port}/ws`;
  const sockets = await openSockets(url, CONNECTIONS);
  const isAck = (data: string): boolean => data.includes('"tipo":"ack"');
  await closedLoopRoundTrips(sockets, 20, (s, n) => ticket(`warm-${s}-${n}`), isAck);
  // Each SIGUSR2 ends a phase of the service's own figures (bench/loop-delay-preload.cjs).
  const mark = async (): Promise<void> => {
    child.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
  await mark();
  if (phase !== 'burst') {
    const acks = await closedLoopRoundTrips(sockets, 400, (s, n) => ticket(`lat-${s}-${n}`), isAck);
    process.stdout.write(`latency phase (${acks.length} tickets): ticket→ack p50 ${percentile(acks, 0.5).toFixed(2)} ms p99 ${percentile(acks, 0.99).toFixed(2)} ms\n`);
    await mark();
  }
  if (phase !== 'latency') {
    for (let round = 0; round < 3; round += 1) process.stdout.write(`burst ${(await burst(sockets, 200, isAck)).toFixed(0)} tickets/s\n`);
    await mark();
  }
  for (const socket of sockets) socket.terminate();
  child.kill('SIGINT');
  await exited;
  printer.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`profile and loop-delay.json in ${outDir}\n${fs.readFileSync(path.join(outDir, 'loop-delay.json'), 'utf8')}\n`);
}

void main();
