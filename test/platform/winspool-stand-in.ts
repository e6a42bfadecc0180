import { threadId } from 'node:worker_threads';
import type { WinspoolCalls, WinspoolHandle } from '../../src/main/platform/winspool/winspool-binding';
import { WinspoolCallError } from '../../src/main/platform/winspool/winspool-binding';

/**
 * A spooler for the spooler threads on Linux (loaded by worker/winspool-worker.ts in place of koffi and
 * winspool.drv): synchronous like the real calls, and able to block its thread the way a hung spooler does, which
 * a promise that never settles cannot show.
 */
export interface StandInOptions {
  printers?: string[];
  /** Loading "winspool.drv" blocks the thread this long (Wine's loads it while CUPS does not answer). */
  loadBlocksMs?: number;
  /** Loading fails with this message (koffi's Windows binary missing). */
  loadFails?: string;
  /** Calls that block the thread this long: by method, or `openPrinter:NAME` for one printer only. */
  blocks?: Record<string, number>;
  /** Shared with the test: [printers opened, printers closed, documents finished] over every thread. */
  counters?: SharedArrayBuffer;
}

export const OPENED = 0;
export const CLOSED = 1;
export const DOCUMENTS = 2;

/** Blocks this thread like a native call that does not return: no JavaScript runs in it meanwhile. */
function blockThread(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function loadWinspoolCalls(options: StandInOptions = {}): WinspoolCalls {
  if (options.loadBlocksMs) blockThread(options.loadBlocksMs);
  if (options.loadFails) throw new Error(options.loadFails);
  const printers = options.printers ?? ['POS-80'];
  const counters = options.counters ? new Int32Array(options.counters) : new Int32Array(3);
  const open = new Map<WinspoolHandle, { name: string; bytes: number }>();
  let nextHandle = BigInt(threadId) * 1000n;
  const step = (method: string, printer?: string): void => {
    const ms = (printer !== undefined ? options.blocks?.[`${method}:${printer}`] : undefined) ?? options.blocks?.[method];
    if (ms) blockThread(ms);
  };
  const state = (handle: WinspoolHandle): { name: string; bytes: number } => {
    const found = open.get(handle);
    if (!found) throw new WinspoolCallError('invalid handle');
    return found;
  };
  const info = (name: string) => ({
    printerName: name,
    portName: 'USB001',
    driverName: name,
    // Which thread answered, so a test can tell the call did not run on the event loop's thread.
    comment: `thread ${threadId}`,
    location: '',
    status: 0,
    attributes: 0,
    jobs: 0,
  });
  return {
    enumPrinters() {
      step('enumPrinters');
      return printers.map(info);
    },
    enumPrinterNames() {
      step('enumPrinterNames');
      return printers.map((name) => ({ printerName: name, serverName: '', attributes: 0 }));
    },
    getDefaultPrinter() {
      step('getDefaultPrinter');
      return printers[0];
    },
    openPrinter(name) {
      step('openPrinter', name);
      if (!printers.includes(name)) throw new WinspoolCallError('OpenPrinterW');
      const handle = (nextHandle += 1n);
      open.set(handle, { name, bytes: 0 });
      Atomics.add(counters, OPENED, 1);
      return handle;
    },
    getPrinter(handle) {
      step('getPrinter');
      return info(state(handle).name);
    },
    startDocRaw(handle) {
      step('startDocRaw');
      state(handle).bytes = 0;
      return 1;
    },
    startPage(handle) {
      state(handle);
    },
    write(handle, bytes) {
      step('write');
      state(handle).bytes += bytes.length;
      return bytes.length;
    },
    endPage(handle) {
      state(handle);
    },
    endDoc(handle) {
      step('endDoc');
      state(handle);
      Atomics.add(counters, DOCUMENTS, 1);
    },
    abort(handle) {
      state(handle);
    },
    closePrinter(handle) {
      state(handle);
      open.delete(handle);
      Atomics.add(counters, CLOSED, 1);
    },
  };
}
