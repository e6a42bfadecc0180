import path from 'node:path';
import { startWorker } from '../../../services/threads/start-worker';
import { WinspoolCallError, WinspoolUnavailableError, type WinspoolBinding, type WinspoolHandle } from '../winspool-binding';
import { SpoolerLane, type SpoolerLaneOptions } from './spooler-lane';
import type { SpoolerImplementation, SpoolerThreadData } from './spooler-messages';

export interface SpoolerThreadsOptions {
  /** Bound of each spooler call (15 s, the job bound: a job is never cut short by its own calls' bound). */
  callTimeoutMs?: number;
  /** A spooler thread idle this long is ended (30 s). */
  idleMs?: number;
  /** Printers with a thread of their own at once (8): job requests cannot start threads without end. */
  maxPrinterLanes?: number;
  /** Tests: a stand-in for koffi and winspool.drv on the threads. */
  implementation?: SpoolerImplementation;
}

export interface ThreadedWinspool extends WinspoolBinding {
  /** Ends every spooler thread; calls still waiting fail. */
  close(): void;
}

/**
 * The spooler binding the service uses: winspool.drv is loaded, and every call made, on spooler threads, each call
 * bounded in time (see SpoolerLane). The listing has its thread, and each printer its own, so a listing stuck on
 * an unreachable shared printer, or a job stuck on one queue, never holds up a receipt for another queue.
 */
export function createThreadedWinspool(options: SpoolerThreadsOptions = {}): ThreadedWinspool {
  const workerData: SpoolerThreadData = options.implementation ? { implementation: options.implementation } : {};
  const laneOptions: SpoolerLaneOptions = {
    start: () => startWorker('winspool-worker', path.join(__dirname, 'winspool-worker.ts'), { workerData }),
    callTimeoutMs: options.callTimeoutMs ?? 15_000,
    idleMs: options.idleMs ?? 30_000,
  };
  const maxPrinterLanes = options.maxPrinterLanes ?? 8;
  const listing = new SpoolerLane(laneOptions);
  const printers = new Map<string, SpoolerLane>();
  const handles = new Map<WinspoolHandle, SpoolerLane>();

  const printerLane = (name: string): SpoolerLane => {
    // Windows queue names are case-insensitive: one thread per queue however a job spells it.
    const key = name.toLowerCase();
    const known = printers.get(key);
    if (known) return known;
    if (printers.size >= maxPrinterLanes) throw new WinspoolUnavailableError(`too many Windows printers in use at once (${maxPrinterLanes})`);
    const lane: SpoolerLane = new SpoolerLane({
      ...laneOptions,
      // A printer opened after its job gave up waiting is closed again, or its handle would stay open for good.
      onLate: (request, value) => {
        if (request.method === 'openPrinter') void lane.call('closePrinter', [value as WinspoolHandle], 'cleanup').catch(() => undefined);
      },
      onIdle: () => {
        if (printers.get(key) === lane) printers.delete(key);
      },
    });
    printers.set(key, lane);
    return lane;
  };

  const laneOf = (handle: WinspoolHandle): SpoolerLane => {
    const lane = handles.get(handle);
    if (!lane) throw new WinspoolCallError('invalid handle');
    return lane;
  };

  return {
    enumPrinters: () => listing.call('enumPrinters', []),
    enumPrinterNames: () => listing.call('enumPrinterNames', []),
    getDefaultPrinter: () => listing.call('getDefaultPrinter', []),
    async openPrinter(name) {
      const lane = printerLane(name);
      const handle = await lane.call('openPrinter', [name]);
      handles.set(handle, lane);
      return handle;
    },
    getPrinter: async (handle) => laneOf(handle).call('getPrinter', [handle]),
    startDocRaw: async (handle, documentName) => laneOf(handle).call('startDocRaw', [handle, documentName]),
    startPage: async (handle) => laneOf(handle).call('startPage', [handle]),
    write: async (handle, bytes) => laneOf(handle).call('write', [handle, bytes]),
    endPage: async (handle) => laneOf(handle).call('endPage', [handle]),
    endDoc: async (handle) => laneOf(handle).call('endDoc', [handle]),
    abort: async (handle) => laneOf(handle).call('abort', [handle], 'cleanup'),
    async closePrinter(handle) {
      const lane = laneOf(handle);
      handles.delete(handle);
      await lane.call('closePrinter', [handle], 'cleanup');
    },
    close() {
      listing.close();
      for (const lane of printers.values()) lane.close();
      printers.clear();
      handles.clear();
    },
  };
}
