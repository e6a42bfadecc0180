import type { PrinterFault, PrinterLiveStatus } from '../../../shared/printer-status/live-status';
import type { DocumentOutcome } from '../intake/document-intake';
import { ASB, EPOS_NAMESPACE, SOAP_NAMESPACE, type EposCode } from './epos-protocol';

export interface EposAnswer {
  success: boolean;
  code: EposCode;
  status: number;
}

/**
 * The envelope an Epson printer sends back: `<response success code status battery/>` in the ePOS-Print namespace
 * inside a SOAP 1.1 body. Odoo reads it with `querySelector('response')` and `getAttribute`, the SDK with
 * `getElementsByTagName('response')`, `success` matched against /^(1|true)$/ and `status` through parseInt.
 */
export function answerXml({ success, code, status }: EposAnswer): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<s:Envelope xmlns:s="${SOAP_NAMESPACE}"><s:Body>` +
    `<response success="${String(success)}" code="${code}" status="${status >>> 0}" battery="0" xmlns="${EPOS_NAMESPACE}"/>` +
    '</s:Body></s:Envelope>'
  );
}

const FAULT_BITS: Record<PrinterFault, number> = {
  cutter: ASB.AUTOCUTTER_ERR,
  mechanical: ASB.MECHANICAL_ERR,
  unrecoverable: ASB.UNRECOVER_ERR,
  'auto-recoverable': ASB.AUTORECOVER_ERR,
  'head-temperature': ASB.AUTORECOVER_ERR,
};

/** The printer's live status in Epson's ASB bits; 0 when it does not read back (a spooler queue: nothing is known). */
export function asbOf(status: PrinterLiveStatus | undefined): number {
  if (!status || status.link === 'unknown') return 0;
  if (status.link === 'silent') return ASB.NO_RESPONSE;
  let bits = 0;
  if (status.offline) bits |= ASB.OFF_LINE;
  if (status.coverOpen) bits |= ASB.COVER_OPEN;
  if (status.paper === 'out') bits |= ASB.RECEIPT_END | ASB.RECEIPT_NEAR_END;
  if (status.paper === 'near-end') bits |= ASB.RECEIPT_NEAR_END;
  if (status.drawerOpen === true) bits |= ASB.DRAWER_KICK;
  for (const fault of status.faults) bits |= FAULT_BITS[fault];
  return bits;
}

/** Epson's code for a printer that cannot print, from what it says about itself (the first cause Epson would name). */
function printerCode(status: PrinterLiveStatus | undefined): EposCode | undefined {
  if (!status || status.link === 'unknown') return undefined;
  if (status.link === 'silent') return 'EX_BADPORT';
  if (status.coverOpen) return 'EPTR_COVER_OPEN';
  if (status.paper === 'out') return 'EPTR_REC_EMPTY';
  if (status.faults.includes('cutter')) return 'EPTR_CUTTER';
  if (status.faults.includes('mechanical')) return 'EPTR_MECHANICAL';
  if (status.faults.includes('unrecoverable')) return 'EPTR_UNRECOVERABLE';
  if (status.faults.length > 0) return 'EPTR_AUTOMATICAL';
  return undefined;
}

/** Words in a job's result that name the cause when the printer does not read back (a spooler's own error). */
function codeFromText(mensaje: string): EposCode | undefined {
  if (/out of paper|sin papel/i.test(mensaje)) return 'EPTR_REC_EMPTY';
  if (/cover open|tapa abierta/i.test(mensaje)) return 'EPTR_COVER_OPEN';
  return undefined;
}

/** The answer to a job the intake took (or would not take), as an Epson printer would give it. */
export function answerFor(outcome: DocumentOutcome): EposAnswer {
  const status = asbOf(outcome.status);
  switch (outcome.kind) {
    case 'printed':
      return { success: true, code: '', status: status | ASB.PRINT_SUCCESS };
    case 'refused':
    case 'held':
      return { success: false, code: printerCode(outcome.status) ?? codeFromText(outcome.mensaje) ?? 'EPTR_UNRECOVERABLE', status };
    case 'failed':
      return { success: false, code: printerCode(outcome.status) ?? codeFromText(outcome.mensaje) ?? 'PrintSystemError', status };
    case 'invalid':
      return { success: false, code: 'ParameterError', status };
    case 'busy':
      return { success: false, code: outcome.busy === 'rate' ? 'TooManyRequests' : 'EX_SPOOLER', status };
    case 'timeout':
      return { success: false, code: 'EX_TIMEOUT', status };
  }
}
