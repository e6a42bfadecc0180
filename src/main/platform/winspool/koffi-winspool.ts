import koffi from 'koffi';
import { decodePrinterInfo2, type DecodedPrinterInfo2 } from './winspool-structs';
import { WINSPOOL_PROTOTYPES } from './winspool-prototypes';
import { WinspoolCallError, type WinspoolBinding, type WinspoolHandle, type WinspoolPrinterInfo } from './winspool-binding';

const PRINTER_ENUM_LOCAL = 0x2;
const PRINTER_ENUM_CONNECTIONS = 0x4;
const BUFFER_SIZE_ATTEMPTS = 3;

type NativeCall = (...args: unknown[]) => unknown;
interface NativeFunction extends NativeCall {
  async(...args: unknown[]): void;
}

/**
 * The real spooler through koffi (no compiler, no PowerShell). Only loaded on Windows, by a dynamic import, so
 * winspool.drv is never looked for elsewhere. Job calls run on koffi's worker threads (`.async`): a spooler that
 * hangs on a network queue must not freeze the service; the transport bounds them in time.
 */
export function loadKoffiWinspool(): WinspoolBinding {
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

  const callAsync = (name: string, native: NativeFunction, ...args: unknown[]): Promise<number> =>
    new Promise<number>((resolve, reject) => {
      native.async(...args, (error: unknown, result: unknown) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(Number(result));
      });
    }).then((result) => {
      if (!result) throw new WinspoolCallError(name);
      return result;
    });

  /** The two-call pattern: ask for the size, then fill a buffer that big (retrying if printers were added meanwhile). */
  const readInfo2 = (call: (buffer: Buffer | null, size: number, needed: number[], count: number[]) => unknown, name: string): DecodedPrinterInfo2[] => {
    let size = 0;
    for (let attempt = 0; attempt < BUFFER_SIZE_ATTEMPTS; attempt += 1) {
      const buffer = size > 0 ? Buffer.alloc(size) : null;
      const needed = [0];
      const count = [0];
      if (Number(call(buffer, size, needed, count))) return buffer ? decodePrinterInfo2(buffer, count[0] ?? 0) : [];
      const next = needed[0] ?? 0;
      if (next <= size) break;
      size = next;
    }
    throw new WinspoolCallError(name);
  };

  return {
    async enumPrinters() {
      const records = readInfo2(
        (buffer, size, needed, count) => EnumPrintersW(PRINTER_ENUM_LOCAL | PRINTER_ENUM_CONNECTIONS, null, 2, buffer, size, needed, count),
        'EnumPrintersW',
      );
      return records.map(toInfo);
    },
    async getDefaultPrinter() {
      const length = [0];
      GetDefaultPrinterW(null, length);
      if (!length[0]) return undefined;
      const buffer = Buffer.alloc(length[0] * 2);
      if (!Number(GetDefaultPrinterW(buffer, length))) return undefined;
      return buffer.toString('utf16le').replace(/\0.*$/s, '') || undefined;
    },
    async openPrinter(name) {
      const handle: unknown[] = [null];
      await callAsync('OpenPrinterW', OpenPrinterW, name, handle, null);
      return BigInt(handle[0] as bigint);
    },
    async getPrinter(handle) {
      const [record] = readInfo2((buffer, size, needed, count) => {
        // GetPrinterW fills exactly one record and has no count parameter.
        count[0] = 1;
        return GetPrinterW(handle, 2, buffer, size, needed);
      }, 'GetPrinterW');
      if (record) return toInfo(record);
      throw new WinspoolCallError('GetPrinterW');
    },
    async startDocRaw(handle, documentName) {
      return callAsync('StartDocPrinterW', StartDocPrinterW, handle, 1, { pDocName: documentName, pOutputFile: null, pDatatype: 'RAW' });
    },
    async startPage(handle) {
      await callAsync('StartPagePrinter', StartPagePrinter, handle);
    },
    async write(handle, bytes) {
      const written = [0];
      await callAsync('WritePrinter', WritePrinter, handle, bytes, bytes.length, written);
      return written[0] ?? 0;
    },
    async endPage(handle) {
      await callAsync('EndPagePrinter', EndPagePrinter, handle);
    },
    async endDoc(handle) {
      await callAsync('EndDocPrinter', EndDocPrinter, handle);
    },
    async abort(handle) {
      await callAsync('AbortPrinter', AbortPrinter, handle);
    },
    async closePrinter(handle: WinspoolHandle) {
      await callAsync('ClosePrinter', ClosePrinter, handle);
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
