import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { baseOf, fakeTranslate } from './fake-translation';
import { SOURCE_LANGUAGES, TARGET_LANGUAGES, findLanguage } from './languages';
import { errorReply, type Reply } from './reply';
import type { ReadBody } from './request-body';

/**
 * How long a document takes. Each state also lasts a minimum number of status checks (the first check always says
 * `queued`, then at least two say `translating`), so tests see every state however slow the machine is.
 */
export interface DocumentTiming {
  /** Time in `queued` after the upload. */
  queuedMs: number;
  /** Then time in `translating` (with `seconds_remaining` counting down) before `done`. */
  translatingMs: number;
}

const MIN_TRANSLATING_CHECKS = 2;

interface EmulatedDocument {
  id: string;
  key: string;
  uploadedAt: number;
  result: Buffer;
  outputExtension: string;
  billedCharacters: number;
  /** Status checks answered so far, and how many of them said `translating`. */
  checks: number;
  translatingChecks: number;
  /** A status check has said `done` (or `error`): only then is the result there to download. */
  finished: boolean;
  /** Set for a document the service cannot translate: which field carries the reason, and the reason. */
  failure?: { field: 'error_message' | 'message'; text: string };
}

const EXTENSIONS = ['docx', 'pptx', 'xlsx', 'pdf', 'htm', 'html', 'txt', 'xlf', 'xliff', 'srt', 'jpeg', 'jpg', 'png'];
const TEXT_EXTENSIONS = ['txt', 'htm', 'html', 'srt', 'xlf', 'xliff'];
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const CONTENT_TYPES: Record<string, string> = { txt: 'text/plain; charset=utf-8', htm: 'text/html', html: 'text/html', pdf: 'application/pdf', png: 'image/png' };

/** The asynchronous document flow: upload → queued → translating (seconds_remaining) → done → one download. */
export class DocumentsRoute {
  private readonly documents = new Map<string, EmulatedDocument>();

  constructor(
    private readonly timing: () => DocumentTiming,
    private readonly bill: (characters: number) => boolean,
  ) {}

  upload(body: ReadBody): Reply {
    if (body.kind !== 'multipart') return errorReply(400, 'Send the document as multipart/form-data');
    const file = body.files.find((part) => part.field === 'file');
    if (!file) return errorReply(400, "Parameter 'file' is required");
    if (file.content.length > MAX_DOCUMENT_BYTES) return errorReply(413, 'Document too large');
    const fileName = typeof body.fields['filename'] === 'string' ? body.fields['filename'] : file.name;
    const extension = path.extname(fileName).slice(1).toLowerCase();
    if (!EXTENSIONS.includes(extension)) return errorReply(400, 'Invalid file data.');
    const targetLang = body.fields['target_lang'];
    if (typeof targetLang !== 'string' || !findLanguage(TARGET_LANGUAGES, targetLang)) return errorReply(400, "Value for 'target_lang' not supported");
    const sourceLang = body.fields['source_lang'];
    if (sourceLang !== undefined && (typeof sourceLang !== 'string' || !findLanguage(SOURCE_LANGUAGES, sourceLang))) {
      return errorReply(400, "Value for 'source_lang' not supported");
    }
    const outputFormat = typeof body.fields['output_format'] === 'string' ? body.fields['output_format'].toLowerCase() : extension;
    const isText = TEXT_EXTENSIONS.includes(extension);
    const document: EmulatedDocument = {
      id: randomBytes(16).toString('hex').toUpperCase(),
      key: randomBytes(32).toString('hex').toUpperCase(),
      uploadedAt: Date.now(),
      result: isText ? translateLines(file.content.toString('utf8'), targetLang) : file.content,
      outputExtension: outputFormat,
      billedCharacters: isText ? [...file.content.toString('utf8')].length : file.content.length,
      checks: 0,
      translatingChecks: 0,
      finished: false,
    };
    // Both ways the spec says a failure reason can arrive: the sample's `message` and the field `error_message`.
    if (typeof sourceLang === 'string' && baseOf(sourceLang) === baseOf(targetLang)) document.failure = { field: 'message', text: 'Source and target language are equal.' };
    else if (fileName.includes('broken')) document.failure = { field: 'error_message', text: 'The document could not be read.' };
    this.documents.set(document.id, document);
    return { status: 200, json: { document_id: document.id, document_key: document.key } };
  }

  status(documentId: string, body: ReadBody): Reply {
    const document = this.find(documentId, body);
    if (!document) return errorReply(404, 'Document not found');
    const { queuedMs, translatingMs } = this.timing();
    const elapsed = Date.now() - document.uploadedAt;
    document.checks++;
    if (!document.finished && (document.checks === 1 || elapsed < queuedMs)) return { status: 200, json: { document_id: document.id, status: 'queued' } };
    if (!document.finished && (document.translatingChecks < MIN_TRANSLATING_CHECKS || elapsed < queuedMs + translatingMs)) {
      document.translatingChecks++;
      const secondsRemaining = Math.max(1, Math.ceil((queuedMs + translatingMs - elapsed) / 1000));
      return { status: 200, json: { document_id: document.id, status: 'translating', seconds_remaining: secondsRemaining } };
    }
    document.finished = true;
    if (document.failure) return { status: 200, json: { document_id: document.id, status: 'error', [document.failure.field]: document.failure.text } };
    return { status: 200, json: { document_id: document.id, status: 'done', billed_characters: document.billedCharacters } };
  }

  download(documentId: string, body: ReadBody): Reply {
    const document = this.find(documentId, body);
    // Downloaded once, the document is deleted and its id invalid (the OpenAPI's 404 description).
    if (!document) return errorReply(404, 'Document not found');
    if (document.failure || !document.finished) return errorReply(503, 'Document not ready');
    if (!this.bill(document.billedCharacters)) return errorReply(456, 'Quota exceeded');
    this.documents.delete(document.id);
    return { status: 200, body: document.result, contentType: CONTENT_TYPES[document.outputExtension] ?? 'application/octet-stream' };
  }

  private find(documentId: string, body: ReadBody): EmulatedDocument | undefined {
    const document = this.documents.get(documentId);
    // A wrong key looks the same as an unknown id: the OpenAPI answers 404 for both.
    return document && body.fields['document_key'] === document.key ? document : undefined;
  }
}

function translateLines(text: string, targetLang: string): Buffer {
  const lines = text.split('\n').map((line) => (line.trim() === '' ? line : fakeTranslate(line, targetLang, { markup: false, ignoreTags: [] })));
  return Buffer.from(lines.join('\n'), 'utf8');
}
