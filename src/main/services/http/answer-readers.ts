import { readAdminBody, type AdminShape } from '../admin/admin-reading';
import { readCampusBody } from '../campus/campus-reader';
import type { CampusMethod } from '../campus/campus-reading';
import { readDocumentStatusBody, readTranslateBody, type TranslateReadParams } from '../translation/answer-reading';
import { weighJson } from './json-weight';

/**
 * Every reader an answer can be read with, by name. A thread runs only code bundled into its entry, and functions do
 * not cross threads, so the reading thread (answer-read-worker) finds its reader here by the name it is given. Each
 * reader is pure and gives plain, already redacted data; the answer's body comes decoded, its keys remembered.
 */
export const ANSWER_READERS = {
  campus: (text: string, params: { method: CampusMethod }, secrets: string[]) => readCampusBody({ method: params.method, body: text, secrets }),
  admin: (text: string, params: AdminShape) => readAdminBody(text, params),
  translate: (text: string, params: TranslateReadParams) => readTranslateBody(text, params),
  'document-status': (text: string, _params: Record<string, never>) => readDocumentStatusBody(text),
  'json-weight': (text: string, params: { maxValues: number }) => weighJson(text, params),
} as const;

export type ReaderName = keyof typeof ANSWER_READERS;
export type ReaderParams<N extends ReaderName> = Parameters<(typeof ANSWER_READERS)[N]>[1];
export type ReaderOutput<N extends ReaderName> = ReturnType<(typeof ANSWER_READERS)[N]>;
