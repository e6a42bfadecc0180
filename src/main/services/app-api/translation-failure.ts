import type { TranslationAnswer, TranslationFailure } from '../../../shared/contract/translation-types';
import { DocumentFailedError, NoDocumentToResumeError } from '../translation/document-translator';
import { TranslationRuleError } from '../translation/translation-rule-error';
import { failureOf as serviceFailureOf } from './admin-handlers';

/** The contract's copy of the rules must be the translation client's: this fails to compile the day they differ. */

/** A translation failure as data for the window, or undefined for anything else (a bug, which stays an error). */
export function translationFailureOf(error: unknown): TranslationFailure | undefined {
  if (error instanceof TranslationRuleError) return { reason: 'rule', broken: error.detail };
  if (error instanceof DocumentFailedError) return { reason: 'document', ...(error.serviceMessage ? { serviceMessage: error.serviceMessage } : {}) };
  if (error instanceof NoDocumentToResumeError) return { reason: 'not-resumable' };
  // The same ServiceError → kind, status, trace id mapping the admin methods use.
  const service = serviceFailureOf(error);
  return service?.reason === 'service' ? service : undefined;
}

/** Runs a call; a translation failure becomes data, anything else propagates as a failed call. */
export async function translationAnswer<T>(call: () => Promise<T>): Promise<TranslationAnswer<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const failure = translationFailureOf(error);
    if (!failure) throw error;
    return { ok: false, failure };
  }
}
