// Printer status for `npm run bench`: does asking the printer about itself slow printing down? The same Epson-style
// printer simulator and the same receipts, ticket → result (confirmed on paper), with status polling many times
// faster than the service's default and with it off, in this one run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPrintService } from '../src/main/service-host';
import { DEFAULT_MONITOR_TIMING } from '../src/main/services/printer-status/printer-monitor';
import { defaultConfig } from '../src/main/services/service-config';
import { startTcpPrinterSimulator } from '../test/support/printer-simulator';
import type { BenchRow } from './bench-row';
import { percentile } from './latency';
import { textReceipt } from './print-documents';
import { connectTicketClient } from './ticket-client';

const WARM_UP = 20;
const SAMPLES = 200;
/** 40 times the default idle rate: if polling cost anything per job, it would show here. */
const BUSY_POLL_MS = DEFAULT_MONITOR_TIMING.idlePollMs / 40;
const NEVER_MS = 24 * 60 * 60 * 1000;

/** Sorted ticket → result times to a simulated Epson printer polled every `idlePollMs`. */
async function ticketToPrinted(idlePollMs: number): Promise<number[]> {
  const printer = await startTcpPrinterSimulator();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticketera-bench-status-'));
  const running = await startPrintService(
    { ...defaultConfig('development'), host: '127.0.0.1', port: 0, dataDir, printer: printer.uri, printerProfiles: [{ printer: printer.uri, model: 'epson-tm-t88vi' }], rateLimit: 0 },
    { printerDiscovery: [], monitorTiming: { idlePollMs, blockedPollMs: idlePollMs } },
  );
  const client = await connectTicketClient(`ws://127.0.0.1:${running.address.port}/ws`);
  try {
    // The first answer makes the printer one that reads back: from then on jobs are confirmed on paper.
    while (running.service.printerStatuses()[0]?.answeredAt == null) await new Promise((resolve) => setTimeout(resolve, 20));
    const samples: number[] = [];
    for (let n = 0; n < WARM_UP + SAMPLES; n += 1) {
      const sentAt = performance.now();
      const result = await client.print(`s${n}`, textReceipt(`s${n}`));
      if (!/printed: confirmed/.test(result.mensaje)) throw new Error(`bench ticket s${n} was not confirmed: ${result.mensaje}`);
      if (n >= WARM_UP) samples.push(performance.now() - sentAt);
    }
    return samples.sort((a, b) => a - b);
  } finally {
    client.close();
    await running.stop();
    await printer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runStatusPollingBench(): Promise<BenchRow[]> {
  const without = await ticketToPrinted(NEVER_MS);
  const withPolling = await ticketToPrinted(BUSY_POLL_MS);
  const p50 = percentile(withPolling, 0.5) / percentile(without, 0.5);
  const p99 = percentile(withPolling, 0.99) / percentile(without, 0.99);
  return [
    { name: 'ticket→printed p50, no polling (baseline)', value: percentile(without, 0.5), unit: 'ms', target: '—', pass: true },
    { name: `ticket→printed p50, polling every ${BUSY_POLL_MS} ms`, value: percentile(withPolling, 0.5), unit: 'ms', target: '—', pass: true },
    { name: 'ticket→printed p50 with / without polling', value: p50, unit: '×', target: '≤ 1.15×', pass: p50 <= 1.15 },
    { name: 'ticket→printed p99 with / without polling', value: p99, unit: '×', target: '≤ 1.5×', pass: p99 <= 1.5 },
  ];
}
