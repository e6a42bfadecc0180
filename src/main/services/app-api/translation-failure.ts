import type { TranslationFailure } from '../../../shared/contract/translation-types';
import { DocumentFailedError, NoDocumentToResumeError } from '../translation/document-translator';
import { TranslationRuleError } from '../translation/translation-rule-error';
import { answering, serviceFailureOf } from './outside-service-answer';

/** A translation failure as data for the window, or undefined for anything else (a bug, which stays an error). */
export function translationFailureOf(error: unknown): TranslationFailure | undefined {
  if (error instanceof TranslationRuleError) return { reason: 'rule', broken: error.detail };
  if (error instanceof DocumentFailedError) return { reason: 'document', ...(error.serviceMessage ? { serviceMessage: error.serviceMessage } : {}) };
  if (error instanceof NoDocumentToResumeError) return { reason: 'not-resumable' };
  const failure = serviceFailureOf(error);
  return failure && { reason: 'service', failure };
}

/** Runs a call; a translation failure becomes data, anything else propagates as a failed call. */
export const translationAnswer = answering(translationFailureOf);
