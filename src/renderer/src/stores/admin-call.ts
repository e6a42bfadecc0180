import type { AdminAnswer, AdminFailure } from '../../../shared/contract/admin-types';
import { problemOf, type Problem } from './store-problem';

/** Why an admin call did not work: the admin service's failure (as data), or the call never got that far. */
export type AdminTrouble = { type: 'admin'; failure: AdminFailure } | { type: 'call'; problem: Problem };

export type AdminOutcome<T> = { ok: true; value: T } | { ok: false; trouble: AdminTrouble };

/** Runs one admin method of the contract and folds both ways of failing into one outcome. */
export async function callAdmin<T>(call: () => Promise<AdminAnswer<T>>): Promise<AdminOutcome<T>> {
  try {
    const answer = await call();
    return answer.ok ? { ok: true, value: answer.value } : { ok: false, trouble: { type: 'admin', failure: answer.failure } };
  } catch (error) {
    return { ok: false, trouble: { type: 'call', problem: problemOf(error) } };
  }
}

/** No admin key anywhere: the page says where to set one instead of showing an error. */
export const isKeyMissing = (trouble: AdminTrouble | undefined): boolean =>
  trouble?.type === 'admin' && trouble.failure.reason === 'service' && trouble.failure.failure.kind === 'key-missing';
