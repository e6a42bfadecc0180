import fs from 'node:fs';
import os from 'node:os';
import { resultTextOf } from '../../../src/shared/job-error';
import { loadWinspool } from '../../../src/main/platform/winspool/load-winspool';
import { createWinspoolDiscovery } from '../../../src/main/platform/winspool/winspool-discovery';
import { createTransportFactory } from '../../../src/main/platform/transport-factory';
import { createNodeUsbBackend } from '../../../src/main/platform/usb/node-usb-backend';
import { report } from './report';

/**
 * Runs under Wine with the Windows build of Node, bundled next to the app's built worker threads (the spooler thread
 * is out/main/winspool-worker.js as the app ships it). Each command exercises the project's own Windows code:
 *   list                   EnumPrinters level 2 and 4, the default printer, and the discovery the catalog uses
 *   send QUEUE FILE        a RAW job through the transport the service uses (windows:QUEUE)
 *   hung BOUND_MS          timers while a listing that cannot answer settles within its bound
 *   usb                    the Windows `usb` binary loads and lists devices
 */
async function main(command: string | undefined, args: string[]): Promise<void> {
  switch (command) {
    case 'list': {
      const spooler = await loadWinspool();
      const names = await spooler.enumPrinterNames();
      const printers = await spooler.enumPrinters();
      const defaultName = await spooler.getDefaultPrinter();
      const discovered = await createWinspoolDiscovery(loadWinspool).discover();
      report({ names, printers, defaultName, discovered });
      return;
    }
    case 'send': {
      const [queue = '', file = ''] = args;
      const bytes = new Uint8Array(fs.readFileSync(file));
      const transport = createTransportFactory({ virtualDir: os.tmpdir() })(`windows:${queue}`);
      const started = Date.now();
      try {
        await transport.send({ id: `wine-${process.pid}`, bytes });
        report({ ok: true, bytes: bytes.length, ms: Date.now() - started });
      } catch (error) {
        report({ ok: false, error: resultTextOf(error), ms: Date.now() - started });
      }
      return;
    }
    case 'hung':
      return hung(Number(args[0] ?? 2_000));
    case 'usb': {
      const devices = await createNodeUsbBackend().getDevices();
      report({ devices: devices.length, platform: process.platform, node: process.version });
      return;
    }
    default:
      throw new Error(`unknown command ${command ?? ''}`);
  }
}

/**
 * The first spooler use of this process while CUPS is stopped: under Wine, loading winspool.drv then waits on
 * CUPS, so the listing can only settle through its bound. Timers must keep firing every 50 ms meanwhile.
 */
async function hung(boundMs: number): Promise<void> {
  const ticks: number[] = [];
  const timer = setInterval(() => ticks.push(Date.now()), 50);
  const started = Date.now();
  let outcome: Record<string, unknown>;
  try {
    const printers = await createWinspoolDiscovery(loadWinspool, { timeoutMs: boundMs }).discover();
    outcome = { listed: printers.length, stale: printers.some((printer) => printer.stale) };
  } catch (error) {
    outcome = { failed: error instanceof Error ? error.message : String(error) };
  }
  const settledMs = Date.now() - started;
  // A little longer, to show the event loop still runs after the listing gave up.
  await new Promise((resolve) => setTimeout(resolve, 500));
  clearInterval(timer);
  const gaps = ticks.map((tick, index) => tick - (index === 0 ? started : (ticks[index - 1] ?? started)));
  report({ ...outcome, settledMs, ticks: ticks.length, maxGapMs: Math.max(...gaps), spanMs: Date.now() - started });
  // The spooler thread is still inside winspool.drv's loader: the test ends this process (exit would wait for it).
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  report({ crashed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
});
