// Printing end to end for `npm run bench`: the bundled service prints to raw-TCP sink printers that live in the bench
// process, so "the printer has the last byte" is timed on the same clock as "the ticket was sent".
import type { PrintDocument } from '../src/shared/document/types';
import { heavyLogoPng } from './bench-images';
import type { BenchRow } from './bench-row';
import { bundleServiceCli } from './bundle-service';
import { percentile } from './latency';
import { pictureReceipt, textReceipt } from './print-documents';
import { startService } from './processes';
import { connectTicketClient, type TicketClient } from './ticket-client';
import { startTimedSink, type TimedSink } from './timed-sink';

const WARM_UP = 30;
const LAST_BYTE_SAMPLES = 300;
const BURST = 400;
const LANES = 4;
const BESIDE_LOGO_SAMPLES = 100;
/**
 * The busy lane prints at least this many logos while the receipts are measured, so the figure covers whole logo
 * jobs (frame parse, journal write, dithering, sending) rather than whichever phase of one logo 100 receipts hit.
 */
const LOGOS_DURING_SAMPLES = 12;
/** 576×4000 dots (half a metre of paper): ~100-150 ms to decode and dither, well inside the per-job limits. */
const LOGO_HEIGHT = 4000;
/** Logo tickets kept queued on the busy lane, so its encoder never waits for the bench to send the next one. */
const LOGOS_IN_FLIGHT = 2;

/** Runs `measure` against a fresh bundled service whose default printer is `defaultPrinter`, over one WebSocket. */
async function withService<T>(defaultPrinter: string, measure: (client: TicketClient) => Promise<T>): Promise<T> {
  const service = await startService(await bundleServiceCli(), defaultPrinter);
  const client = await connectTicketClient(service.url);
  try {
    return await measure(client);
  } finally {
    client.close();
    service.stop();
  }
}

/** Prints one ticket and waits for its result; a failed ticket stops the bench, as its figures would mean nothing. */
async function printOrThrow(client: TicketClient, id: string, datos: PrintDocument): Promise<void> {
  const result = await client.print(id, datos);
  if (result.status !== 'success') throw new Error(`bench ticket ${id} failed: ${result.mensaje}`);
}

/** Milliseconds from sending a text receipt to `sink` holding its last byte. Returns once the result is in too. */
async function sendToLastByte(client: TicketClient, sink: TimedSink, id: string): Promise<number> {
  const lastByte = sink.lastByteOf(id);
  const sentAt = performance.now();
  await printOrThrow(client, id, textReceipt(id));
  return (await lastByte) - sentAt;
}

/**
 * Closed loop of text receipts to `printer`, ticket → result, each one sent when the previous one printed, until
 * `enough(samples so far)`.
 */
async function sendToResult(client: TicketClient, printer: string, prefix: string, enough: (count: number) => boolean): Promise<number[]> {
  const samples: number[] = [];
  for (let n = 0; !enough(n); n += 1) {
    const sentAt = performance.now();
    await printOrThrow(client, `${prefix}${n}`, textReceipt(`${prefix}${n}`, printer));
    samples.push(performance.now() - sentAt);
  }
  return samples.sort((a, b) => a - b);
}

/** Ticket → last byte at the printer, closed loop on one connection, after a warm-up. */
async function lastByteLatencies(): Promise<number[]> {
  const sink = await startTimedSink();
  try {
    return await withService(sink.uri, async (client) => {
      for (let n = 0; n < WARM_UP; n += 1) await sendToLastByte(client, sink, `w${n}`);
      const samples: number[] = [];
      for (let n = 0; n < LAST_BYTE_SAMPLES; n += 1) samples.push(await sendToLastByte(client, sink, `m${n}`));
      return samples.sort((a, b) => a - b);
    });
  } finally {
    await sink.close();
  }
}

/** An open burst of text receipts spread round-robin over `lanes` printers: printed jobs per second. */
async function printedJobsPerSecond(lanes: number): Promise<number> {
  const sinks = await Promise.all(Array.from({ length: lanes }, () => startTimedSink()));
  const printerOf = (n: number): string => (sinks[n % lanes] as TimedSink).uri;
  try {
    return await withService(printerOf(0), async (client) => {
      for (let n = 0; n < WARM_UP; n += 1) await printOrThrow(client, `w${n}`, textReceipt(`w${n}`, printerOf(n)));
      const start = performance.now();
      await Promise.all(Array.from({ length: BURST }, (_, n) => printOrThrow(client, `b${n}`, textReceipt(`b${n}`, printerOf(n)))));
      return BURST / ((performance.now() - start) / 1000);
    });
  } finally {
    await Promise.all(sinks.map((sink) => sink.close()));
  }
}

/** Logo tickets printed while the lane was kept busy, and the lane's time per logo (its throughput, inverted). */
interface LogoLane {
  printed: number;
  msEach: number;
}

/** Keeps heavy-logo tickets queued on `printer` until `stop`; the lane prints them back to back. */
function keepLogosPrinting(client: TicketClient, printer: string, logoBase64: string): { printed: () => number; stop: () => Promise<LogoLane> } {
  const start = performance.now();
  let stopping = false;
  let sent = 0;
  let printed = 0;
  const loop = async (): Promise<void> => {
    while (!stopping) {
      await printOrThrow(client, `logo${(sent += 1)}`, pictureReceipt(logoBase64, printer));
      printed += 1;
    }
  };
  const loops = Promise.all(Array.from({ length: LOGOS_IN_FLIGHT }, loop));
  // A failed logo is reported by `stop`; until then the rejection must not count as unhandled.
  loops.catch(() => undefined);
  return {
    printed: () => printed,
    stop: async () => {
      stopping = true;
      await loops;
      return { printed, msEach: (performance.now() - start) / printed };
    },
  };
}

interface BesideLogo {
  idle: number[];
  busy: number[];
  logos: LogoLane;
}

/**
 * Lane A's text receipts, ticket → result: first with lane B idle, then while lane B prints heavy logos back to back
 * (the service's encoder pool has a thread for each, so lane A should barely notice).
 */
async function latencyBesideHeavyLogo(): Promise<BesideLogo> {
  const [laneA, laneB] = await Promise.all([startTimedSink(), startTimedSink()]);
  const logoBase64 = heavyLogoPng(LOGO_HEIGHT).toString('base64');
  try {
    return await withService(laneA.uri, async (client) => {
      await printOrThrow(client, 'warm-logo', pictureReceipt(logoBase64, laneB.uri));
      await sendToResult(client, laneA.uri, 'w', (n) => n >= WARM_UP);
      const idle = await sendToResult(client, laneA.uri, 'idle', (n) => n >= BESIDE_LOGO_SAMPLES);
      const logos = keepLogosPrinting(client, laneB.uri, logoBase64);
      const busy = await sendToResult(client, laneA.uri, 'busy', (n) => n >= BESIDE_LOGO_SAMPLES && logos.printed() >= LOGOS_DURING_SAMPLES);
      return { idle, busy, logos: await logos.stop() };
    });
  } finally {
    await Promise.all([laneA.close(), laneB.close()]);
  }
}

const informative = (name: string, value: number, unit: string): BenchRow => ({ name, value, unit, target: '—', pass: true });

/**
 * Ticket → last byte at a TCP printer, printed jobs per second through one and four printer lanes, and a receipt's
 * latency while another lane encodes a heavy logo. Each measurement gets a fresh service.
 */
export async function runPrintingBench(): Promise<BenchRow[]> {
  const lastByte = await lastByteLatencies();
  const oneLane = await printedJobsPerSecond(1);
  const fourLanes = await printedJobsPerSecond(LANES);
  const beside = await latencyBesideHeavyLogo();
  const lastByteP50 = percentile(lastByte, 0.5);
  const idleP50 = percentile(beside.idle, 0.5);
  const busyP50 = percentile(beside.busy, 0.5);
  return [
    { name: 'text receipt: ticket→last byte at TCP printer p50', value: lastByteP50, unit: 'ms', target: '≤ 15 ms', pass: lastByteP50 <= 15 },
    informative('text receipt: ticket→last byte at TCP printer p99', percentile(lastByte, 0.99), 'ms'),
    informative(`printed jobs/s, 1 lane (baseline, burst of ${BURST})`, oneLane, '/s'),
    informative(`printed jobs/s, ${LANES} lanes (burst of ${BURST})`, fourLanes, '/s'),
    informative(`${LANES} lanes / 1 lane`, fourLanes / oneLane, '×'),
    informative('receipt ticket→result p50, other lanes idle (baseline)', idleP50, 'ms'),
    informative(`receipt ticket→result p50, other lane printing 576×${LOGO_HEIGHT} logos (${beside.busy.length} receipts)`, busyP50, 'ms'),
    informative('receipt ticket→result p99, other lanes idle', percentile(beside.idle, 0.99), 'ms'),
    informative('receipt ticket→result p99, other lane printing logos', percentile(beside.busy, 0.99), 'ms'),
    { name: 'receipt beside heavy logo / idle (p50)', value: busyP50 / idleP50, unit: '×', target: '≤ 2×', pass: busyP50 / idleP50 <= 2 },
    informative(`576×${LOGO_HEIGHT} logo: busy lane's time per logo (${beside.logos.printed} printed)`, beside.logos.msEach, 'ms'),
  ];
}
