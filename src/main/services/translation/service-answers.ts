import { readAnswer } from '../http/read-off-thread';
import { ServiceError } from '../http/service-error';
import type { DocumentStatusAnswer, ServiceTranslation, TranslateReadParams } from './answer-reading';
import { TRANSLATION_SERVICE } from './deepl-connection';

export type { DocumentStatusAnswer, ServiceTranslation } from './answer-reading';

/** The trace id is added by the connection, which saw the answer (deepl-connection). */
const badResponse = (cause: string): ServiceError => new ServiceError({ kind: 'bad-response', service: TRANSLATION_SERVICE, retryable: false, attempts: 1, cause });

/**
 * A translate answer checked at the boundary (one translation per text sent, each with its text) and, for texts sent
 * as protected XML, turned back into plain text: off this thread when large (http/read-off-thread). Run it inside the
 * connection's call with the attempt's signal, so the attempt's time limit also bounds the read.
 */
export async function readTranslateAnswer(content: Uint8Array | string, params: TranslateReadParams, signal: AbortSignal): Promise<ServiceTranslation[]> {
  const reading = await readAnswer({ reader: 'translate', params, body: content, handOver: true, tooHeavy: (detail) => ({ kind: 'unreadable', detail }) }, signal);
  if (reading.kind === 'unreadable') throw badResponse(reading.detail);
  return reading.translations;
}

export async function readDocumentStatus(content: Uint8Array | string, signal: AbortSignal): Promise<DocumentStatusAnswer> {
  const reading = await readAnswer({ reader: 'document-status', params: {}, body: content, handOver: true, tooHeavy: (detail) => ({ kind: 'unreadable', detail }) }, signal);
  if (reading.kind === 'unreadable') throw badResponse(reading.detail);
  return reading.status;
}
