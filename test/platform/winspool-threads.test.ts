import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WinspoolCallError, WinspoolUnavailableError } from '../../src/main/platform/winspool/winspool-binding';
import { createWinspoolTransport } from '../../src/main/platform/winspool/winspool-transport';
import { createThreadedWinspool, type SpoolerThreadsOptions, type ThreadedWinspool } from '../../src/main/platform/winspool/worker/spooler-threads';
import { CLOSED, DOCUMENTS, OPENED, type StandInOptions } from './winspool-stand-in';

const STAND_IN = path.join(__dirname, 'winspool-stand-in.ts');
const started: ThreadedWinspool[] = [];

afterEach(() => {
  for (const spooler of started.splice(0)) spooler.close();
});

function spoolerThreads(standIn: StandInOptions, options: Omit<SpoolerThreadsOptions, 'implementation'> = {}): ThreadedWinspool {
  const spooler = createThreadedWinspool({ callTimeoutMs: 2_000, ...options, implementation: { module: STAND_IN, options: standIn } });
  started.push(spooler);
  return spooler;
}

/** How late a 20 ms timer fires while `work` runs: the event loop's own latency. */
async function loopLatency<T>(work: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; worstMs: number; ms: number }> {
  let worstMs = 0;
  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    worstMs = Math.max(worstMs, now - last - 20);
    last = now;
  }, 20);
  const begun = Date.now();
  const [result] = await Promise.allSettled([work()]);
  const ms = Date.now() - begun;
  clearInterval(timer);
  return { result: result as PromiseSettledResult<T>, worstMs, ms };
}

const bytes = (size: number): Uint8Array => Uint8Array.from({ length: size }, (_, index) => index % 251);

describe('spooler threads (winspool.drv off the event loop)', () => {
  it('make every call on a spooler thread and bring back printers, handles, bytes taken and FALSE as WinspoolCallError', async () => {
    const counters = new SharedArrayBuffer(12);
    const spooler = spoolerThreads({ printers: ['POS-80', 'Kitchen'], counters });
    const [first] = await spooler.enumPrinters();
    expect(first?.comment).toMatch(/^thread \d+$/);
    expect(first?.comment).not.toBe(`thread ${threadId}`);
    expect(await spooler.enumPrinterNames()).toEqual([
      { printerName: 'POS-80', serverName: '', attributes: 0 },
      { printerName: 'Kitchen', serverName: '', attributes: 0 },
    ]);
    expect(await spooler.getDefaultPrinter()).toBe('POS-80');

    await createWinspoolTransport('windows:Kitchen', 'Kitchen', async () => spooler).send({ id: 'job-1', bytes: bytes(70_000) });
    expect(Array.from(new Int32Array(counters))).toEqual([1, 1, 1]);
    await expect(spooler.openPrinter('Bar')).rejects.toEqual(new WinspoolCallError('OpenPrinterW'));
  });

  it('keep the event loop running while loading winspool.drv blocks its thread; the call fails within its bound, later ones at once', async () => {
    const spooler = spoolerThreads({ loadBlocksMs: 1_500 }, { callTimeoutMs: 300 });
    const first = await loopLatency(() => spooler.enumPrinters());
    expect(first.result).toMatchObject({ status: 'rejected', reason: expect.any(WinspoolUnavailableError) });
    expect(String((first.result as PromiseRejectedResult).reason)).toBe('WinspoolUnavailableError: winspool.drv still loading after 300 ms (for EnumPrintersW (level 2))');
    expect(first.ms).toBeGreaterThanOrEqual(280);
    expect(first.ms).toBeLessThan(1_000);
    expect(first.worstMs).toBeLessThan(100);

    // Still loading: a new listing call could only wait behind it, so it is refused at once.
    const second = await loopLatency(() => spooler.getDefaultPrinter());
    expect(String((second.result as PromiseRejectedResult).reason)).toBe('WinspoolUnavailableError: winspool.drv still loading (over 300 ms)');
    expect(second.ms).toBeLessThan(50);

    // Once the load returns (1.5 s after it started, later on a busy machine), the same thread answers again.
    await expect.poll(() => spooler.getDefaultPrinter().catch((error: unknown) => String(error)), { timeout: 15_000, interval: 250 }).toBe('POS-80');
  });

  it('let a printer whose calls hang hold up neither the listing nor a job for another printer', async () => {
    const counters = new SharedArrayBuffer(12);
    // The kitchen's OpenPrinterW hangs far longer than its bound: the other printer's job and the listing must be done
    // while the kitchen's call is still waiting (ordering, not a speed: a busy machine may take a while to start threads).
    const spooler = spoolerThreads({ printers: ['POS-80', 'Kitchen'], blocks: { 'openPrinter:Kitchen': 20_000 }, counters }, { callTimeoutMs: 6_000 });
    let kitchenSettled = false;
    const kitchen = createWinspoolTransport('windows:Kitchen', 'Kitchen', async () => spooler).send({ id: 'kitchen', bytes: bytes(10) });
    const kitchenOutcome = kitchen.then(
      () => 'printed',
      (error: unknown) => String(error),
    ).finally(() => {
      kitchenSettled = true;
    });
    const other = await loopLatency(async () => {
      await createWinspoolTransport('windows:POS-80', 'POS-80', async () => spooler).send({ id: 'counter', bytes: bytes(10) });
      return spooler.enumPrinters();
    });
    expect(other.result.status).toBe('fulfilled');
    expect(kitchenSettled).toBe(false);
    // Timers kept firing: no gap anywhere near the kitchen's 20 s hang on the event loop.
    expect(other.worstMs).toBeLessThan(2_000);
    expect(await kitchenOutcome).toBe('JobError: PRINTER: the Windows spooler is not available (no answer to OpenPrinterW within 6000 ms)');
    expect(Atomics.load(new Int32Array(counters), DOCUMENTS)).toBe(1);
  });

  it('close a printer the spooler opened after its job gave up waiting', async () => {
    const counters = new SharedArrayBuffer(12);
    const spooler = spoolerThreads({ blocks: { openPrinter: 600 }, counters }, { callTimeoutMs: 200 });
    await expect(spooler.openPrinter('POS-80')).rejects.toBeInstanceOf(WinspoolUnavailableError);
    const count = new Int32Array(counters);
    for (const deadline = Date.now() + 3_000; Atomics.load(count, CLOSED) < 1 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect([Atomics.load(count, OPENED), Atomics.load(count, CLOSED)]).toEqual([1, 1]);
  });

  it('say why when winspool.drv cannot be loaded, and try again on the next call', async () => {
    const spooler = spoolerThreads({ loadFails: 'Cannot find module @koromix/koffi-win32-x64' });
    await expect(spooler.enumPrinters()).rejects.toThrow('winspool.drv could not be loaded (Cannot find module @koromix/koffi-win32-x64)');
    await expect(createWinspoolTransport('windows:POS-80', 'POS-80', async () => spooler).send({ id: 'job', bytes: bytes(10) })).rejects.toThrow(
      'PRINTER: the Windows spooler is not available (winspool.drv could not be loaded (Cannot find module @koromix/koffi-win32-x64))',
    );
  });

  it('end an idle thread, and start a fresh one for the next call', async () => {
    const spooler = spoolerThreads({}, { idleMs: 100 });
    const [before] = await spooler.enumPrinters();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const [after] = await spooler.enumPrinters();
    expect(after?.comment).not.toBe(before?.comment);
  });
});
