/**
 * What the print worker needs from a printer. Adapters in src/main/platform implement it; the services never
 * know whether bytes go to a spooler, a socket or a file.
 */
export interface PrintJobBytes {
  id: string;
  bytes: Uint8Array;
  /** Dots across the roll the job was laid out for; only printers that render (the virtual one) need it. */
  paperDots?: number;
}

export interface PrinterTransport {
  /** The printer URI this transport was opened for (`virtual`, `tcp://host:port`, `cups:NAME`, …). */
  readonly uri: string;
  /**
   * Delivers one job. Resolves once the printer or spooler has registered every byte; rejects with a
   * JobError('PRINTER', …) in bounded time when it cannot.
   */
  send(job: PrintJobBytes): Promise<void>;
}

/** Opens transports by URI; each platform adapter registers the schemes it serves. */
export type TransportFactory = (uri: string) => PrinterTransport;
