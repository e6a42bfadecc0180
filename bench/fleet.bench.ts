// Remote printing for `npm run bench` (issue 26): a chain's publish → the last byte at the shop's printer through a
// local Mosquitto, beside the same ticket sent straight over the WebSocket to the same service in the same run, and
// the tickets per second one site sustains both ways. The sink printer lives in the bench process (same clock).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectFleet, type FleetClient } from '../clients/js/src/fleet.mjs';
import type { PrintDocument as ClientDocument } from '../clients/js/src/receipt-builder.mjs';
import { Broker, mosquittoMissing } from '../test/fleet/support/mosquitto';
import { spawnService } from '../test/support/service-process';
import type { BenchRow } from './bench-row';
import { bundleServiceCli } from './bundle-service';
import { percentile } from './latency';
import { textReceipt } from './print-documents';
import { connectTicketClient, type TicketClient } from './ticket-client';
import { startTimedSink, type TimedSink } from './timed-sink';

const WARM_UP = 30;
const SAMPLES = 200;
/** The sink printer takes ~10 jobs a second (each job's connection must close in turn), so a burst of 150 is ~15 s. */
const BURST = 150;

const viaFleet = (fleet: FleetClient, id: string): Promise<unknown> => fleet.print(textReceipt(id) as ClientDocument, { id });
const viaSocket = async (client: TicketClient, id: string): Promise<unknown> => {
  const result = await client.print(id, textReceipt(id));
  if (result.status !== 'success') throw new Error(`bench ticket ${id} failed: ${result.mensaje}`);
  return result;
};

/** Closed loop: each ticket sent once the previous one's last byte reached the printer; sorted milliseconds. */
async function lastByteLatencies(sink: TimedSink, prefix: string, send: (id: string) => Promise<unknown>): Promise<number[]> {
  for (let n = 0; n < WARM_UP; n += 1) {
    const id = `${prefix}w${n}`;
    await Promise.all([sink.lastByteOf(id), send(id)]);
  }
  const samples: number[] = [];
  for (let n = 0; n < SAMPLES; n += 1) {
    const id = `${prefix}m${n}`;
    const lastByte = sink.lastByteOf(id);
    const sentAt = performance.now();
    await send(id);
    samples.push((await lastByte) - sentAt);
  }
  return samples.sort((a, b) => a - b);
}

/** A burst sent at once; tickets per second from the first send to the last result (the printer's pace). */
async function sustained(prefix: string, send: (id: string) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await Promise.all(Array.from({ length: BURST }, (_, n) => send(`${prefix}${n}`)));
  return BURST / ((performance.now() - started) / 1000);
}

/**
 * How fast one site takes tickets from the broker into its journal (acks per second): each is PUBACKed only once
 * stored, one at a time, so this is the fleet's own ceiling, whatever the printer's pace.
 */
async function fleetAcceptRate(fleet: FleetClient, prefix: string): Promise<number> {
  const started = performance.now();
  // onAck also fires when a ticket is asked about again (ASK_AGAIN_MS): only each ticket's first ack counts.
  const acked = new Set<string>();
  let allAcked = started;
  const onAck = ({ id }: { id: string }): void => {
    if (acked.has(id)) return;
    acked.add(id);
    if (acked.size === BURST) allAcked = performance.now();
  };
  await Promise.all(Array.from({ length: BURST }, (_, n) => fleet.print(textReceipt(`${prefix}${n}`) as ClientDocument, { id: `${prefix}${n}`, resultTimeoutMs: 120_000, onAck })));
  return BURST / ((allAcked - started) / 1000);
}

export async function runFleetBench(): Promise<BenchRow[]> {
  if (mosquittoMissing) {
    process.stdout.write(`Remote printing: skipped (${mosquittoMissing})\n`);
    return [];
  }
  const sink = await startTimedSink();
  const broker = await Broker.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-bench-fleet-'));
  const args = ['--host', '127.0.0.1', '--data-dir', dataDir, '--printer', sink.uri, '--rate-limit', '0', '--queue-capacity', '100000'];
  const service = await spawnService([...args, '--fleet-url', broker.url, '--fleet-site', 'bench'], 20_000, await bundleServiceCli());
  const fleet = connectFleet(broker.url, { site: 'bench' });
  const socket = await connectTicketClient(`ws://127.0.0.1:${service.port}/ws`);
  try {
    const direct = await lastByteLatencies(sink, 'ws-', (id) => viaSocket(socket, id));
    const remote = await lastByteLatencies(sink, 'mq-', (id) => viaFleet(fleet, id));
    const directRate = await sustained('ws-burst-', (id) => viaSocket(socket, id));
    const remoteRate = await sustained('mq-burst-', (id) => viaFleet(fleet, id));
    const acceptRate = await fleetAcceptRate(fleet, 'mq-accept-');
    const row = (name: string, value: number, unit: string, target: string, pass: boolean): BenchRow => ({ name, value, unit, target, pass });
    const remoteP99 = percentile(remote, 0.99);
    return [
      row('ticket → last byte, WebSocket p50', percentile(direct, 0.5), 'ms', 'baseline', true),
      row('ticket → last byte, WebSocket p99', percentile(direct, 0.99), 'ms', 'baseline', true),
      row('publish → last byte via Mosquitto p50', percentile(remote, 0.5), 'ms', '≤ WebSocket p50 + 20 ms', percentile(remote, 0.5) <= percentile(direct, 0.5) + 20),
      row('publish → last byte via Mosquitto p99', remoteP99, 'ms', '≤ 250 ms', remoteP99 <= 250),
      row(`tickets/s one site prints, WebSocket (burst of ${BURST})`, directRate, '/s', 'baseline', true),
      row(`tickets/s one site prints, via Mosquitto (burst of ${BURST})`, remoteRate, '/s', '≥ 80% of WebSocket', remoteRate >= directRate * 0.8),
      row(`tickets/s one site takes into its journal via Mosquitto`, acceptRate, '/s', '≥ 100/s', acceptRate >= 100),
    ];
  } finally {
    socket.close();
    await fleet.close();
    service.child.kill('SIGKILL');
    await service.exited;
    await broker.remove();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
