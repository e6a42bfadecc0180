import type { CampusAnswer, CampusFailure } from '../../../shared/contract/campus-types';
import { CampusStatusError } from '../campus/campus-status-error';
import { failureOf as serviceFailureOf } from './admin-handlers';

/** A campus failure as data for the window, or undefined for anything else (a bug, which stays an error). */
export function campusFailureOf(error: unknown): CampusFailure | undefined {
  if (error instanceof CampusStatusError) {
    return {
      reason: 'campus',
      problem: error.problem,
      ...(error.details.code !== undefined ? { code: error.details.code } : {}),
      ...(error.details.serviceMessage !== undefined ? { serviceMessage: error.details.serviceMessage } : {}),
    };
  }
  // The same ServiceError → kind, status, trace id mapping the admin and translation methods use.
  const service = serviceFailureOf(error);
  return service?.reason === 'service' ? service : undefined;
}

export async function campusAnswer<T>(call: () => Promise<T>): Promise<CampusAnswer<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const failure = campusFailureOf(error);
    if (!failure) throw error;
    return { ok: false, failure };
  }
}

/** Failures that another attempt within the day will not fix: the key or the address must change first. */
export function needsPersonToAct(failure: CampusFailure): boolean {
  if (failure.reason === 'campus') return ['key-invalid', 'key-banned', 'key-required', 'limit-reached', 'invalid-method'].includes(failure.problem);
  return failure.failure.kind === 'key-missing' || failure.failure.kind === 'key-rejected';
}
