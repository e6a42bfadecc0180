import { ServiceError } from '../../src/main/services/http/service-error';

/** The ServiceError a call to an outside service fails with; anything else (or no failure) fails the test. */
export async function serviceFailureOf(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}
