import fs from 'node:fs/promises';
import path from 'node:path';
import type { TargetLanguageCode, SourceLanguageCode } from 'deepl-node';
import { downloadLimit } from '../http/answer-limits';
import { cancellableDelay } from '../http/cancellable-delay';
import { ServiceError, type ServiceErrorKind } from '../http/service-error';
import { TRANSLATION_SERVICE, type TranslationConnection } from './deepl-connection';
import type { DocumentJob, DocumentJobStore } from './document-job-store';
import { checkOutput, ensureRoom, placeFile } from './output-file';
import { ResumeMismatchError, checkResume, startedAgainst } from './resume-check';
import type { LanguageCatalog } from './language-catalog';
import { checkLanguages, checkOptionRules } from './request-rules';
import { readDocumentStatus, type DocumentStatusAnswer } from './service-answers';
import type { Formality } from './translate-options';
import { TranslationRuleError } from './translation-rule-error';
import { readDocumentInput } from './document-input';
import { DOCUMENT_EXTENSIONS } from '../../../shared/contract/translation-types';


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
  /** Replace a file already there (the CLI's `--force`); otherwise it is refused before anything is uploaded. */
  overwrite?: boolean;
}

/** Which job to continue: the given one, else the most recent unfinished (of that source file, if given). */
export interface ResumeRequest {
  jobId?: string;
  sourcePath?: string;
  /** Where the person expects it saved: refused unless it is the job's own output path. */
  outputPath?: string;
  overwrite?: boolean;
}

/**
 * Failures after which the job is over: the service no longer has the document, or its download was something else
 * (far larger than the document can be: fetching it again would only bring the same). Any other failure leaves the job
 * to continue with resume, its kind kept with it.
 */
const FINAL_FAILURES: ReadonlySet<string> = new Set<ServiceErrorKind>(['not-found', 'answer-too-large']);

export function isFinalFailure(kind: string | undefined): kind is ServiceErrorKind {
  return kind !== undefined && FINAL_FAILURES.has(kind);
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
  /** Told the job being followed before anything is asked about it: whoever stops on a failure knows which job. */
  onJob?: (jobId: string) => void;
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
  /** The service configured now (see TranslationService): a job started against another is not continued here. */
  server: string;
  /** How long to wait before the next status check. */
  pollDelayMs?: (status: DocumentStatusAnswer) => number;
}

/** Often enough for a lively progress bar, rarely enough not to flood the service: half the estimate, 1–5 s. */
export const defaultPollDelayMs = (status: DocumentStatusAnswer): number =>
  status.status === 'translating' ? Math.min(5_000, Math.max(1_000, (status.secondsRemaining ?? 2) * 500)) : 1_000;

/**
 * Document translation: the output checked, upload (the job and its sealed key saved at once), status checks until
 * done, one bounded download written beside the chosen path and put in place when complete. A run that stops at any
 * point leaves the job in the store for `resume`, with why it stopped.
 */
export class DocumentTranslator {
  constructor(private readonly parts: DocumentTranslatorParts) {}

  async translate(request: DocumentRequest, follow: FollowOptions = {}): Promise<DocumentJob> {
    const fileName = path.basename(request.filePath);
    const extension = path.extname(fileName).slice(1).toLowerCase();
    if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) throw new TranslationRuleError({ rule: 'unsupported-document', fileName, allowed: [...DOCUMENT_EXTENSIONS] });
    const targetLang = request.targetLang.toUpperCase();
    const sourceLang = request.sourceLang?.toUpperCase();
    checkOptionRules({ targetLang, ...(sourceLang ? { sourceLang } : {}), ...(request.glossaryId ? { glossaryId: request.glossaryId } : {}) });
    const content = await readDocumentInput(request.filePath, fileName);
    const outputPath = path.resolve(request.outputPath ?? defaultOutputPath(request.filePath, targetLang, request.outputFormat));
    const overwrite = request.overwrite ?? false;
    // Before uploading: a folder, the input or another existing file found only at download time is paid for already.
    await checkOutput(outputPath, { inputPath: request.filePath, overwrite, beforeUpload: true });
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
        outputPath,
        targetLang,
        ...(sourceLang ? { sourceLang } : {}),
        ...(request.formality ? { formality: request.formality } : {}),
        ...(request.glossaryId ? { glossaryId: request.glossaryId } : {}),
        ...(request.outputFormat ? { outputFormat: request.outputFormat } : {}),
        server: this.parts.server,
        uploadBytes: content.length,
        state: 'uploaded',
      },
      handle.documentKey,
    );
    return this.follow(job, follow, { overwrite });
  }

  /** Continues a job an earlier run left, against the server and into the file it was started with only. */
  async resume(which: ResumeRequest, follow: FollowOptions = {}): Promise<DocumentJob> {
    const job = which.jobId ? this.parts.store.get(which.jobId) : this.parts.store.lastUnfinished(which.sourcePath);
    if (!job || job.state === 'downloaded' || job.state === 'error') throw new NoDocumentToResumeError();
    return this.follow(job, follow, { overwrite: which.overwrite ?? false, outputPath: which.outputPath });
  }

  /** Whether `job` was started against the service configured now (only then can it continue here). */
  startedHere(job: DocumentJob): boolean {
    return startedAgainst(job, this.parts.server);
  }

  jobs(): DocumentJob[] {
    return this.parts.store.list();
  }

  /** Drops a job from the list of past jobs (its files are the caller's). */
  forget(jobId: string): boolean {
    return this.parts.store.remove(jobId);
  }

  private async follow(job: DocumentJob, follow: FollowOptions, asked: { overwrite: boolean; outputPath?: string | undefined }): Promise<DocumentJob> {
    follow.onJob?.(job.id);
    const secret = this.parts.store.secret(job.id);
    if (!secret) throw new NoDocumentToResumeError();
    checkResume(job, secret, { server: this.parts.server, outputPath: asked.outputPath });
    const handle = { documentId: job.documentId, documentKey: secret.documentKey };
    const connection = this.parts.connection();
    const report = (progress: Omit<DocumentProgress, 'jobId'>): void => follow.onProgress?.({ jobId: job.id, ...progress });
    let current = job;
    let downloading = false;
    try {
      for (;;) {
        const { value: status } = await connection.run('documentStatus', follow.signal, async (client, signal) => readDocumentStatus(await client.documentStatusJson(handle), signal));
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
      downloading = true;
      await this.download(connection, handle, current, asked.overwrite, follow.signal);
    } catch (error) {
      this.noteFailure(job.id, error, downloading);
      throw error;
    }
    current = this.parts.store.update(job.id, { state: 'downloaded', errorKind: undefined });
    report({ phase: 'downloaded', ...(current.billedCharacters !== undefined ? { billedCharacters: current.billedCharacters } : {}) });
    return current;
  }

  /**
   * Keeps why the run stopped with the job: over for good (see FINAL_FAILURES; a status answer too large is only a
   * broken answer, like one that cannot be read), or stopped for now with its kind (`local` for a failure on this
   * computer) so the list shows it. A cancel or a refused resume leaves the job as it was.
   */
  private noteFailure(jobId: string, error: unknown, downloading: boolean): void {
    if (error instanceof DocumentFailedError) return;
    if (error instanceof ServiceError) {
      if (error.kind === 'cancelled') return;
      const final = error.kind === 'not-found' || (downloading && isFinalFailure(error.kind));
      this.parts.store.update(jobId, final ? { state: 'error', errorKind: error.kind } : { errorKind: error.kind });
    } else if (!(error instanceof ResumeMismatchError || error instanceof NoDocumentToResumeError)) {
      this.parts.store.update(jobId, { errorKind: 'local' });
    }
  }

  /**
   * The service hands the result out once: into a side file first, bounded to a multiple of the upload (see
   * answer-limits) and refused when its folder lacks room for that plus a reserve, so neither a half file nor a full
   * disk remains; put in place when complete, never over a file that appeared meanwhile (unless `overwrite`).
   */
  private async download(connection: TranslationConnection, handle: { documentId: string; documentKey: string }, job: DocumentJob, overwrite: boolean, signal: AbortSignal | undefined): Promise<void> {
    const { outputPath } = job;
    const partial = `${outputPath}.part`;
    const limit = downloadLimit(job.uploadBytes);
    await checkOutput(outputPath, { inputPath: job.sourcePath, overwrite, beforeUpload: false });
    await fs.mkdir(path.dirname(outputPath), { recursive: true });
    await ensureRoom(path.dirname(outputPath), limit);
    try {
      await connection.run('documentTransfer', signal, async (client) => {
        await fs.rm(partial, { force: true });
        await client.downloadDocumentTo(handle, partial, limit);
      });
      await placeFile(partial, outputPath, overwrite);
    } finally {
      await fs.rm(partial, { force: true });
    }
  }
}

export function defaultOutputPath(filePath: string, targetLang: string, outputFormat: string | undefined): string {
  const extension = outputFormat ? `.${outputFormat.replace(/^\./, '')}` : path.extname(filePath);
  const stem = path.basename(filePath, path.extname(filePath));
  return path.join(path.dirname(filePath), `${stem}.${targetLang}${extension}`);
}
