import { create } from 'zustand';
import type { DocumentJobPhase, DocumentJobView, DocumentUpload, TranslationFailure, TranslationUsage } from '../../../shared/contract/translation-types';
import { api } from '../api/api';
import { messageOf } from './message-of';

/** While a job runs, the list is read this often: the progress bar moves, the service is not flooded. */
const POLL_MS = 1_000;
const RUNNING: readonly DocumentJobPhase[] = ['uploading', 'queued', 'translating', 'downloading'];
export const isRunning = (job: DocumentJobView): boolean => RUNNING.includes(job.phase);

interface TranslationDocumentsState {
  jobs: DocumentJobView[];
  usage: TranslationUsage | undefined;
  /** The file being sent now (before the service has it, there is no job yet). */
  uploading: string | undefined;
  /** The job sent last: the progress bar follows it. */
  current: string | undefined;
  failure: TranslationFailure | undefined;
  error: string | undefined;
  load(): Promise<void>;
  upload(file: File, options: Omit<DocumentUpload, 'fileName' | 'contentBase64'>): Promise<void>;
  download(job: DocumentJobView): Promise<void>;
  resume(id: string): Promise<void>;
  forget(id: string): Promise<void>;
  /** The page went away: no more polling. */
  stop(): void;
}

let pollTimer: ReturnType<typeof setTimeout> | undefined;

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with millions of arguments overflows the stack.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

/** A Blob download: the browser saves it in its downloads; Electron asks where (its default for downloads). */
function saveFile(fileName: string, base64: string, mimeType: string): void {
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useTranslationDocuments = create<TranslationDocumentsState>()((set, get) => {
  const schedule = (): void => {
    clearTimeout(pollTimer);
    pollTimer = get().jobs.some(isRunning) ? setTimeout(() => void get().load(), POLL_MS) : undefined;
  };
  return {
    jobs: [],
    usage: undefined,
    uploading: undefined,
    current: undefined,
    failure: undefined,
    error: undefined,
    async load() {
      try {
        const [jobs, usage] = await Promise.all([api.listTranslationDocuments(), api.translationUsage()]);
        set({ jobs, usage, error: undefined });
      } catch (error) {
        set({ error: messageOf(error) });
      }
      schedule();
    },
    async upload(file, options) {
      set({ uploading: file.name, failure: undefined, error: undefined });
      try {
        const contentBase64 = base64Of(new Uint8Array(await file.arrayBuffer()));
        const answer = await api.uploadTranslationDocument({ fileName: file.name, contentBase64, ...options });
        if (answer.ok) set({ current: answer.value.id });
        else set({ failure: answer.failure });
      } catch (error) {
        set({ error: messageOf(error) });
      } finally {
        set({ uploading: undefined });
      }
      await get().load();
    },
    async download(job) {
      try {
        const file = await api.downloadTranslationDocument({ id: job.id });
        if (file) saveFile(file.fileName, file.contentBase64, file.mimeType);
        else await get().load();
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    async resume(id) {
      try {
        const answer = await api.resumeTranslationDocument({ id });
        set(answer.ok ? { current: id, failure: undefined } : { failure: answer.failure });
      } catch (error) {
        set({ error: messageOf(error) });
      }
      await get().load();
    },
    async forget(id) {
      try {
        await api.forgetTranslationDocument({ id });
        if (get().current === id) set({ current: undefined });
      } catch (error) {
        set({ error: messageOf(error) });
      }
      await get().load();
    },
    stop() {
      clearTimeout(pollTimer);
      pollTimer = undefined;
    },
  };
});
