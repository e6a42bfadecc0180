// A device flooding status for `npm run bench`: a printer (or something else on port 9100) that sends Automatic
// Status Back nonstop must cost the tills nothing. Two bundled services side by side, each printing to a monitored
// TCP printer of its own (its own process): one floods ASB on every connection, one is quiet; otherwise the same
// printer. Every ticket is also printed, so the flooding printer's status is read while the acks are measured (a
// check before each job, the job's own session, the status read after it). Ticket → ack over /ws is measured on both
// at the same time, round after round, so a busy spell of the shared machine lands on both alike, and the flood's p99
// is divided by the quiet one's, both from this one run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type WebSocket from 'ws';
import type { BenchRow } from './bench-row';
import { bundleServiceCli } from './bundle-service';
import { GOALS, WHY } from './goals';
import { closedLoopRoundTrips, openSockets, percentile } from './latency';
import { startService, type ServiceUnderTest } from './processes';
import { connectTicketClient } from './ticket-client';

/** Tills sending at once. */
const CONNECTIONS = 8;
const ROUNDS = 40;
/** Round trips per connection per round: 12,800 samples on each side, so p99 is not a few events. */
const PER_ROUND = 40;
const TARGET_RATIO = 1.2;

interface BenchPrinter {
  uri: string;
  /** Flood bytes the printer has written so far, as it last said, and when it said it (performance.now()). */
  flooded(): { bytes: number; at: number };
  stop(): void;
}

/** The printer process (bench/flooding-printer.ts), once it listens. */
function startPrinter(flood: boolean): Promise<BenchPrinter> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'flooding-printer.ts'), ...(flood ? ['--flood'] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  let flooded = { bytes: 0, at: performance.now() };
  let output = '';
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      output = lines.pop() ?? '';
      for (const line of lines) {
        const listening = /^listening on (tcp:\/\/\S+)/.exec(line);
        if (listening?.[1]) resolve({ uri: listening[1], flooded: () => flooded, stop: () => child.kill('SIGKILL') });
        const count = /^flooded (\d+)/.exec(line);
        if (count) flooded = { bytes: Number(count[1]), at: performance.now() };
      }
    });
  });
}

/** CPU time a process has used so far, in ms (Linux: utime + stime in /proc/PID/stat, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ticket = (id: string): string =>
  JSON.stringify({ tipo: 'ticket', id, datos: { version: '1.0', commands: [{ type: 'text', data: { text: `Ticket ${id}` } }, { type: 'cut' }] } });
const isAck = (data: string): boolean => data.includes('"tipo":"ack"');

interface Side {
  printer: BenchPrinter;
  service: ServiceUnderTest;
  sockets: WebSocket[];
  acks: number[];
}

async function startSide(entry: string, flood: boolean): Promise<Side> {
  const printer = await startPrinter(flood);
  const service = await startService(entry, printer.uri);
  // One ticket through to its result first: the printer has answered (jobs now go through the monitor, which reads
  // its status around each one), and a flood that made it unreadable fails the bench here rather than measuring nothing.
  const client = await connectTicketClient(service.url);
  const result = await client.print('first', { version: '1.0', commands: [{ type: 'text', data: { text: 'first' } }] });
  client.close();
  if (!/Print completed/.test(result.mensaje)) throw new Error(`bench: the ${flood ? 'flooding' : 'quiet'} printer did not print: ${result.mensaje}`);
  const sockets = await openSockets(service.url, CONNECTIONS);
  await closedLoopRoundTrips(sockets, 10, (s, n) => ticket(`warm-${s}-${n}`), isAck);
  return { printer, service, sockets, acks: [] };
}

export async function runStatusFloodBench(): Promise<BenchRow[]> {
  const entry = await bundleServiceCli();
  const quiet = await startSide(entry, false);
  const flooding = await startSide(entry, true);
  const floodedBefore = flooding.printer.flooded();
  let floodedAfter = floodedBefore;
  const cpuBefore = [quiet, flooding].map((side) => cpuMs(side.service.pid));
  const started = performance.now();
  let cpuShare = [0, 0];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Both at once: a busy spell of the shared machine lands on both alike.
      const [quietAcks, floodAcks] = await Promise.all(
        [quiet, flooding].map((side) => closedLoopRoundTrips(side.sockets, PER_ROUND, (s, n) => ticket(`r${round}-${s}-${n}`), isAck)),
      );
      quiet.acks.push(...(quietAcks ?? []));
      flooding.acks.push(...(floodAcks ?? []));
    }
    // Both services print their tickets all along, so the flooding printer's status is read during both sides' rounds.
    // It says its count every 200 ms: wait for its word on the last round.
    await new Promise((resolve) => setTimeout(resolve, 300));
    floodedAfter = flooding.printer.flooded();
    const elapsed = performance.now() - started;
    cpuShare = [quiet, flooding].map((side, index) => (100 * (cpuMs(side.service.pid) - (cpuBefore[index] ?? 0))) / elapsed);
  } finally {
    for (const side of [quiet, flooding]) {
      for (const socket of side.sockets) socket.terminate();
      side.service.stop();
      side.printer.stop();
    }
  }
  const ascending = (a: number, b: number): number => a - b;
  const quietP99 = percentile(quiet.acks.sort(ascending), 0.99);
  const floodP99 = percentile(flooding.acks.sort(ascending), 0.99);
  const ratio = floodP99 / quietP99;
  const rate = (floodedAfter.bytes - floodedBefore.bytes) / (1024 * 1024) / ((floodedAfter.at - floodedBefore.at) / 1000);
  return [
    { name: `ticket→ack p50, quiet printer (${CONNECTIONS} conns)`, value: percentile(quiet.acks, 0.5), unit: 'ms', target: '—', pass: true },
    { name: `ticket→ack p50, printer flooding ASB (${CONNECTIONS} conns)`, value: percentile(flooding.acks, 0.5), unit: 'ms', target: '—', pass: true },
    { name: `ticket→ack p99, quiet printer (baseline, ${CONNECTIONS} conns)`, value: quietP99, unit: 'ms', target: '—', pass: true },
    { name: `ticket→ack p99, printer flooding ASB (${CONNECTIONS} conns)`, value: floodP99, unit: 'ms', target: '—', pass: true },
    { name: 'ASB the flooding printer got the service to take', value: rate, unit: 'MB/s', target: '≥ 10 MB/s', pass: rate >= 10 },
    { name: 'service CPU, quiet printer', value: cpuShare[0] ?? 0, unit: '% of a core', target: '—', pass: true },
    { name: 'service CPU, printer flooding ASB', value: cpuShare[1] ?? 0, unit: '% of a core', target: '—', pass: true },
    { name: 'ticket→ack p99 flood / quiet', value: ratio, unit: '×', target: `≤ ${TARGET_RATIO}×`, pass: ratio <= TARGET_RATIO, goal: GOALS.statusFlood, whyMissed: WHY.statusFlood },
  ];
}
