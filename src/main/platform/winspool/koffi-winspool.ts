import koffi from 'koffi';
import { decodePrinterInfo2, decodePrinterInfo4, type DecodedPrinterInfo2 } from './winspool-structs';
import { WINSPOOL_PROTOTYPES } from './winspool-prototypes';
import { WinspoolCallError, type WinspoolCalls, type WinspoolHandle, type WinspoolPrinterInfo } from './winspool-binding';

const PRINTER_ENUM_LOCAL = 0x2;
const PRINTER_ENUM_CONNECTIONS = 0x4;
const ENUM_FLAGS = PRINTER_ENUM_LOCAL | PRINTER_ENUM_CONNECTIONS;
const BUFFER_SIZE_ATTEMPTS = 3;

type NativeFunction = (...args: unknown[]) => unknown;
type FillCall = (buffer: Buffer | null, size: number, needed: number[], count: number[]) => unknown;

/**
 * The real spooler through koffi (no compiler, no PowerShell), called synchronously. Only ever loaded on a spooler
 * thread (worker/winspool-worker.ts): loading winspool.drv and every call can block for tens of seconds (a network
 * printer that does not answer; under Wine, a CUPS daemon that does not), so none of it runs on the event loop.
 * Not koffi's `.async` either: that runs on libuv's 4 shared threads, which a few hung calls would take from every
 * file read and write of the service.
 */
export function loadKoffiWinspool(): WinspoolCalls {
  const winspool = koffi.load('winspool.drv');
  const fn = (prototype: string): NativeFunction => winspool.func(prototype) as NativeFunction;
  const P = WINSPOOL_PROTOTYPES;
  const EnumPrintersW = fn(P.EnumPrintersW);
  const GetDefaultPrinterW = fn(P.GetDefaultPrinterW);
  const OpenPrinterW = fn(P.OpenPrinterW);
  const GetPrinterW = fn(P.GetPrinterW);
  const StartDocPrinterW = fn(P.StartDocPrinterW);
  const StartPagePrinter = fn(P.StartPagePrinter);
  const WritePrinter = fn(P.WritePrinter);
  const EndPagePrinter = fn(P.EndPagePrinter);
  const EndDocPrinter = fn(P.EndDocPrinter);
  const AbortPrinter = fn(P.AbortPrinter);
  const ClosePrinter = fn(P.ClosePrinter);

  /** BOOL calls: FALSE is a failure of that call. */
  const check = (name: string, result: unknown): number => {
    const value = Number(result);
    if (!value) throw new WinspoolCallError(name);
    return value;
  };

  /** The two-call pattern: ask for the size, then fill a buffer that big (retrying if printers were added meanwhile). */
  const fill = (call: FillCall, name: string): { buffer: Buffer | null; count: number } => {
    let size = 0;
    for (let attempt = 0; attempt < BUFFER_SIZE_ATTEMPTS; attempt += 1) {
      const buffer = size > 0 ? Buffer.alloc(size) : null;
      const needed = [0];
      const count = [0];
      if (Number(call(buffer, size, needed, count))) return { buffer, count: count[0] ?? 0 };
      const next = needed[0] ?? 0;
      if (next <= size) break;
      size = next;
    }
    throw new WinspoolCallError(name);
  };

  const enumerate = (level: 2 | 4): { buffer: Buffer | null; count: number } =>
    fill((buffer, size, needed, count) => EnumPrintersW(ENUM_FLAGS, null, level, buffer, size, needed, count), 'EnumPrintersW');

  return {
    enumPrinters() {
      const { buffer, count } = enumerate(2);
      return buffer ? decodePrinterInfo2(buffer, count).map(toInfo) : [];
    },
    enumPrinterNames() {
      const { buffer, count } = enumerate(4);
      if (!buffer) return [];
      return decodePrinterInfo4(buffer, count).map((record) => ({
        printerName: record.pPrinterName ?? '',
        serverName: record.pServerName ?? '',
        attributes: record.Attributes,
      }));
    },
    getDefaultPrinter() {
      const length = [0];
      GetDefaultPrinterW(null, length);
      if (!length[0]) return undefined;
      const buffer = Buffer.alloc(length[0] * 2);
      if (!Number(GetDefaultPrinterW(buffer, length))) return undefined;
      return buffer.toString('utf16le').replace(/\0.*$/s, '') || undefined;
    },
    openPrinter(name) {
      const handle: unknown[] = [null];
      check('OpenPrinterW', OpenPrinterW(name, handle, null));
      return BigInt(handle[0] as bigint);
    },
    getPrinter(handle) {
      const { buffer, count } = fill((buf, size, needed, filled) => {
        // GetPrinterW fills exactly one record and has no count parameter.
        filled[0] = 1;
        return GetPrinterW(handle, 2, buf, size, needed);
      }, 'GetPrinterW');
      const [record] = buffer ? decodePrinterInfo2(buffer, count) : [];
      if (record) return toInfo(record);
      throw new WinspoolCallError('GetPrinterW');
    },
    startDocRaw(handle, documentName) {
      return check('StartDocPrinterW', StartDocPrinterW(handle, 1, { pDocName: documentName, pOutputFile: null, pDatatype: 'RAW' }));
    },
    startPage(handle) {
      check('StartPagePrinter', StartPagePrinter(handle));
    },
    write(handle, bytes) {
      const written = [0];
      check('WritePrinter', WritePrinter(handle, bytes, bytes.length, written));
      return written[0] ?? 0;
    },
    endPage(handle) {
      check('EndPagePrinter', EndPagePrinter(handle));
    },
    endDoc(handle) {
      check('EndDocPrinter', EndDocPrinter(handle));
    },
    abort(handle) {
      check('AbortPrinter', AbortPrinter(handle));
    },
    closePrinter(handle: WinspoolHandle) {
      check('ClosePrinter', ClosePrinter(handle));
    },
  };
}

function toInfo(record: DecodedPrinterInfo2): WinspoolPrinterInfo {
  return {
    printerName: record.pPrinterName ?? '',
    portName: record.pPortName ?? '',
    driverName: record.pDriverName ?? '',
    comment: record.pComment ?? '',
    location: record.pLocation ?? '',
    status: record.Status,
    attributes: record.Attributes,
    jobs: record.cJobs,
  };
}
