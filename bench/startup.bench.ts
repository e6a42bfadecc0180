// Start-up and memory for `npm run bench`: how long the bundled service takes from spawn to a healthy `/health`, next
// to a bare Node HTTP server started the same way, and whether its memory comes back after a very heavy job.
import http from 'node:http';
import { noisyDotsPng } from './bench-images';
import type { BenchRow } from './bench-row';
import { GOALS, WHY } from './goals';
import { bundleServiceCli } from './bundle-service';
import { percentile } from './latency';
import { pictureReceipt, textReceipt } from './print-documents';
import { peakRssMb, rssMb, settle, spawnListening, startService, type BenchProcess } from './processes';
import { connectTicketClient } from './ticket-client';
import { startTimedSink } from './timed-sink';

const START_RUNS = 7;
const HEALTH_POLL_MS = 10;
/** 3990×3990: just under the 16-megapixel limit; scaled to the 576-dot paper it is 576 dots (72 mm) tall. */
const HEAVY_PICTURE_SIDE = 3990;
/** Issue 25: the memory a heavy job took must be back within this long after its result. */
const RSS_BACK_WITHIN_MS = 5_000;
/** Followed longer than that, to say when it did come back. */
const RSS_SETTLE_MS = 15_000;
const RSS_POLL_MS = 250;
const RSS_TARGET_MB = 20;
/** Issue 25: the service with its warm encoder thread, after its first receipt. */
const IDLE_AFTER_RECEIPT_MB = 80;

/** The baseline: the least a Node process can do to answer HTTP, started and timed like the service. */
const BARE_HTTP_SERVER = `
const server = require('node:http').createServer((request, response) => response.end('ok'));
server.listen(0, '127.0.0.1', () => process.stdout.write('listening on http://127.0.0.1:' + server.address().port + '\\n'));
`;

/** The HTTP status of one GET, or 0 when the connection failed. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });
}

/** Polls `url` every HEALTH_POLL_MS until it answers 200. */
async function untilOk(url: string): Promise<void> {
  while ((await statusOf(url)) !== 200) await settle(HEALTH_POLL_MS);
}

/** Median over START_RUNS of spawn → `path` answering 200 (one unmeasured run first, so disk caches are warm). */
async function medianStartMs(start: () => Promise<BenchProcess>, path: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run <= START_RUNS; run += 1) {
    const spawnedAt = performance.now();
    const started = await start();
    await untilOk(`http://127.0.0.1:${started.port}${path}`);
    if (run > 0) times.push(performance.now() - spawnedAt);
    started.stop();
  }
  return percentile(times.sort((a, b) => a - b), 0.5);
}

/** Cold start of the bundled service to `/health` 200, and of a bare HTTP server to its first 200 (baseline). */
async function coldStarts(): Promise<{ service: number; bareNode: number }> {
  const entry = await bundleServiceCli();
  const sink = await startTimedSink();
  try {
    const bareNode = await medianStartMs(() => spawnListening(['-e', BARE_HTTP_SERVER]), '/');
    const service = await medianStartMs(() => startService(entry, sink.uri), '/health');
    return { service, bareNode };
  } finally {
    await sink.close();
  }
}

interface HeavyJobMemory {
  idle: number;
  peak: number;
  after: number;
  /** How long after the job's result RSS was back within the target (or the whole wait, if it never was). */
  returnedAfterMs: number;
}

/** Polls RSS until it is within RSS_TARGET_MB of `idle` or RSS_SETTLE_MS passed; returns the last reading. */
async function rssSettled(pid: number, idle: number): Promise<{ after: number; waitedMs: number }> {
  const start = performance.now();
  let after = rssMb(pid);
  while (after - idle > RSS_TARGET_MB && performance.now() - start < RSS_SETTLE_MS) {
    await settle(RSS_POLL_MS);
    after = rssMb(pid);
  }
  return { after, waitedMs: performance.now() - start };
}

/**
 * A fresh service prints one small receipt (so its encoder thread is up, as in a shop), settles, and its RSS is the
 * idle figure; then one picture just under the pixel limit; RSS is followed until it comes back. The peak is the
 * kernel's high-water mark (VmHWM), so no poll can miss it.
 */
async function memoryAfterHeavyJob(): Promise<HeavyJobMemory> {
  const sink = await startTimedSink();
  const picture = noisyDotsPng(HEAVY_PICTURE_SIDE).toString('base64');
  const service = await startService(await bundleServiceCli(), sink.uri);
  const client = await connectTicketClient(service.url);
  try {
    await client.print('small', textReceipt('small'));
    await settle(2000);
    const idle = rssMb(service.pid);
    const result = await client.print('heavy', pictureReceipt(picture));
    if (result.status !== 'success') throw new Error(`bench: the heavy picture failed: ${result.mensaje}`);
    const peak = peakRssMb(service.pid);
    const { after, waitedMs } = await rssSettled(service.pid, idle);
    return { idle, peak, after, returnedAfterMs: waitedMs };
  } finally {
    client.close();
    service.stop();
    await sink.close();
  }
}

export async function runStartupBench(): Promise<BenchRow[]> {
  const starts = await coldStarts();
  const memory = await memoryAfterHeavyJob();
  const kept = memory.after - memory.idle;
  const side = `${HEAVY_PICTURE_SIDE}×${HEAVY_PICTURE_SIDE}`;
  const backInTime = kept <= RSS_TARGET_MB && memory.returnedAfterMs <= RSS_BACK_WITHIN_MS;
  return [
    { name: 'bare node HTTP server: spawn → 200 (baseline)', value: starts.bareNode, unit: 'ms', target: '—', pass: true },
    { name: 'cold start: spawn → /health 200', value: starts.service, unit: 'ms', target: '≤ 500 ms', pass: starts.service <= 500 },
    {
      name: 'RSS idle (after one receipt)',
      value: memory.idle,
      unit: 'MB',
      target: `≤ ${IDLE_AFTER_RECEIPT_MB} MB`,
      pass: memory.idle <= IDLE_AFTER_RECEIPT_MB,
      goal: GOALS.memory,
      whyMissed: WHY.afterReceipt,
    },
    { name: `RSS peak, ${side} picture job (VmHWM)`, value: memory.peak, unit: 'MB', target: '—', pass: true },
    {
      name: `RSS after the ${side} job − idle`,
      value: kept,
      unit: 'MB',
      target: `≤ ${RSS_TARGET_MB} MB within ${RSS_BACK_WITHIN_MS / 1000} s`,
      pass: backInTime,
      goal: GOALS.heavyPicture,
      whyMissed: WHY.heavyPicture,
    },
    {
      name: `wait until RSS was back within ${RSS_TARGET_MB} MB (gives up at ${RSS_SETTLE_MS / 1000} s)`,
      value: memory.returnedAfterMs,
      unit: 'ms',
      target: `≤ ${RSS_BACK_WITHIN_MS} ms`,
      pass: backInTime,
      goal: GOALS.heavyPicture,
    },
  ];
}
