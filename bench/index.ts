import { formatGoals, formatTable, type BenchRow } from './bench-row';
import { runEncodingBench } from './encoding.bench';
import { runPrintingBench } from './printing.bench';
import { runReceiptEncodersBench } from './receipt-encoders.bench';
import { runServiceBench } from './service.bench';
import { runStartupBench } from './startup.bench';
import { runCheckBeforeJobBench } from './check-before-job.bench';
import { runStatusPollingBench } from './status-polling.bench';
import { runStatusFloodBench } from './status-flood.bench';
import { runFleetBench } from './fleet.bench';
import { runLanesBench } from './lanes.bench';
import { runRealMechanismBench } from './real-mechanism.bench';
import { runFairShareBench } from './fair-share.bench';
import { runVendorProtocolsBench } from './vendor-protocols.bench';
import { runOnlineOrdersBench } from './online-orders.bench';
import { chooseBaseline } from './baseline';

/**
 * `npm run bench`: every figure measured side by side with its baseline in this one run. Words after `--` keep only
 * the sections whose title contains one of them (`npm run bench -- encoders`), since the whole run takes a minute.
 * `--baseline <commit>` also builds that commit's service and measures it beside today's where a section can
 * (`npm run bench -- "print service" --baseline 3fb5f5f`: the code before the vendor doors).
 */
async function main(): Promise<void> {
  const sections: Array<[string, () => Promise<BenchRow[]>]> = [
    ['Print service', runServiceBench],
    ['Printing end to end', runPrintingBench],
    ['Printer lanes with printers that take real time', runLanesBench],
    ['Long receipts on a printer with a real mechanism', runRealMechanismBench],
    ['A till beside a cloud burst on one printer (fair share)', runFairShareBench],
    ['Start-up and memory', runStartupBench],
    ['Encoding and preview', runEncodingBench],
    ['Receipt encoders compared', runReceiptEncodersBench],
    ['Printer status polling', runStatusPollingBench],
    ['Printer status check before each job', runCheckBeforeJobBench],
    ['Printer status flood (ASB nonstop) and the acks', runStatusFloodBench],
    ['Remote printing through an MQTT broker', runFleetBench],
    ['Vendor protocols (ePOS-Print, WebPRNT) against /ws', runVendorProtocolsBench],
    ['Online orders: poll → printed', runOnlineOrdersBench],
  ];
  const words = process.argv.slice(2);
  const baselineAt = words.indexOf('--baseline');
  if (baselineAt >= 0) {
    const commit = words[baselineAt + 1];
    if (commit === undefined) throw new Error('--baseline needs a commit: npm run bench -- "print service" --baseline 3fb5f5f');
    chooseBaseline(commit);
    words.splice(baselineAt, 2);
  }
  const filters = words.map((word) => word.toLowerCase());
  const chosen = sections.filter(([title]) => filters.length === 0 || filters.some((word) => title.toLowerCase().includes(word)));
  let failed = 0;
  const all: BenchRow[] = [];
  for (const [title, run] of chosen) {
    const rows = await run();
    all.push(...rows);
    failed += rows.filter((row) => !row.pass).length;
    process.stdout.write(`\n${title}\n${formatTable(rows)}\n`);
  }
  const goals = formatGoals(all);
  if (goals !== '') process.stdout.write(`\nGoals, each from this run's figures\n${goals}\n`);
  process.stdout.write(failed === 0 ? '\nAll targets met.\n' : `\n${failed} target(s) missed.\n`);
  process.exitCode = failed === 0 ? 0 : 1;
}

void main();
