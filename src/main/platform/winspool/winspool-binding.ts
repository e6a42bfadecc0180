/**
 * The slice of the Windows spooler API (winspool.drv) Ticketera uses, in JS terms. The koffi implementation is
 * loaded only on Windows; tests drive the discovery and the transport through a fake of this interface.
 */

/** What Ticketera reads from PRINTER_INFO_2W. */
export interface WinspoolPrinterInfo {
  printerName: string;
  portName: string;
  driverName: string;
  comment: string;
  location: string;
  /** PRINTER_STATUS_* bits. */
  status: number;
  /** PRINTER_ATTRIBUTE_* bits (WORK_OFFLINE is "Use Printer Offline"). */
  attributes: number;
  /** Jobs in the queue. */
  jobs: number;
}

/**
 * What Ticketera reads from PRINTER_INFO_4W. The spooler answers level 4 from its own list without asking print
 * servers, so it stays quick when a connection to a shared printer does not answer (level 2 then hangs).
 */
export interface WinspoolPrinterName {
  printerName: string;
  /** The print server of a connection (`\\SERVER`); empty for a local queue. */
  serverName: string;
  /** PRINTER_ATTRIBUTE_* bits: "Use Printer Offline" is known here too. */
  attributes: number;
}

/** A printer handle from OpenPrinterW; opaque to everyone but the binding. */
export type WinspoolHandle = bigint;

export interface WinspoolBinding {
  /** EnumPrintersW level 2 with PRINTER_ENUM_LOCAL | PRINTER_ENUM_CONNECTIONS. */
  enumPrinters(): Promise<WinspoolPrinterInfo[]>;
  /** EnumPrintersW level 4, same flags: names and attributes only, without asking print servers. */
  enumPrinterNames(): Promise<WinspoolPrinterName[]>;
  /** GetDefaultPrinterW; undefined when the user has none. */
  getDefaultPrinter(): Promise<string | undefined>;
  openPrinter(name: string): Promise<WinspoolHandle>;
  /** GetPrinterW level 2 on an open handle: the pre-flight status check. */
  getPrinter(handle: WinspoolHandle): Promise<WinspoolPrinterInfo>;
  /** StartDocPrinterW with DOC_INFO_1W datatype "RAW"; resolves to the spooler's job id. */
  startDocRaw(handle: WinspoolHandle, documentName: string): Promise<number>;
  startPage(handle: WinspoolHandle): Promise<void>;
  /** WritePrinter; resolves to the number of bytes the spooler took. */
  write(handle: WinspoolHandle, bytes: Uint8Array): Promise<number>;
  endPage(handle: WinspoolHandle): Promise<void>;
  endDoc(handle: WinspoolHandle): Promise<void>;
  /** AbortPrinter: drops a half-written job so a partial receipt never prints. */
  abort(handle: WinspoolHandle): Promise<void>;
  closePrinter(handle: WinspoolHandle): Promise<void>;
}

/** A spooler call returned FALSE. */
export class WinspoolCallError extends Error {
  constructor(readonly call: string) {
    super(`${call} failed`);
    this.name = 'WinspoolCallError';
  }
}

/**
 * The spooler could not be asked: winspool.drv (or koffi's binary) did not load, or the spooler did not answer in
 * time and is still busy with an earlier call. Unlike WinspoolCallError this says nothing about the printer.
 */
export class WinspoolUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WinspoolUnavailableError';
  }
}

/** The same calls made synchronously: what runs on a spooler thread (see worker/), never on the event loop. */
export type WinspoolCalls = {
  [Name in keyof WinspoolBinding]: (...args: Parameters<WinspoolBinding[Name]>) => Awaited<ReturnType<WinspoolBinding[Name]>>;
};
