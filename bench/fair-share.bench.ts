// A till beside a cloud burst for `npm run bench`: one bundled service, one printer whose mechanism takes real time
// (250 mm/s, bench/slow-printer.ts), two WebSocket requesters. The till prints its sale receipts (~20 cm, ~0.8 s of
// paper) one at a time with a cashier's pause between them; quiet, it is alone; during the burst another requester
// (standing in for a chain's cloud) keeps BURST short order tickets queued to the same printer, sending one more for
// each one printed. The printer's lane takes jobs in turns by requester (queue/fair-waiting.ts), so a till's receipt
// waits for the cloud ticket being printed, not for the ~100 behind it (first come first served, that was ~100 × the
// cloud ticket's paper time). Both phases are measured in this one run; the figure is burst p50 ÷ quiet p50.
import type { BenchRow } from './bench-row';
import { bundleServiceCli } from './bundle-service';
import { GOALS, WHY } from './goals';
import { percentile } from './latency';
import { longReceipt, textReceipt } from './print-documents';
import { settle, startService } from './processes';
import { startSlowPrinter } from './slow-printer';
import { connectTicketClient, type TicketClient } from './ticket-client';

const MM_PER_SECOND = 250;
/** Cloud tickets kept queued to the printer during the burst. */
const BURST = 100;
/** Till receipts per phase, and rounds of the two phases (interleaved, so a busy spell lands on both). */
const RECEIPTS = 4;
const ROUNDS = 2;
/** The cashier's pause between two receipts: spread, so a receipt arrives at any point of a cloud ticket's print. */
const PAUSES_MS = [130, 470, 260, 610, 40, 350, 520, 190];
const TARGET = 1.5;

/** Ticket → result (printed: the bench printer answers only once the paper is out) for the till's receipts, in ms. */
async function tillReceipts(till: TicketClient, name: string): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < RECEIPTS; n += 1) {
    await settle(PAUSES_MS[n % PAUSES_MS.length] as number);
    const id = `${name}-caja-${n}`;
    const sentAt = performance.now();
    const result = await till.print(id, longReceipt(id));
    if (result.status !== 'success') throw new Error(`bench ticket ${id} failed: ${result.mensaje}`);
    times.push(performance.now() - sentAt);
  }
  return times;
}

/**
 * Keeps BURST cloud tickets outstanding until `stop()`; `queued()` is how many are outstanding now. Stopped with
 * `abandon`, the ones still queued are left to the service's stop (their closed-connection errors are not failures).
 */
function cloudBurst(cloud: TicketClient, name: string, failures: string[]): { started: Promise<void>; stop(abandon: boolean): void; queued(): number } {
  let running = true;
  let abandoned = false;
  let sent = 0;
  let outstanding = 0;
  const sendOne = (): void => {
    const id = `${name}-nube-${sent}`;
    sent += 1;
    outstanding += 1;
    void cloud.print(id, textReceipt(id)).then((result) => {
      outstanding -= 1;
      if (result.status !== 'success' && !abandoned) failures.push(`${id}: ${result.mensaje}`);
      else if (running) sendOne();
    });
  };
  for (let n = 0; n < BURST; n += 1) sendOne();
  return {
    started: cloud.acked(`${name}-nube-${BURST - 1}`).then(() => undefined),
    stop: (abandon) => {
      running = false;
      abandoned = abandon;
    },
    queued: () => outstanding,
  };
}

export async function runFairShareBench(): Promise<BenchRow[]> {
  const printer = await startSlowPrinter(MM_PER_SECOND);
  const service = await startService(await bundleServiceCli(), printer.uri);
  const till = await connectTicketClient(service.url);
  const cloud = await connectTicketClient(service.url);
  const quiet: number[] = [];
  const during: number[] = [];
  const backlog: number[] = [];
  const failures: string[] = [];
  try {
    // Warm: the encoder and the printer's connection path, for both kinds of ticket.
    await till.print('w-caja', longReceipt('w-caja'));
    await cloud.print('w-nube', textReceipt('w-nube'));
    for (let round = 0; round < ROUNDS; round += 1) {
      quiet.push(...(await tillReceipts(till, `quiet${round}`)));
      const burst = cloudBurst(cloud, `burst${round}`, failures);
      await burst.started;
      const sampler = setInterval(() => backlog.push(burst.queued()), 100);
      during.push(...(await tillReceipts(till, `burst${round}`)));
      clearInterval(sampler);
      burst.stop(round === ROUNDS - 1);
      // The rest of the burst drains before the next quiet phase (~100 short tickets, ~10 s); not after the last.
      while (round < ROUNDS - 1 && burst.queued() > 0) await settle(50);
    }
  } finally {
    till.close();
    cloud.close();
    service.stop();
    await printer.close();
  }
  if (failures.length > 0) throw new Error(`bench cloud tickets failed: ${failures.slice(0, 3).join('; ')}`);
  const mm = printer.printedMm();
  const paper = { till: mm[0] ?? Number.NaN, cloud: mm[1] ?? Number.NaN };
  quiet.sort((a, b) => a - b);
  during.sort((a, b) => a - b);
  const ratio = percentile(during, 0.5) / percentile(quiet, 0.5);
  const informative = (name: string, value: number, unit: string): BenchRow => ({ name, value, unit, target: '—', pass: true });
  return [
    informative(`till receipt paper (printer at ${MM_PER_SECOND} mm/s)`, paper.till, 'mm'),
    informative('cloud ticket paper', paper.cloud, 'mm'),
    informative('cloud tickets queued while the till printed (min)', Math.min(...backlog), ''),
    informative(`till's ticket→printed p50, quiet (${quiet.length} receipts)`, percentile(quiet, 0.5), 'ms'),
    informative(`till's ticket→printed p50, during the burst (${during.length} receipts)`, percentile(during, 0.5), 'ms'),
    informative("till's ticket→printed max, during the burst", during.at(-1) ?? Number.NaN, 'ms'),
    { name: "till's ticket→printed p50, burst ÷ quiet", value: ratio, unit: '×', target: `≤ ${TARGET}×`, pass: ratio <= TARGET, goal: GOALS.fairShare, whyMissed: WHY.fairShare },
  ];
}
