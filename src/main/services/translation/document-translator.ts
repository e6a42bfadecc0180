import fs from 'node:fs/promises';
import path from 'node:path';
import type { TargetLanguageCode, SourceLanguageCode } from 'deepl-node';
import { cancellableDelay } from '../http/cancellable-delay';
import { ServiceError } from '../http/service-error';
import { TRANSLATION_SERVICE, type TranslationConnection } from './deepl-connection';
import type { DocumentJob, DocumentJobStore } from './document-job-store';
import type { LanguageCatalog } from './language-catalog';
import { checkLanguages, checkOptionRules } from './request-rules';
import { readDocumentStatus, type DocumentStatusAnswer } from './service-answers';
import type { Formality } from './translate-options';
import { TranslationRuleError } from './translation-rule-error';

/** The spec's list of document types. */
export const DOCUMENT_EXTENSIONS = ['docx', 'pptx', 'xlsx', 'pdf', 'htm', 'html', 'txt', 'xlf', 'xliff', 'srt', 'jpeg', 'jpg', 'png'];

export interface DocumentRequest {
  filePath: string;
  targetLang: string;
  sourceLang?: string;
  formality?: Formality;
  glossaryId?: string;
  /** Extension of the wanted output (`docx`); default: the input's format. */
  outputFormat?: string;
  /** Where to save the translation; default: beside the input, `menu.DE.docx`. */
  outputPath?: string;
}

export type DocumentPhase = 'uploading' | 'queued' | 'translating' | 'downloading' | 'downloaded';

export interface DocumentProgress {
  jobId?: string;
  phase: DocumentPhase;
  /** The service's estimate while translating. */
  secondsRemaining?: number;
  billedCharacters?: number;
}

export interface FollowOptions {
  signal?: AbortSignal | undefined;
  onProgress?: (progress: DocumentProgress) => void;
}

/** The service reported `error` for the document: its own words, if it gave any. */
export class DocumentFailedError extends Error {
  constructor(
    readonly jobId: string,
    readonly serviceMessage: string | undefined,
  ) {
    super(`document translation failed${serviceMessage ? `: ${serviceMessage}` : ''}`);
    this.name = 'DocumentFailedError';
  }
}

/** `resume` found nothing to continue. */
export class NoDocumentToResumeError extends Error {
  constructor() {
    super('no unfinished document job to resume');
    this.name = 'NoDocumentToResumeError';
  }
}

export interface DocumentTranslatorParts {
  connection: () => TranslationConnection;
  store: DocumentJobStore;
  languages: LanguageCatalog;
  /** How long to wait before the next status check. */
  pollDelayMs?: (status: DocumentStatusAnswer) => number;
}

/** Often enough for a lively progress bar, rarely enough not to flood the service: half the estimate, 1–5 s. */
export const defaultPollDelayMs = (status: DocumentStatusAnswer): number =>
  status.status === 'translating' ? Math.min(5_000, Math.max(1_000, (status.secondsRemaining ?? 2) * 500)) : 1_000;

/**
 * Document translation: upload (the job and its sealed key saved at once), status checks until done, one download
 * written to the chosen path. A run that stops at any point leaves the job in the store for `resume`.
 */
export class DocumentTranslator {
  constructor(private readonly parts: DocumentTranslatorParts) {}

  async translate(request: DocumentRequest, follow: FollowOptions = {}): Promise<DocumentJob> {
    const fileName = path.basename(request.filePath);
    const extension = path.extname(fileName).slice(1).toLowerCase();
    if (!DOCUMENT_EXTENSIONS.includes(extension)) throw new TranslationRuleError({ rule: 'unsupported-document', fileName, allowed: DOCUMENT_EXTENSIONS });
    const targetLang = request.targetLang.toUpperCase();
    const sourceLang = request.sourceLang?.toUpperCase();
    checkOptionRules({ targetLang, ...(sourceLang ? { sourceLang } : {}), ...(request.glossaryId ? { glossaryId: request.glossaryId } : {}) });
    const content = await fs.readFile(request.filePath);
    checkLanguages({ targetLang, sourceLang, formality: request.formality }, await this.parts.languages.lists({ signal: follow.signal }));
    follow.onProgress?.({ phase: 'uploading' });
    const { value: handle } = await this.parts.connection().run('documentTransfer', follow.signal, (client) =>
      client.uploadDocument(content, (sourceLang ?? null) as SourceLanguageCode | null, targetLang as TargetLanguageCode, {
        filename: fileName,
        ...(request.formality ? { formality: request.formality } : {}),
        ...(request.glossaryId ? { glossary: request.glossaryId } : {}),
        // deepl-node has no option for output_format: sent as an extra form field, as the library allows.
        ...(request.outputFormat ? { extraRequestParameters: { output_format: request.outputFormat } } : {}),
      }),
    );
    const job = this.parts.store.add(
      {
        documentId: handle.documentId,
        fileName,
        sourcePath: path.resolve(request.filePath),
        outputPath: path.resolve(request.outputPath ?? defaultOutputPath(request.filePath, targetLang, request.outputFormat)),
        targetLang,
        ...(sourceLang ? { sourceLang } : {}),
        ...(request.formality ? { formality: request.formality } : {}),
        ...(request.glossaryId ? { glossaryId: request.glossaryId } : {}),
        ...(request.outputFormat ? { outputFormat: request.outputFormat } : {}),
        state: 'uploaded',
      },
      handle.documentKey,
    );
    return this.follow(job, follow);
  }

  /** Continues a job an earlier run left: the given one, else the most recent unfinished (of that file, if given). */
  async resume(which: { jobId?: string; sourcePath?: string }, follow: FollowOptions = {}): Promise<DocumentJob> {
    const job = which.jobId ? this.parts.store.get(which.jobId) : this.parts.store.lastUnfinished(which.sourcePath);
    if (!job || job.state === 'downloaded' || job.state === 'error') throw new NoDocumentToResumeError();
    return this.follow(job, follow);
  }

  jobs(): DocumentJob[] {
    return this.parts.store.list();
  }

  /** Drops a job from the list of past jobs (its files are the caller's). */
  forget(jobId: string): boolean {
    return this.parts.store.remove(jobId);
  }

  private async follow(job: DocumentJob, follow: FollowOptions): Promise<DocumentJob> {
    const documentKey = this.parts.store.documentKey(job.id);
    if (!documentKey) throw new NoDocumentToResumeError();
    const handle = { documentId: job.documentId, documentKey };
    const connection = this.parts.connection();
    const report = (progress: Omit<DocumentProgress, 'jobId'>): void => follow.onProgress?.({ jobId: job.id, ...progress });
    let current = job;
    try {
      for (;;) {
        const { value, traceId } = await connection.run('documentStatus', follow.signal, (client) => client.documentStatusJson(handle));
        const status = readDocumentStatus(value, traceId);
        if (status.status === 'error') {
          current = this.parts.store.update(job.id, { state: 'error', ...(status.errorMessage ? { errorMessage: status.errorMessage } : {}) });
          throw new DocumentFailedError(job.id, status.errorMessage);
        }
        current = this.parts.store.update(job.id, {
          state: status.status,
          // Only meaningful while translating: cleared otherwise, so the list never shows a stale estimate.
          secondsRemaining: status.secondsRemaining,
          ...(status.billedCharacters !== undefined ? { billedCharacters: status.billedCharacters } : {}),
        });
        if (status.status === 'done') break;
        report({ phase: status.status, ...(status.secondsRemaining !== undefined ? { secondsRemaining: status.secondsRemaining } : {}) });
        await cancellableDelay((this.parts.pollDelayMs ?? defaultPollDelayMs)(status), follow.signal, TRANSLATION_SERVICE);
      }
      report({ phase: 'downloading', ...(current.billedCharacters !== undefined ? { billedCharacters: current.billedCharacters } : {}) });
      await this.download(connection, handle, current.outputPath, follow.signal);
    } catch (error) {
      // The service no longer knows the document (downloaded elsewhere, expired): nothing left to resume.
      if (error instanceof ServiceError && error.kind === 'not-found') this.parts.store.update(job.id, { state: 'error', errorKind: 'not-found' });
      throw error;
    }
    current = this.parts.store.update(job.id, { state: 'downloaded' });
    report({ phase: 'downloaded', ...(current.billedCharacters !== undefined ? { billedCharacters: current.billedCharacters } : {}) });
    return current;
  }

  /** The service hands the result out once: into a side file first, renamed when complete, so no half file remains. */
  private async download(connection: TranslationConnection, handle: { documentId: string; documentKey: string }, outputPath: string, signal: AbortSignal | undefined): Promise<void> {
    const partial = `${outputPath}.part`;
    await fs.mkdir(path.dirname(outputPath), { recursive: true });
    await connection.run('documentTransfer', signal, async (client) => {
      await fs.rm(partial, { force: true });
      await client.downloadDocument(handle, partial);
    });
    await fs.rename(partial, outputPath);
  }
}

export function defaultOutputPath(filePath: string, targetLang: string, outputFormat: string | undefined): string {
  const extension = outputFormat ? `.${outputFormat.replace(/^\./, '')}` : path.extname(filePath);
  const stem = path.basename(filePath, path.extname(filePath));
  return path.join(path.dirname(filePath), `${stem}.${targetLang}${extension}`);
}
