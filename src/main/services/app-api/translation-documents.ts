import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DOCUMENT_EXTENSIONS,
  MAX_DOCUMENT_BYTES,
  isDocumentFile,
  type DocumentJobPhase,
  type DocumentJobView,
  type DocumentUpload,
  type DownloadedDocument,
  type TranslationAnswer,
  type TranslationFailure,
} from '../../../shared/contract/translation-types';
import { DOWNLOAD_LIMITS } from '../http/answer-limits';
import type { DocumentJob } from '../translation/document-job-store';
import { isFinalFailure, type DocumentProgress, type DocumentTranslator, type FollowOptions } from '../translation/document-translator';
import { translationFailureOf } from './translation-failure';

/** Where a job is now, while this run follows it. */
type LivePhase = Pick<DocumentProgress, 'phase' | 'secondsRemaining' | 'billedCharacters'>;

const UNFINISHED = new Set<DocumentJob['state']>(['uploaded', 'queued', 'translating', 'done']);
const LIVE_PHASE: Record<DocumentProgress['phase'], DocumentJobPhase> = {
  uploading: 'uploading',
  queued: 'queued',
  translating: 'translating',
  downloading: 'downloading',
  downloaded: 'ready',
};
const MIME_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  htm: 'text/html',
  html: 'text/html',
  txt: 'text/plain',
  xlf: 'application/xliff+xml',
  xliff: 'application/xliff+xml',
  srt: 'application/x-subrip',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/**
 * The window's document translations: the uploaded bytes written to a folder of their own under the data dir, the
 * translator followed in the background (the window polls), the translated file kept there until it is downloaded
 * and the job forgotten. Jobs an earlier run left unfinished go on as soon as this opens (their keys are sealed).
 */
export class DocumentRuns {
  private readonly live = new Map<string, LivePhase>();
  /** Why a job followed by this run stopped (the store keeps only the service's own document errors). */
  private readonly failures = new Map<string, TranslationFailure>();
  private readonly stop = new AbortController();

  constructor(
    private readonly documents: DocumentTranslator,
    /** `<data dir>/translated-documents`: one folder per job. */
    private readonly dir: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** Answers once the service has the document (the job then shows in the list); it goes on in the background. */
  async upload(upload: DocumentUpload): Promise<TranslationAnswer<DocumentJobView>> {
    const fileName = safeFileName(upload.fileName);
    const refused = (problem: 'too-large' | 'type'): TranslationAnswer<DocumentJobView> => ({
      ok: false,
      failure: { reason: 'file', problem, maxBytes: MAX_DOCUMENT_BYTES, allowed: DOCUMENT_EXTENSIONS },
    });
    if (!isDocumentFile(fileName)) return refused('type');
    const content = Buffer.from(upload.contentBase64, 'base64');
    if (content.length > MAX_DOCUMENT_BYTES) return refused('too-large');
    const folder = path.join(this.dir, randomUUID());
    const filePath = path.join(folder, fileName);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(filePath, content, { mode: 0o600 });
    try {
      const id = await this.follow((follow) =>
        this.documents.translate(
          {
            filePath,
            targetLang: upload.targetLang,
            ...(upload.sourceLang ? { sourceLang: upload.sourceLang } : {}),
            ...(upload.formality ? { formality: upload.formality } : {}),
            ...(upload.glossaryId ? { glossaryId: upload.glossaryId } : {}),
            ...(upload.outputFormat ? { outputFormat: upload.outputFormat } : {}),
          },
          follow,
        ),
      );
      return { ok: true, value: this.viewOf(id) ?? this.missing(id) };
    } catch (error) {
      fs.rmSync(folder, { recursive: true, force: true });
      const failure = translationFailureOf(error);
      if (!failure) throw error;
      return { ok: false, failure };
    } finally {
      // The service has it now (or never will): the original is not kept.
      fs.rmSync(filePath, { force: true });
    }
  }

  async resume(id: string): Promise<TranslationAnswer<DocumentJobView>> {
    const job = this.documents.jobs().find((candidate) => candidate.id === id);
    // Started against another server (the settings changed since): its document key is that server's.
    if (job && !this.documents.startedHere(job)) return { ok: false, failure: { reason: 'not-resumable' } };
    if (!this.live.has(id)) {
      this.failures.delete(id);
      void this.follow((follow) => this.documents.resume({ jobId: id }, follow), id).catch(() => undefined);
    }
    const view = this.viewOf(id);
    return view ? { ok: true, value: view } : { ok: false, failure: { reason: 'not-resumable' } };
  }

  /** Every job an earlier run left unfinished goes on (not uploaded, nor paid for, again). */
  resumeUnfinished(): void {
    for (const job of this.documents.jobs()) {
      if (UNFINISHED.has(job.state) && job.resumable && this.documents.startedHere(job) && !this.live.has(job.id)) void this.resume(job.id);
    }
  }

  list(): DocumentJobView[] {
    return this.documents.jobs().map((job) => this.view(job));
  }

  viewOf(id: string): DocumentJobView | undefined {
    const job = this.documents.jobs().find((candidate) => candidate.id === id);
    return job ? this.view(job) : undefined;
  }

  /** The saved translation, read whole only within the download limit (the translator never saves more). */
  download(id: string): DownloadedDocument | null {
    const job = this.documents.jobs().find((candidate) => candidate.id === id);
    if (!job || job.state !== 'downloaded' || !this.owns(job.outputPath) || !fs.existsSync(job.outputPath)) return null;
    if (fs.statSync(job.outputPath).size > DOWNLOAD_LIMITS.ceilingBytes) return null;
    const fileName = path.basename(job.outputPath);
    const extension = path.extname(fileName).slice(1).toLowerCase();
    return { fileName, contentBase64: fs.readFileSync(job.outputPath).toString('base64'), mimeType: MIME_TYPES[extension] ?? 'application/octet-stream' };
  }

  /** A running job is not forgotten (it would come back when it reports); the rest go with their files. */
  forget(id: string): boolean {
    if (this.live.has(id)) return false;
    const job = this.documents.jobs().find((candidate) => candidate.id === id);
    if (!job) return false;
    if (this.owns(job.outputPath)) fs.rmSync(path.dirname(job.outputPath), { recursive: true, force: true });
    this.failures.delete(id);
    return this.documents.forget(id);
  }

  /** Stops following (the jobs stay resumable for the next run). */
  close(): void {
    this.stop.abort();
  }

  /**
   * Starts a translator run and resolves with the job's id as soon as it has one (after the upload), or rejects when
   * the run fails before that. A failure after that is kept for the job's view.
   */
  private follow(start: (follow: FollowOptions) => Promise<DocumentJob>, knownId?: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let jobId = knownId;
      if (jobId) {
        this.live.set(jobId, { phase: 'queued' });
        resolve(jobId);
      }
      start({
        signal: this.stop.signal,
        onProgress: (progress) => {
          if (!progress.jobId) return;
          if (!jobId) {
            jobId = progress.jobId;
            resolve(jobId);
          }
          this.live.set(jobId, progress);
        },
      })
        .catch((error: unknown) => {
          if (!jobId) return reject(error);
          const failure = translationFailureOf(error) ?? { reason: 'local', detail: error instanceof Error ? error.message : String(error) };
          this.failures.set(jobId, failure);
          this.log(`Document translation ${jobId} stopped: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => {
          if (jobId) this.live.delete(jobId);
        });
    });
  }

  private view(job: DocumentJob): DocumentJobView {
    const live = this.live.get(job.id);
    const phase: DocumentJobPhase = live ? LIVE_PHASE[live.phase] : job.state === 'downloaded' ? 'ready' : job.state === 'error' ? 'failed' : 'stopped';
    const failure = this.failures.get(job.id) ?? storedFailure(job);
    const billedCharacters = live?.billedCharacters ?? job.billedCharacters;
    const secondsRemaining = live ? live.secondsRemaining : undefined;
    return {
      id: job.id,
      fileName: job.fileName,
      outputName: path.basename(job.outputPath),
      targetLang: job.targetLang,
      ...(job.sourceLang ? { sourceLang: job.sourceLang } : {}),
      ...(job.formality ? { formality: job.formality } : {}),
      ...(job.glossaryId ? { glossaryId: job.glossaryId } : {}),
      ...(job.outputFormat ? { outputFormat: job.outputFormat } : {}),
      phase,
      ...(secondsRemaining !== undefined ? { secondsRemaining } : {}),
      ...(billedCharacters !== undefined ? { billedCharacters } : {}),
      downloadable: phase === 'ready' && this.owns(job.outputPath) && fs.existsSync(job.outputPath),
      resumable: phase === 'stopped' && job.resumable && this.documents.startedHere(job),
      ...(failure && !live ? { failure } : {}),
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
    };
  }

  private missing(id: string): DocumentJobView {
    const now = new Date().toISOString();
    return { id, fileName: '', outputName: '', targetLang: '', phase: 'failed', downloadable: false, resumable: false, createdAt: now, updatedAt: now };
  }

  /** Only files under this folder are read or removed: a hand-edited job list cannot point elsewhere. */
  private owns(file: string): boolean {
    const relative = path.relative(this.dir, file);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  }
}

function storedFailure(job: DocumentJob): TranslationFailure | undefined {
  if (job.state !== 'error') return undefined;
  if (isFinalFailure(job.errorKind)) return { reason: 'service', failure: { kind: job.errorKind } };
  return { reason: 'document', ...(job.errorMessage ? { serviceMessage: job.errorMessage } : {}) };
}

/** The name as the person's system gave it, without any folder and without characters Windows refuses in names. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[<>:"|?*\p{Cc}]/gu, '_').replace(/^\.+/, '').trim();
  return cleaned === '' ? 'document' : cleaned.slice(-200);
}
