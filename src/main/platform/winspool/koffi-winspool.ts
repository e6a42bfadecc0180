import koffi from 'koffi';
import { DOC_INFO_1W, decodePrinterInfo2, type DecodedPrinterInfo2 } from './winspool-structs';
import { WinspoolCallError, type WinspoolBinding, type WinspoolHandle, type WinspoolPrinterInfo } from './winspool-binding';

const PRINTER_ENUM_LOCAL = 0x2;
const PRINTER_ENUM_CONNECTIONS = 0x4;
const ERROR_INSUFFICIENT_BUFFER_RETRIES = 3;

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
  // BOOL is a 4-byte int in Win32, not C's bool.
  const EnumPrintersW = fn('int __stdcall EnumPrintersW(uint32_t Flags, const char16_t *Name, uint32_t Level, _Out_ uint8_t *pPrinterEnum, uint32_t cbBuf, _Out_ uint32_t *pcbNeeded, _Out_ uint32_t *pcReturned)');
  const GetDefaultPrinterW = fn('int __stdcall GetDefaultPrinterW(_Out_ uint8_t *pszBuffer, _Inout_ uint32_t *pcchBuffer)');
  const OpenPrinterW = fn('int __stdcall OpenPrinterW(const char16_t *pPrinterName, _Out_ void **phPrinter, void *pDefault)');
  const GetPrinterW = fn('int __stdcall GetPrinterW(void *hPrinter, uint32_t Level, _Out_ uint8_t *pPrinter, uint32_t cbBuf, _Out_ uint32_t *pcbNeeded)');
  const StartDocPrinterW = winspool.func('__stdcall', 'StartDocPrinterW', 'uint32_t', ['void *', 'uint32_t', koffi.pointer(DOC_INFO_1W)]) as NativeFunction;
  const StartPagePrinter = fn('int __stdcall StartPagePrinter(void *hPrinter)');
  const WritePrinter = fn('int __stdcall WritePrinter(void *hPrinter, const uint8_t *pBuf, uint32_t cbBuf, _Out_ uint32_t *pcWritten)');
  const EndPagePrinter = fn('int __stdcall EndPagePrinter(void *hPrinter)');
  const EndDocPrinter = fn('int __stdcall EndDocPrinter(void *hPrinter)');
  const AbortPrinter = fn('int __stdcall AbortPrinter(void *hPrinter)');
  const ClosePrinter = fn('int __stdcall ClosePrinter(void *hPrinter)');

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
    for (let attempt = 0; attempt < ERROR_INSUFFICIENT_BUFFER_RETRIES; attempt += 1) {
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
