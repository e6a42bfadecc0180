import koffi from 'koffi';

/**
 * winspool.h structures as koffi types. Declared apart from the calls so their layout can be checked on any OS
 * (x64 PRINTER_INFO_2W is 136 bytes: 13 pointers then 8 DWORDs).
 */
export const PRINTER_INFO_2W = koffi.struct('TICKETERA_PRINTER_INFO_2W', {
  pServerName: 'str16',
  pPrinterName: 'str16',
  pShareName: 'str16',
  pPortName: 'str16',
  pDriverName: 'str16',
  pComment: 'str16',
  pLocation: 'str16',
  pDevMode: 'void *',
  pSepFile: 'str16',
  pPrintProcessor: 'str16',
  pDatatype: 'str16',
  pParameters: 'str16',
  pSecurityDescriptor: 'void *',
  Attributes: 'uint32_t',
  Priority: 'uint32_t',
  DefaultPriority: 'uint32_t',
  StartTime: 'uint32_t',
  UntilTime: 'uint32_t',
  Status: 'uint32_t',
  cJobs: 'uint32_t',
  AveragePPM: 'uint32_t',
});

/** x64 PRINTER_INFO_4W is 24 bytes: 2 pointers and a DWORD, padded to pointer alignment. */
export const PRINTER_INFO_4W = koffi.struct('TICKETERA_PRINTER_INFO_4W', {
  pPrinterName: 'str16',
  pServerName: 'str16',
  Attributes: 'uint32_t',
});

export const DOC_INFO_1W = koffi.struct('TICKETERA_DOC_INFO_1W', {
  pDocName: 'str16',
  pOutputFile: 'str16',
  pDatatype: 'str16',
});

/** The decoded PRINTER_INFO_2W fields Ticketera reads; strings are null when the pointer is NULL. */
export interface DecodedPrinterInfo2 {
  pPrinterName: string | null;
  pPortName: string | null;
  pDriverName: string | null;
  pComment: string | null;
  pLocation: string | null;
  Attributes: number;
  Status: number;
  cJobs: number;
}

export interface DecodedPrinterInfo4 {
  pPrinterName: string | null;
  pServerName: string | null;
  Attributes: number;
}

/** Reads `count` PRINTER_INFO_2W records from the buffer EnumPrintersW/GetPrinterW filled. */
export function decodePrinterInfo2(buffer: Buffer, count: number): DecodedPrinterInfo2[] {
  const records: DecodedPrinterInfo2[] = [];
  for (let index = 0; index < count; index += 1) {
    const record: unknown = koffi.decode(buffer, index * PRINTER_INFO_2W.size, PRINTER_INFO_2W);
    records.push(record as DecodedPrinterInfo2);
  }
  return records;
}

/** Reads `count` PRINTER_INFO_4W records from the buffer EnumPrintersW level 4 filled. */
export function decodePrinterInfo4(buffer: Buffer, count: number): DecodedPrinterInfo4[] {
  const records: DecodedPrinterInfo4[] = [];
  for (let index = 0; index < count; index += 1) {
    const record: unknown = koffi.decode(buffer, index * PRINTER_INFO_4W.size, PRINTER_INFO_4W);
    records.push(record as DecodedPrinterInfo4);
  }
  return records;
}
