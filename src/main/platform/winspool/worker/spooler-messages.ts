import type { WinspoolBinding } from '../winspool-binding';

export type SpoolerMethod = keyof WinspoolBinding;

/** The spooler function behind each call, for messages a person reads. */
export const SPOOLER_FUNCTIONS: Record<SpoolerMethod, string> = {
  enumPrinters: 'EnumPrintersW (level 2)',
  enumPrinterNames: 'EnumPrintersW (level 4)',
  getDefaultPrinter: 'GetDefaultPrinterW',
  openPrinter: 'OpenPrinterW',
  getPrinter: 'GetPrinterW',
  startDocRaw: 'StartDocPrinterW',
  startPage: 'StartPagePrinter',
  write: 'WritePrinter',
  endPage: 'EndPagePrinter',
  endDoc: 'EndDocPrinter',
  abort: 'AbortPrinter',
  closePrinter: 'ClosePrinter',
};

/** One spooler call, from the service to a spooler thread. Handles (bigint) and job bytes survive postMessage. */
export type SpoolerRequest = {
  [Method in SpoolerMethod]: { id: number; method: Method; args: Parameters<WinspoolBinding[Method]> };
}[SpoolerMethod];

/**
 * How a call failed, so the service can rebuild the error class: `call` a spooler function returned FALSE
 * (WinspoolCallError), `unavailable` winspool.drv or koffi could not be loaded, `other` anything else.
 */
export interface SpoolerFailure {
  kind: 'call' | 'unavailable' | 'other';
  message: string;
  /** The failing spooler function, for `call`. */
  call?: string;
}

export type SpoolerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; failure: SpoolerFailure };

/** From a spooler thread: a call's answer, or word that winspool.drv is now loaded (a call hanging after it is that call's doing). */
export type SpoolerMessage = SpoolerReply | { loaded: true };

/** A stand-in for koffi and winspool.drv on the spooler threads (tests only): its module and what it is told. */
export interface SpoolerImplementation {
  /** Exports `loadWinspoolCalls(options): WinspoolCalls`. */
  module: string;
  /** Anything structured clone carries (a SharedArrayBuffer stays shared between the threads). */
  options?: unknown;
}

/** What a spooler thread is started with. */
export interface SpoolerThreadData {
  /** Tests stand in a spooler that blocks its thread the way a hung one does. Unset in the app. */
  implementation?: SpoolerImplementation;
}
