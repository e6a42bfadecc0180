import type { CampusProblem } from '../../../shared/contract/campus-types';
import { redactOutsideText } from '../http/redact-secrets';

export interface CampusStatusDetails {
  code?: number;
  /** The service's own `meta.message`. */
  serviceMessage?: string;
  /** For logs and support: why the body could not be read, or how large it was. */
  detail?: string;
}

/**
 * The campus service refused (its `meta.status` is not 200, whatever the HTTP status) or sent something unreadable:
 * a campus-specific failure with its own kind, next to the shared ServiceError kinds of the transport. What the
 * service wrote is redacted here, so no key it echoes reaches the command line, the window, a log or the kept file.
 */
export class CampusStatusError extends Error {
  readonly details: CampusStatusDetails;

  constructor(
    readonly problem: CampusProblem,
    details: CampusStatusDetails = {},
  ) {
    const clean: CampusStatusDetails = { ...details };
    if (clean.serviceMessage !== undefined) clean.serviceMessage = redactOutsideText(clean.serviceMessage);
    if (clean.detail !== undefined) clean.detail = redactOutsideText(clean.detail);
    super(`campus service: ${problem}${clean.code !== undefined ? ` (meta.status ${clean.code})` : ''}${clean.detail ? `: ${clean.detail}` : ''}`);
    this.name = 'CampusStatusError';
    this.details = clean;
  }
}
