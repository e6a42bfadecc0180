/**
 * Epson's ePOS-Print wire vocabulary, as Epson documents it (ePOS-Print XML User's Manual, "<response>"; the ePOS SDK's
 * `ePOSPrint` ASB_* constants) and as Odoo's `pos_epson_printer` and the SDK read it back. Our own list, no code copied.
 */
export const EPOS_NAMESPACE = 'http://www.epson-pos.com/schemas/2011/03/epos-print';
export const SOAP_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The path a POS posts to on an Epson printer's own web server (and on Ticketera's ports). */
export const EPOS_PATH = '/cgi-bin/epos/service.cgi';

/** The device id Epson's printers give their own printer, and that Odoo's POS always sends: Ticketera's default printer. */
export const LOCAL_PRINTER = 'local_printer';

/** Status bits of `<response status="…">` (Epson's ASB layout, as the SDK's `ePOSPrint.ASB_*`). */
export const ASB = {
  NO_RESPONSE: 0x0000_0001,
  PRINT_SUCCESS: 0x0000_0002,
  /** Drawer kick connector pin 3 is high: on most drawers, open. */
  DRAWER_KICK: 0x0000_0004,
  OFF_LINE: 0x0000_0008,
  COVER_OPEN: 0x0000_0020,
  PAPER_FEED: 0x0000_0040,
  WAIT_ON_LINE: 0x0000_0100,
  PANEL_SWITCH: 0x0000_0200,
  MECHANICAL_ERR: 0x0000_0400,
  AUTOCUTTER_ERR: 0x0000_0800,
  UNRECOVER_ERR: 0x0000_2000,
  AUTORECOVER_ERR: 0x0000_4000,
  RECEIPT_NEAR_END: 0x0002_0000,
  RECEIPT_END: 0x0008_0000,
  BUZZER: 0x0100_0000,
  SPOOLER_IS_STOPPED: 0x8000_0000,
} as const;

/**
 * `<response code="…">`: Epson's codes, plus `ParameterError` (a value the request may send but Ticketera cannot honour,
 * such as a logo it does not hold; named as Epson's ePOS-Device layer names a bad parameter). Empty on success.
 */
export const EPOS_CODES = [
  '',
  'EPTR_AUTOMATICAL',
  'EPTR_COVER_OPEN',
  'EPTR_CUTTER',
  'EPTR_MECHANICAL',
  'EPTR_REC_EMPTY',
  'EPTR_UNRECOVERABLE',
  'SchemaError',
  'DeviceNotFound',
  'PrintSystemError',
  'EX_BADPORT',
  'EX_TIMEOUT',
  'EX_SPOOLER',
  'TooManyRequests',
  'RequestEntityTooLarge',
  'ParameterError',
] as const;
export type EposCode = (typeof EPOS_CODES)[number];
