import type { CampusProblem } from '../../../shared/contract/campus-types';

/**
 * The campus service refused (its `meta.status` is not 200, whatever the HTTP status) or sent something unreadable:
 * a campus-specific failure with its own kind, next to the shared ServiceError kinds of the transport.
 */
export class CampusStatusError extends Error {
  constructor(
    readonly problem: CampusProblem,
    readonly details: { code?: number; serviceMessage?: string; detail?: string } = {},
  ) {
    super(`campus service: ${problem}${details.code !== undefined ? ` (meta.status ${details.code})` : ''}${details.detail ? `: ${details.detail}` : ''}`);
    this.name = 'CampusStatusError';
  }
}
