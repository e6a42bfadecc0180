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

/** A printer handle from OpenPrinterW; opaque to everyone but the binding. */
export type WinspoolHandle = bigint;

export interface WinspoolBinding {
  /** EnumPrintersW level 2 with PRINTER_ENUM_LOCAL | PRINTER_ENUM_CONNECTIONS. */
  enumPrinters(): Promise<WinspoolPrinterInfo[]>;
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
