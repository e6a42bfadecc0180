// Issue 21 for `npm run bench`: what asking the printer before each job's first byte costs (one status round on a
// connection of its own, before the job's). Two services side by side, each with its own simulated Epson TM printer,
// one with the check and one without, their tickets alternated one by one so a busy spell of the shared machine
// lands on both alike. Twice: with a printer that prints instantly (the worst case for the ratio: all that is left to
// compare is the service's own work, in which one more loopback connection weighs), and with one that prints at a
// TM-T88VI's speed, which is what a cashier waits for.
import type { BenchRow } from './bench-row';
import { percentile } from './latency';
import { startStatusBenchService } from './status-bench-service';

const NEVER_MS = 24 * 60 * 60 * 1000;
/** 350 mm/s and 1/6-inch lines: about 12 ms a line. */
const TM_T88VI_MS_PER_LINE = 12;

/** Sorted ticket → printed times without and with the check, `samples` of each after a warm-up. */
async function alternated(samples: number, msPerLine: number): Promise<{ off: number[]; on: number[] }> {
  const quiet = { idlePollMs: NEVER_MS, blockedPollMs: NEVER_MS };
  const without = await startStatusBenchService({ ...quiet, checkBeforeJob: false }, msPerLine);
  const checked = await startStatusBenchService({ ...quiet, checkBeforeJob: true }, msPerLine);
  const warmUp = 20;
  const off: number[] = [];
  const on: number[] = [];
  try {
    for (let n = 0; n < warmUp + samples; n += 1) {
      // Which goes first alternates too.
      const [first, second] = n % 2 === 0 ? [without, checked] : [checked, without];
      const firstMs = await first.ticket(`c${n}`);
      const secondMs = await second.ticket(`c${n}`);
      if (n < warmUp) continue;
      (first === without ? off : on).push(firstMs);
      (second === without ? off : on).push(secondMs);
    }
  } finally {
    await without.close();
    await checked.close();
  }
  return { off: off.sort((a, b) => a - b), on: on.sort((a, b) => a - b) };
}

export async function runCheckBeforeJobBench(): Promise<BenchRow[]> {
  const instant = await alternated(400, 0);
  const real = await alternated(100, TM_T88VI_MS_PER_LINE);
  const instantRatio = percentile(instant.on, 0.5) / percentile(instant.off, 0.5);
  const realRatio = percentile(real.on, 0.5) / percentile(real.off, 0.5);
  return [
    { name: 'instant printer: ticket→printed p50, no check (baseline)', value: percentile(instant.off, 0.5), unit: 'ms', target: '—', pass: true },
    { name: 'instant printer: ticket→printed p50, checked before the first byte', value: percentile(instant.on, 0.5), unit: 'ms', target: '—', pass: true },
    { name: 'instant printer: p50 with / without the check', value: instantRatio, unit: '×', target: '— (worst case)', pass: true },
    { name: 'TM-T88VI speed: ticket→printed p50, no check (baseline)', value: percentile(real.off, 0.5), unit: 'ms', target: '—', pass: true },
    { name: 'TM-T88VI speed: ticket→printed p50, checked before the first byte', value: percentile(real.on, 0.5), unit: 'ms', target: '—', pass: true },
    { name: 'TM-T88VI speed: p50 with / without the check', value: realRatio, unit: '×', target: '≤ 1.15×', pass: realRatio <= 1.15 },
  ];
}
