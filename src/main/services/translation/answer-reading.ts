import { parseBoundedJson } from '../http/bounded-json';
import { redactOutsideText } from '../http/redact-secrets';
import { unprotectText } from './protected-terms';

/**
 * The translation service's answers that Ticketera reads itself (translate, document status), as pure functions giving
 * plain data: answers over a few KiB are read on a thread of their own (http/read-off-thread), as a 4 MiB one holds a
 * thread for up to a second, and turning a 4 MiB translated text back into plain text takes tens of ms more.
 * No deepl-node here: a reading thread loads only what it runs.
 */

/** One entry of the service's translate answer, as the spec names its fields (the text already plain when asked). */
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

/** How many translations the request asked for, and whether its texts went as protected XML (then made plain here). */
export interface TranslateReadParams {
  expected: number;
  asXml: boolean;
}

export type Unreadable = { kind: 'unreadable'; detail: string };
export type TranslateReading = { kind: 'read'; translations: ServiceTranslation[] } | Unreadable;
export type DocumentStatusReading = { kind: 'read'; status: DocumentStatusAnswer } | Unreadable;

/** Checked at the boundary: one translation per text sent, each with its text. */
export function readTranslateBody(content: string, params: TranslateReadParams): TranslateReading {
  const parsed = parseBoundedJson(content);
  if (parsed.kind === 'unreadable') return { kind: 'unreadable', detail: `translate answer ${parsed.detail}` };
  const translations = (parsed.value as { translations?: unknown } | null)?.translations;
  if (!Array.isArray(translations) || translations.length !== params.expected) return { kind: 'unreadable', detail: `expected ${params.expected} translations` };
  const read: ServiceTranslation[] = [];
  for (const entry of translations as unknown[]) {
    const record = (entry ?? {}) as Record<string, unknown>;
    if (typeof record['text'] !== 'string') return { kind: 'unreadable', detail: 'a translation without text' };
    const result: ServiceTranslation = {
      text: params.asXml ? unprotectText(record['text']) : record['text'],
      detected_source_language: typeof record['detected_source_language'] === 'string' ? record['detected_source_language'] : '',
    };
    if (typeof record['billed_characters'] === 'number') result.billed_characters = record['billed_characters'];
    if (typeof record['model_type_used'] === 'string') result.model_type_used = record['model_type_used'];
    if (typeof record['tag_handling_version'] === 'string') result.tag_handling_version = record['tag_handling_version'];
    read.push(result);
  }
  return { kind: 'read', translations: read };
}

const DOCUMENT_STATES = new Set(['queued', 'translating', 'done', 'error']);

export function readDocumentStatusBody(content: string): DocumentStatusReading {
  const parsed = parseBoundedJson(content);
  if (parsed.kind === 'unreadable') return { kind: 'unreadable', detail: `document status ${parsed.detail}` };
  const record = (typeof parsed.value === 'object' && parsed.value !== null ? parsed.value : {}) as Record<string, unknown>;
  const status = record['status'];
  if (typeof status !== 'string' || !DOCUMENT_STATES.has(status)) return { kind: 'unreadable', detail: 'unknown document status' };
  const answer: DocumentStatusAnswer = {
    documentId: typeof record['document_id'] === 'string' ? record['document_id'] : '',
    status: status as DocumentStatusAnswer['status'],
  };
  if (typeof record['seconds_remaining'] === 'number') answer.secondsRemaining = record['seconds_remaining'];
  if (typeof record['billed_characters'] === 'number') answer.billedCharacters = record['billed_characters'];
  const errorMessage = record['error_message'] ?? record['message'];
  // The service's words are shown, saved with the job and sent to the window: redacted here, where they arrive.
  if (typeof errorMessage === 'string' && errorMessage.length > 0) answer.errorMessage = redactOutsideText(errorMessage);
  return { kind: 'read', status: answer };
}
