// Printer status for `npm run bench`: does asking the printer about itself slow printing down? The same Epson-style
// printer simulator and the same receipts, ticket → result (confirmed on paper), in this one run: with status polling
// many times faster than the service's default and with it off; and with the status check before each job's first
// byte (issue 21: one more round trip on the job's connection) and without it.
import { DEFAULT_MONITOR_TIMING, type MonitorTiming } from '../src/main/services/printer-status/printer-monitor';
import type { BenchRow } from './bench-row';
import { percentile } from './latency';
import { startStatusBenchService } from './status-bench-service';

const WARM_UP = 20;
const SAMPLES = 200;
/** 40 times the default idle rate: if polling cost anything per job, it would show here. */
const BUSY_POLL_MS = DEFAULT_MONITOR_TIMING.idlePollMs / 40;
const NEVER_MS = 24 * 60 * 60 * 1000;

/** Sorted ticket → result times to a simulated Epson printer watched with `timing`. */
async function ticketToPrinted(timing: Partial<MonitorTiming>): Promise<number[]> {
  const service = await startStatusBenchService(timing);
  try {
    const samples: number[] = [];
    for (let n = 0; n < WARM_UP + SAMPLES; n += 1) {
      const ms = await service.ticket(`s${n}`);
      if (n >= WARM_UP) samples.push(ms);
    }
    return samples.sort((a, b) => a - b);
  } finally {
    await service.close();
  }
}

const polledEvery = (ms: number): Partial<MonitorTiming> => ({ idlePollMs: ms, blockedPollMs: ms });

export async function runStatusPollingBench(): Promise<BenchRow[]> {
  const without = await ticketToPrinted(polledEvery(NEVER_MS));
  const withPolling = await ticketToPrinted(polledEvery(BUSY_POLL_MS));
  const p50 = percentile(withPolling, 0.5) / percentile(without, 0.5);
  const p99 = percentile(withPolling, 0.99) / percentile(without, 0.99);
  return [
    { name: 'ticket→printed p50, no polling (baseline)', value: percentile(without, 0.5), unit: 'ms', target: '—', pass: true },
    { name: `ticket→printed p50, polling every ${BUSY_POLL_MS} ms`, value: percentile(withPolling, 0.5), unit: 'ms', target: '—', pass: true },
    { name: 'ticket→printed p50 with / without polling', value: p50, unit: '×', target: '≤ 1.15×', pass: p50 <= 1.15 },
    { name: 'ticket→printed p99 with / without polling', value: p99, unit: '×', target: '≤ 1.5×', pass: p99 <= 1.5 },
  ];
}
