/**
 * winspool.drv signatures in koffi's C syntax. BOOL is a 4-byte int in Win32 (not C's bool); buffers the spooler
 * fills are `void *` so a Node Buffer is passed by address and filled in place. Kept apart so a test can parse
 * every one with koffi on any OS.
 */
export const WINSPOOL_PROTOTYPES = {
  EnumPrintersW:
    'int __stdcall EnumPrintersW(uint32_t Flags, const char16_t *Name, uint32_t Level, void *pPrinterEnum, uint32_t cbBuf, _Out_ uint32_t *pcbNeeded, _Out_ uint32_t *pcReturned)',
  GetDefaultPrinterW: 'int __stdcall GetDefaultPrinterW(void *pszBuffer, _Inout_ uint32_t *pcchBuffer)',
  OpenPrinterW: 'int __stdcall OpenPrinterW(const char16_t *pPrinterName, _Out_ void **phPrinter, void *pDefault)',
  GetPrinterW: 'int __stdcall GetPrinterW(void *hPrinter, uint32_t Level, void *pPrinter, uint32_t cbBuf, _Out_ uint32_t *pcbNeeded)',
  StartDocPrinterW: 'uint32_t __stdcall StartDocPrinterW(void *hPrinter, uint32_t Level, TICKETERA_DOC_INFO_1W *pDocInfo)',
  StartPagePrinter: 'int __stdcall StartPagePrinter(void *hPrinter)',
  WritePrinter: 'int __stdcall WritePrinter(void *hPrinter, void *pBuf, uint32_t cbBuf, _Out_ uint32_t *pcWritten)',
  EndPagePrinter: 'int __stdcall EndPagePrinter(void *hPrinter)',
  EndDocPrinter: 'int __stdcall EndDocPrinter(void *hPrinter)',
  AbortPrinter: 'int __stdcall AbortPrinter(void *hPrinter)',
  ClosePrinter: 'int __stdcall ClosePrinter(void *hPrinter)',
} as const;
