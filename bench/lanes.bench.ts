// Printer lanes with printers that take real time (issue 25). The printing bench's sinks are instant, so there the
// service's own thread is the bottleneck and four lanes cannot beat one; here each printer's mechanism prints at
// 250 mm/s (a 20 cm receipt ≈ 0.8 s), as a shop's do. Shown: four printers print ~4× the jobs of one in the same
// time, and a slow or stopped printer delays neither another printer's results nor any ticket's ack, its own included.
import type { PrintDocument } from '../src/shared/document/types';
import type { BenchRow } from './bench-row';
import { GOALS } from './goals';
import { bundleServiceCli } from './bundle-service';
import { percentile } from './latency';
import { longReceipt, textReceipt } from './print-documents';
import { startService } from './processes';
import { startSlowPrinter, type SlowPrinter } from './slow-printer';
import { connectTicketClient, type TicketClient } from './ticket-client';

/** A thermal mechanism's speed (Epson TM-T20III, TM-T88VI class). */
const MM_PER_SECOND = 250;
/** A slow printer: a quarter of that (an old or cheap mechanism, or one printing dense graphics). */
const SLOW_MM_PER_SECOND = MM_PER_SECOND / 4;
const LANES = 4;
/** Receipts queued on each printer at once; ~4 s of printing each. */
const JOBS_PER_PRINTER = 5;
/** Receipts the watched printer prints closed loop in each phase of the bad-neighbour figure (~3.4 s). */
const WATCHED_RECEIPTS = 4;
/** Rounds of the three neighbour phases; a stopped phase is shorter than the service's 10 s job limit. */
const ROUNDS = 2;
const SCALING_TARGET = 3.6;
const RESULT_TARGET = 1.15;
const ACK_TARGET = 1.5;

async function printOrThrow(client: TicketClient, id: string, datos: PrintDocument): Promise<void> {
  const result = await client.print(id, datos);
  if (result.status !== 'success') throw new Error(`bench ticket ${id} failed: ${result.mensaje}`);
}

/** Printed jobs per second with `printers` printers at 250 mm/s, each given JOBS_PER_PRINTER receipts at once. */
async function jobsPerSecond(printers: number): Promise<{ perSecond: number; mmEach: number }> {
  const slow = await Promise.all(Array.from({ length: printers }, () => startSlowPrinter(MM_PER_SECOND)));
  const service = await startService(await bundleServiceCli(), (slow[0] as SlowPrinter).uri);
  const client = await connectTicketClient(service.url);
  try {
    // One receipt each first: the encoder threads and each printer's connection path are warm.
    await Promise.all(slow.map((printer, p) => printOrThrow(client, `w${p}`, longReceipt(`w${p}`, printer.uri))));
    const start = performance.now();
    await Promise.all(
      slow.flatMap((printer, p) => Array.from({ length: JOBS_PER_PRINTER }, (_, n) => printOrThrow(client, `j${p}-${n}`, longReceipt(`j${p}-${n}`, printer.uri)))),
    );
    const mm = slow.flatMap((printer) => printer.printedMm());
    return { perSecond: (printers * JOBS_PER_PRINTER) / ((performance.now() - start) / 1000), mmEach: mm.reduce((a, b) => a + b, 0) / mm.length };
  } finally {
    client.close();
    service.stop();
    await Promise.all(slow.map((printer) => printer.close()));
  }
}

/** What the watched printer's receipts and the neighbour's tickets saw during one phase. */
interface Phase {
  /** Watched printer (250 mm/s): ticket → result, closed loop. */
  results: number[];
  /** Tickets to the neighbour printer: ticket → ack, closed loop for as long as the watched printer prints. */
  acks: number[];
}

/** Ticket → ack in ms; throws if the ticket was refused (its outcome came without an ack). */
async function ackOf(client: TicketClient, id: string, datos: PrintDocument): Promise<number> {
  const sentAt = performance.now();
  const outcome = client.print(id, datos);
  const ackedAt = await Promise.race([client.acked(id), outcome.then(() => client.ackedAt(id) ?? Number.NaN)]);
  if (Number.isNaN(ackedAt)) throw new Error(`bench ticket ${id} was refused: ${(await outcome).mensaje}`);
  return ackedAt - sentAt;
}

/**
 * One phase: the watched printer prints WATCHED_RECEIPTS closed loop (ticket → result) while, beside it, short
 * tickets for the neighbour printer are sent closed loop on their ack (ticket → ack): acks never wait for a printer,
 * and the neighbour's lane (printing, slow or stopped) piles them up without touching the watched printer's lane.
 */
async function phase(client: TicketClient, name: string, watched: SlowPrinter, neighbour: SlowPrinter): Promise<Phase> {
  const results: number[] = [];
  const acks: number[] = [];
  let watching = true;
  const watchedLoop = (async () => {
    for (let n = 0; n < WATCHED_RECEIPTS; n += 1) {
      const sentAt = performance.now();
      await printOrThrow(client, `${name}-vigilado-${n}`, longReceipt(`${name}-vigilado-${n}`, watched.uri));
      results.push(performance.now() - sentAt);
    }
    watching = false;
  })();
  for (let n = 0; watching; n += 1) {
    const id = `${name}-vecino-${n}`;
    acks.push(await ackOf(client, id, textReceipt(id, neighbour.uri)));
  }
  await watchedLoop;
  return { results: results.sort((a, b) => a - b), acks: acks.sort((a, b) => a - b) };
}

const merged = (phases: Phase[]): Phase => ({
  results: phases.flatMap((one) => one.results).sort((a, b) => a - b),
  acks: phases.flatMap((one) => one.acks).sort((a, b) => a - b),
});

/**
 * The same service and printers through ROUNDS rounds of three phases: the neighbour printing at 250 mm/s, at a
 * quarter of it, stopped (then started again). Interleaved, so a busy spell of the machine lands on every condition.
 */
async function besideBadPrinter(): Promise<{ printing: Phase; slow: Phase; stopped: Phase }> {
  const [watched, neighbour] = await Promise.all([startSlowPrinter(MM_PER_SECOND), startSlowPrinter(MM_PER_SECOND)]);
  const service = await startService(await bundleServiceCli(), watched.uri);
  const client = await connectTicketClient(service.url);
  try {
    await Promise.all([printOrThrow(client, 'w-a', longReceipt('w-a', watched.uri)), printOrThrow(client, 'w-b', longReceipt('w-b', neighbour.uri))]);
    for (let n = 0; n < 200; n += 1) await ackOf(client, `w-c${n}`, textReceipt(`w-c${n}`, neighbour.uri));
    const phases: Record<'printing' | 'slow' | 'stopped', Phase[]> = { printing: [], slow: [], stopped: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      neighbour.setSpeed(MM_PER_SECOND);
      phases.printing.push(await phase(client, `normal${round}`, watched, neighbour));
      neighbour.setSpeed(SLOW_MM_PER_SECOND);
      phases.slow.push(await phase(client, `lenta${round}`, watched, neighbour));
      neighbour.setSpeed(MM_PER_SECOND);
      neighbour.stop();
      phases.stopped.push(await phase(client, `parada${round}`, watched, neighbour));
      neighbour.resume();
    }
    return { printing: merged(phases.printing), slow: merged(phases.slow), stopped: merged(phases.stopped) };
  } finally {
    client.close();
    service.stop();
    await Promise.all([watched.close(), neighbour.close()]);
  }
}

const informative = (name: string, value: number, unit: string): BenchRow => ({ name, value, unit, target: '—', pass: true });

/** Rows comparing one phase with the neighbour printing normally (the baseline). */
function neighbourRows(what: string, base: Phase, bad: Phase): BenchRow[] {
  const results = percentile(bad.results, 0.5) / percentile(base.results, 0.5);
  const acks = percentile(bad.acks, 0.5) / percentile(base.acks, 0.5);
  return [
    {
      name: `other printer's receipt→result p50, neighbour ${what} ÷ printing`,
      value: results,
      unit: '×',
      target: `≤ ${RESULT_TARGET}×`,
      pass: results <= RESULT_TARGET,
      goal: GOALS.lanes,
    },
    { name: `neighbour's ticket→ack p50, ${what} ÷ printing (${bad.acks.length} tickets)`, value: acks, unit: '×', target: `≤ ${ACK_TARGET}×`, pass: acks <= ACK_TARGET, goal: GOALS.lanes },
    informative(`neighbour's ticket→ack p99, ${what}`, percentile(bad.acks, 0.99), 'ms'),
  ];
}

export async function runLanesBench(): Promise<BenchRow[]> {
  const one = await jobsPerSecond(1);
  const four = await jobsPerSecond(LANES);
  const beside = await besideBadPrinter();
  const scaling = four.perSecond / one.perSecond;
  return [
    informative(`paper per receipt (printer at ${MM_PER_SECOND} mm/s)`, one.mmEach, 'mm'),
    informative(`printed jobs/s, 1 printer (baseline, ${JOBS_PER_PRINTER} receipts)`, one.perSecond, '/s'),
    informative(`printed jobs/s, ${LANES} printers (${JOBS_PER_PRINTER} receipts each)`, four.perSecond, '/s'),
    { name: `${LANES} printers ÷ 1 printer`, value: scaling, unit: '×', target: `≥ ${SCALING_TARGET}×`, pass: scaling >= SCALING_TARGET, goal: GOALS.lanes },
    informative('receipt→result p50, neighbour printing (baseline)', percentile(beside.printing.results, 0.5), 'ms'),
    informative(`neighbour's ticket→ack p50, printing (baseline, ${beside.printing.acks.length} tickets)`, percentile(beside.printing.acks, 0.5), 'ms'),
    informative("neighbour's ticket→ack p99, printing", percentile(beside.printing.acks, 0.99), 'ms'),
    ...neighbourRows(`at ${SLOW_MM_PER_SECOND} mm/s`, beside.printing, beside.slow),
    ...neighbourRows('stopped', beside.printing, beside.stopped),
  ];
}
