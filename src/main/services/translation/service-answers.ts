import { redactOutsideText } from '../http/redact-secrets';
import { ServiceError } from '../http/service-error';
import { TRANSLATION_SERVICE } from './deepl-connection';

/** One entry of the service's translate answer, as the spec names its fields. */
export interface ServiceTranslation {
  detected_source_language: string;
  text: string;
  billed_characters?: number;
  model_type_used?: string;
  tag_handling_version?: string;
}

export interface DocumentStatusAnswer {
  documentId: string;
  status: 'queued' | 'translating' | 'done' | 'error';
  secondsRemaining?: number;
  billedCharacters?: number;
  /** `error_message`, or `message` as one of the spec's samples names it. */
  errorMessage?: string;
}

const badResponse = (traceId: string | undefined, cause: string): ServiceError =>
  new ServiceError({ kind: 'bad-response', service: TRANSLATION_SERVICE, retryable: false, attempts: 1, cause, ...(traceId ? { traceId } : {}) });

/** Checked at the boundary: one translation per text sent, each with its text, or a `bad-response` error. */
export function readTranslateAnswer(content: string, expected: number, traceId: string | undefined): ServiceTranslation[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw badResponse(traceId, 'translate answer is not JSON');
  }
  const translations = (parsed as { translations?: unknown } | null)?.translations;
  if (!Array.isArray(translations) || translations.length !== expected) throw badResponse(traceId, `expected ${expected} translations`);
  return translations.map((entry: unknown) => {
    const record = (entry ?? {}) as Record<string, unknown>;
    if (typeof record['text'] !== 'string') throw badResponse(traceId, 'a translation without text');
    const result: ServiceTranslation = {
      text: record['text'],
      detected_source_language: typeof record['detected_source_language'] === 'string' ? record['detected_source_language'] : '',
    };
    if (typeof record['billed_characters'] === 'number') result.billed_characters = record['billed_characters'];
    if (typeof record['model_type_used'] === 'string') result.model_type_used = record['model_type_used'];
    if (typeof record['tag_handling_version'] === 'string') result.tag_handling_version = record['tag_handling_version'];
    return result;
  });
}

const DOCUMENT_STATES = new Set(['queued', 'translating', 'done', 'error']);

export function readDocumentStatus(content: string, traceId: string | undefined): DocumentStatusAnswer {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(content) as Record<string, unknown>;
  } catch {
    throw badResponse(traceId, 'document status is not JSON');
  }
  const status = record['status'];
  if (typeof status !== 'string' || !DOCUMENT_STATES.has(status)) throw badResponse(traceId, 'unknown document status');
  const answer: DocumentStatusAnswer = {
    documentId: typeof record['document_id'] === 'string' ? record['document_id'] : '',
    status: status as DocumentStatusAnswer['status'],
  };
  if (typeof record['seconds_remaining'] === 'number') answer.secondsRemaining = record['seconds_remaining'];
  if (typeof record['billed_characters'] === 'number') answer.billedCharacters = record['billed_characters'];
  const errorMessage = record['error_message'] ?? record['message'];
  // The service's words are shown, saved with the job and sent to the window: redacted here, where they arrive.
  if (typeof errorMessage === 'string' && errorMessage.length > 0) answer.errorMessage = redactOutsideText(errorMessage);
  return answer;
}
