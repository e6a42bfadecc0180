import { blockerOf, type PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { IntakeOutcome } from '../intake/online-order-port';

/**
 * How a job's outcome is worded back to an SDP server, as a TM-i printer words it in `<response success code status
 * battery>` (Epson "Server Direct Print User's Manual" M00062904, "Print Result Details" and "Error code"; the
 * ePOS-Print XML User's Manual, `<response>` attributes). Our own table, written from those pages.
 */

/** Bits of `status` (Epson's ASB layout, the ePOS SDK's ASB_* values). */
export const ASB = {
  NO_RESPONSE: 0x0000_0001,
  PRINT_SUCCESS: 0x0000_0002,
  DRAWER_KICK: 0x0000_0004,
  OFF_LINE: 0x0000_0008,
  COVER_OPEN: 0x0000_0020,
  MECHANICAL_ERR: 0x0000_0400,
  AUTOCUTTER_ERR: 0x0000_0800,
  UNRECOVER_ERR: 0x0000_2000,
  AUTORECOVER_ERR: 0x0000_4000,
  RECEIPT_NEAR_END: 0x0002_0000,
  RECEIPT_END: 0x0008_0000,
} as const;

export interface EpsonResult {
  success: boolean;
  /** Empty on success; Epson's code otherwise (`EPTR_REC_EMPTY`, `EX_TIMEOUT`…). */
  code: string;
  /** `status` as the printer sends it: the ASB bits as an unsigned decimal number. */
  status: number;
}

/**
 * The bound printer's live status in ASB bits. A printer that does not read back (a spooler queue) or was not asked
 * yet reports nothing wrong; one that stopped answering reports NO_RESPONSE, as a TM-i does for a silent device.
 */
export function asbOf(status: PrinterLiveStatus | undefined): number {
  if (!status || status.link === 'unknown') return 0;
  if (status.link === 'silent') return ASB.NO_RESPONSE;
  const faults = new Set(status.faults);
  let bits = 0;
  if (status.drawerOpen) bits |= ASB.DRAWER_KICK;
  if (status.offline || blockerOf(status) !== null) bits |= ASB.OFF_LINE;
  if (status.coverOpen) bits |= ASB.COVER_OPEN;
  if (faults.has('mechanical')) bits |= ASB.MECHANICAL_ERR;
  if (faults.has('cutter')) bits |= ASB.AUTOCUTTER_ERR;
  if (faults.has('unrecoverable')) bits |= ASB.UNRECOVER_ERR;
  if (faults.has('auto-recoverable') || faults.has('head-temperature')) bits |= ASB.AUTORECOVER_ERR;
  if (status.paper === 'near-end') bits |= ASB.RECEIPT_NEAR_END;
  if (status.paper === 'out') bits |= ASB.RECEIPT_NEAR_END | ASB.RECEIPT_END;
  return bits >>> 0;
}

/** The result for an outcome of the intake; `live` is the printer's status now, used when the outcome carries none. */
export function resultOfOutcome(outcome: IntakeOutcome, live: PrinterLiveStatus | undefined): EpsonResult {
  const status = outcome.status ?? live;
  const bits = asbOf(status);
  if (outcome.kind === 'printed') return { success: true, code: '', status: (bits | ASB.PRINT_SUCCESS) >>> 0 };
  return { success: false, code: codeOfFailure(outcome, status), status: bits };
}

/** A job that never reached the intake (the interpreter refused it, its device is not ours…): Epson's code as given. */
export function resultOfCode(code: string, live: PrinterLiveStatus | undefined): EpsonResult {
  return { success: false, code, status: asbOf(live) };
}

function codeOfFailure(outcome: IntakeOutcome, status: PrinterLiveStatus | undefined): string {
  switch (outcome.kind) {
    case 'refused':
    case 'held':
      return codeOfPrinter(status);
    case 'invalid':
      return 'SchemaError';
    case 'busy':
      return 'TooManyRequests';
    case 'timeout':
      return 'EX_TIMEOUT';
    case 'failed':
      return 'PrintSystemError';
    case 'printed':
      return '';
  }
}

/** What stopped the printer, in Epson's printer error codes; a printer that could not be reached is a bad port. */
function codeOfPrinter(status: PrinterLiveStatus | undefined): string {
  if (!status) return 'EX_BADPORT';
  switch (blockerOf(status)) {
    case 'paper-out':
      return 'EPTR_REC_EMPTY';
    case 'cover-open':
      return 'EPTR_COVER_OPEN';
    case 'silent':
      return 'EX_BADPORT';
    case 'fault': {
      const faults = new Set(status.faults);
      if (faults.has('cutter')) return 'EPTR_CUTTER';
      if (faults.has('mechanical')) return 'EPTR_MECHANICAL';
      if (faults.has('unrecoverable')) return 'EPTR_UNRECOVERABLE';
      return 'EPTR_AUTOMATICAL';
    }
    case null:
      return 'EX_BADPORT';
  }
}
