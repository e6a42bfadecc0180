import { ServiceError } from '../http/service-error';
import type { IntakeOutcome } from '../intake/online-order-port';
import type { JobContentError } from './job-document';
import { STATUS_TEXT } from './printer-status-code';

/**
 * The `code` a CloudPRNT client confirms a job with (Star CloudPRNT Developer Guide, "5. Print job confirmation" and
 * "7. Printer Status Codes"): 2xx printed; 4xx the printer failed (410 paper out, 420 cover open); 51x the media
 * (510 unsupported, 511 undecodable); 52x the download (520 timeout, 521 too large).
 */
export const CONFIRMATION = {
  printed: STATUS_TEXT.ok,
  unsupported: '510 Unsupported Media',
  undecodable: '511 Media Decoding Error',
  downloadTimeout: '520 Timeout',
  tooLarge: '521 Job Too Large',
} as const;

/**
 * The code for what the intake answered, or null when there is nothing to confirm yet: `busy` took nothing (the job
 * is asked for again on a later poll) and `timeout` is still printing (the next offer waits for it by its id).
 */
export function codeOfOutcome(outcome: IntakeOutcome): string | null {
  switch (outcome.kind) {
    case 'printed':
      return CONFIRMATION.printed;
    case 'busy':
    case 'timeout':
      return null;
    case 'invalid':
      return CONFIRMATION.undecodable;
    case 'refused':
    case 'held':
    case 'failed': {
      const status = outcome.status;
      if (status?.paper === 'out' || /paper|papel/i.test(outcome.mensaje)) return STATUS_TEXT.paperOut;
      if (status?.coverOpen || /cover|tapa/i.test(outcome.mensaje)) return STATUS_TEXT.coverOpen;
      return STATUS_TEXT.printerError;
    }
  }
}

/** The code for a job that could not be downloaded or read; null when the failure says nothing about the job. */
export function codeOfDownloadFailure(error: unknown): string | null {
  if (error instanceof ServiceError) {
    if (error.kind === 'answer-too-large') return CONFIRMATION.tooLarge;
    if (error.kind === 'timeout') return CONFIRMATION.downloadTimeout;
    if (error.kind === 'bad-response' || error.status === 415) return CONFIRMATION.unsupported;
    return null;
  }
  return null;
}

export const codeOfContentError = (error: JobContentError): string => (error.reason === 'unsupported' ? CONFIRMATION.unsupported : CONFIRMATION.undecodable);
