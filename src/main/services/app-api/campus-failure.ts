import type { CampusFailure } from '../../../shared/contract/campus-types';
import { CampusStatusError } from '../campus/campus-status-error';
import { redactOutsideText } from '../http/redact-secrets';
import { answering, serviceFailureOf } from './outside-service-answer';

/** A campus failure as data for the window, or undefined for anything else (a bug, which stays an error). */
export function campusFailureOf(error: unknown): CampusFailure | undefined {
  if (error instanceof CampusStatusError) {
    return {
      reason: 'campus',
      problem: error.problem,
      ...(error.details.code !== undefined ? { code: error.details.code } : {}),
      // Redacted where the error is made; again here, as this is what the window gets and the kept file stores.
      ...(error.details.serviceMessage !== undefined ? { serviceMessage: redactOutsideText(error.details.serviceMessage) } : {}),
    };
  }
  const failure = serviceFailureOf(error);
  return failure && { reason: 'service', failure };
}

/** Runs a call; a campus failure becomes data, anything else propagates as a failed call. */
export const campusAnswer = answering(campusFailureOf);

/** Failures that another attempt within the day will not fix: the key or the address must change first. */
export function needsPersonToAct(failure: CampusFailure): boolean {
  if (failure.reason === 'campus') return ['key-invalid', 'key-banned', 'key-required', 'limit-reached', 'invalid-method'].includes(failure.problem);
  return failure.failure.kind === 'key-missing' || failure.failure.kind === 'key-rejected';
}
