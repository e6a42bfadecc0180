import type { Outstanding } from './bytes-flow';

/**
 * What the print worker needs from a printer. Adapters in src/main/platform implement it; the services never
 * know whether bytes go to a spooler, a socket or a file.
 */
export interface PrintJobBytes {
  id: string;
  bytes: Uint8Array;
  /** Dots across the roll the job was laid out for; only printers that render (the virtual one) need it. */
  paperDots?: number;
  /** The printer profile's id the job was encoded for: a renderer reads Star bytes as Star, the rest as ESC/POS. */
  model?: string;
  /** How long the job's paper takes to print at the slowest speed (printAllowanceMs); estimated from ESC/POS if absent. */
  printMs?: number;
}

export interface PrinterTransport {
  /** The printer URI this transport was opened for (`virtual`, `tcp://host:port`, `cups:NAME`, …). */
  readonly uri: string;
  /**
   * Delivers one job. Resolves once the printer or spooler has registered every byte; rejects with a
   * JobError('PRINTER', …) in bounded time when it cannot: a NothingSentError only when no byte of the job can have
   * left (not connected, device not opened, refused before the job existed), since the job's id is then not final.
   */
  send(job: PrintJobBytes): Promise<void>;
  /**
   * Links that read back (TCP 9100, direct USB): a two-way session with the printer itself, for status requests
   * and jobs confirmed by the printer. Absent where only a spooler or a file is reached. Rejects with a
   * NothingSentError when the link cannot be opened (nothing was written on it).
   */
  open?(): Promise<PrinterSession>;
}

/** A live two-way link to one printer; closed (or aborted) by whoever opened it. */
export interface PrinterSession {
  /** Sends bytes; resolves once the link took them (TCP: written; USB: transferred). Rejects with JobError('PRINTER'). */
  write(bytes: Uint8Array): Promise<void>;
  /**
   * Receives what the printer sends back, in order, from now on. A listener that returns a promise is behind on what
   * it heard (a device flooding status): the link reads no more until it resolves where it can (TCP pauses the socket,
   * so the printer waits in TCP's flow control instead of in this process's memory).
   */
  onData(listener: (bytes: Uint8Array) => Promise<void> | undefined): void;
  /** Resolves with why, once the link is gone (the printer hung up, reset, or close/abort was called). */
  readonly ended: Promise<string>;
  /** Ends the link gracefully, bounded in time. */
  close(): Promise<void>;
  /** Drops the link at once: bytes not yet taken by the printer are discarded (TCP reset), never sent late. */
  abort(): void;
  /** What was written and the printer has not taken yet (see BytesFlow); null when the link cannot say this time. */
  outstanding(): Promise<Outstanding | null>;
}

/** Opens transports by URI; each platform adapter registers the schemes it serves. */
export type TransportFactory = (uri: string) => PrinterTransport;
