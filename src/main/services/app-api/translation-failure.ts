import type { TranslationFailure } from '../../../shared/contract/translation-types';
import { DocumentFailedError, NoDocumentToResumeError } from '../translation/document-translator';
import { NoRoomError, OutputPathError } from '../translation/output-file';
import { ResumeMismatchError } from '../translation/resume-check';
import { TranslationRuleError } from '../translation/translation-rule-error';
import { answering, serviceFailureOf } from './outside-service-answer';

/** A translation failure as data for the window, or undefined for anything else (a bug, which stays an error). */
export function translationFailureOf(error: unknown): TranslationFailure | undefined {
  if (error instanceof TranslationRuleError) return { reason: 'rule', broken: error.detail };
  if (error instanceof DocumentFailedError) return { reason: 'document', ...(error.serviceMessage ? { serviceMessage: error.serviceMessage } : {}) };
  // Started against another server: its key is that server's, so it cannot go on here.
  if (error instanceof NoDocumentToResumeError || error instanceof ResumeMismatchError) return { reason: 'not-resumable' };
  // The window saves in a folder of its own, so these are a full or broken data folder: said as a local failure.
  if (error instanceof NoRoomError || error instanceof OutputPathError) return { reason: 'local', detail: error.message };
  const failure = serviceFailureOf(error);
  return failure && { reason: 'service', failure };
}

/** Runs a call; a translation failure becomes data, anything else propagates as a failed call. */
export const translationAnswer = answering(translationFailureOf);
